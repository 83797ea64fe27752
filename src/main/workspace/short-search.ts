/**
 * Queries of one to three characters on a large index (`s`, `sr`, `ts`): nearly every path
 * matches, with scores too close to rank usefully, and aligning them all cost the slowest
 * keystrokes (issues 12 and 27). They are answered from tables computed once per snapshot instead,
 * without a pass over every entry:
 *
 * 1. Entries whose basename starts with the term, scored exactly: the strongest results, in the
 *    order the full search gives them, read from the name-prefix table (prefix-matches.ts).
 * 2. The rest filled from the prior ranking (shallow paths first, then short names, then short
 *    paths), taking entries that hold the term's characters in order, and stopping as soon as the
 *    list is full.
 *
 * The next keystroke refines: from four characters on, it searches every entry that passed this
 * query's masks (a superset of the matches, computed only then) with the full scorer.
 */
import type { IndexSnapshot } from './entry-store';
import { findCode, foldOf } from './case-fold';
import type { EntryTable } from './entry-table';
import { folderTree } from './folder-tree';
import { upperMasks } from './upper-masks';
import { namePrefixOrder } from './name-prefix-table';
import { membersOf, namePrefixTop } from './prefix-matches';
import { maskSurvivors, passesMasks, queryBonus, scoreEntry, uppersFor, type Parsed, type Ranked } from './ranking';

/** Longest term answered here. */
export const SHORT_QUERY_MAX = 3;

const priors = new WeakMap<EntryTable, Int32Array>();

/** Whether `p` is a short query: one plain term of at most {@link SHORT_QUERY_MAX} characters. */
export function isShortQuery(p: Parsed): boolean {
  return p.terms.length === 1 && !p.slashed && (p.terms[0] as string).length <= SHORT_QUERY_MAX;
}

/** Entry indexes of the snapshot, best prior first: fewer folders, then the tie-breaks of `better`. */
export function priorOrder(t: IndexSnapshot): Int32Array {
  let order = priors.get(t);
  if (order) return order;
  const n = t.count;
  // One number per entry (depth, tie-breaks, index), sorted natively: a comparator sort of 100,000
  // entries took about 100 ms on a loaded machine.
  if (n >= 2 ** 22) {
    // Past four million entries the index does not fit beside the key: a comparator sort then.
    order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => depthOf(t, a) - depthOf(t, b) || (t.tie[a] as number) - (t.tie[b] as number) || a - b);
    priors.set(t, order);
    return order;
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (depthOf(t, i) * 2 ** 22 + (t.tie[i] as number)) * 2 ** 22 + i;
  keys.sort();
  order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = (keys[i] as number) % 2 ** 22;
  priors.set(t, order);
  return order;
}

/** Folders above entry `i`, at most 255. */
function depthOf(t: EntryTable, i: number): number {
  const to = t.end(i);
  let depth = 0;
  for (let at = t.text.indexOf('/', t.start[i] as number); at >= 0 && at < to && depth < 255; at = t.text.indexOf('/', at + 1)) depth++;
  return depth;
}

/** Builds what searching `snapshot` needs (the prior ranking, the folder tree, the capitals) ahead of the first query. */
export function prepareSearch(snapshot: IndexSnapshot): void {
  priorOrder(snapshot);
  namePrefixOrder(snapshot);
  folderTree(snapshot);
  upperMasks(snapshot);
}

/** Whether `term` occurs in `hay[from..to)` in order (not necessarily contiguous), folding ASCII letters when `fold`. */
function holdsInOrder(hay: string, from: number, to: number, term: string, fold: boolean): boolean {
  let at = from;
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    at = findCode(hay, code, foldOf(code, fold), at, to) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** What {@link searchShort} found: the ranked top, and every index that passed the masks, for narrowing. */
export interface ShortResult {
  top: Ranked[];
  /**
   * Computed when first read (a pass over the candidates): the next keystroke reads it only when
   * it narrows to a longer query; a short one answers from the tables again.
   */
  readonly survivors: Int32Array;
  /** The survivors are only the entries that pass the masks: the next keystroke's own mask test does as well. */
  readonly masksOnly: true;
}

/**
 * Answers a short query (see the module comment) over `list` (entry indexes, or every entry when
 * null): at most `limit` visible entries, and every index that passed the masks, for narrowing.
 * The entries whose basename starts with the term come from the name-prefix table (a range, not a
 * pass over the entries); with a `list`, those outside it are left out.
 */
export function searchShort(t: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): ShortResult {
  const top = namePrefixTop(t, list, p, limit);
  if (top.length < limit) fillFromPrior(t, list, p, limit, top);
  let survivors: Int32Array | null = null;
  return {
    top,
    get survivors(): Int32Array {
      return (survivors ??= maskSurvivors(t, list, p));
    },
    masksOnly: true,
  };
}

function fillFromPrior(t: EntryTable, list: Int32Array | null, p: Parsed, limit: number, top: Ranked[]): void {
  const term = p.terms[0] as string;
  const hay = t.haystack(p.sensitive);
  const fold = t.folds(p.sensitive);
  const member = membersOf(t, list);
  const taken = new Set(top.map((r) => r.i));
  const uppers = uppersFor(t, p);
  for (const idx of priorOrder(t)) {
    if (top.length >= limit) break;
    if ((member && member[idx] === 0) || !passesMasks(t, idx, p, uppers)) continue;
    if (taken.has(idx) || !holdsInOrder(hay, t.start[idx] as number, t.end(idx), term, fold) || !t.isVisible(idx)) continue;
    top.push({ i: idx, s: scoreEntry(t, idx, p, queryBonus(t, idx, p)) });
  }
}
