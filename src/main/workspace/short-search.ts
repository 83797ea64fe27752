/**
 * Queries of one to three characters on a large index (`s`, `sr`, `ts`): nearly every path
 * matches, with scores too close to rank usefully, and aligning them all cost the slowest
 * keystrokes (issue 12). They are answered from a ranking computed once per snapshot instead:
 *
 * 1. Entries whose basename starts with the term, scored exactly: the strongest results, in the
 *    order the full search gives them.
 * 2. The rest filled from the prior ranking (shallow paths first, then short names, then short
 *    paths), taking entries that hold the term's characters in order, and stopping as soon as the
 *    list is full.
 *
 * The next keystroke refines: it searches every entry that passed this query's masks (a superset
 * of the matches) with the full scorer, from four characters on.
 */
import { columnsOf, type EntryColumns } from './entry-columns';
import type { IndexedEntry, IndexSnapshot } from './entry-store';
import { better, insert, queryBonus, scoreEntry, type Parsed, type Ranked } from './ranking';

/** Longest term answered here. */
export const SHORT_QUERY_MAX = 3;

const priors = new WeakMap<readonly IndexedEntry[], Int32Array>();

/** Whether `p` is a short query: one plain term of at most {@link SHORT_QUERY_MAX} characters. */
export function isShortQuery(p: Parsed): boolean {
  return p.terms.length === 1 && !p.slashed && (p.terms[0] as string).length <= SHORT_QUERY_MAX;
}

/** Entry indexes of the snapshot, best prior first: fewer folders, then the tie-breaks of `better`. */
export function priorOrder(snapshot: IndexSnapshot): Int32Array {
  let order = priors.get(snapshot.entries);
  if (order) return order;
  const cols = columnsOf(snapshot);
  const entries = snapshot.entries;
  // One number per entry (depth, tie-breaks, index), sorted natively: a comparator sort of 100,000
  // entries took about 100 ms on a loaded machine.
  if (entries.length >= 2 ** 22) {
    // Past four million entries the index does not fit beside the key: a comparator sort then.
    order = Int32Array.from({ length: entries.length }, (_, i) => i).sort((a, b) => depthOf(entries, a) - depthOf(entries, b) || (cols.tie[a] as number) - (cols.tie[b] as number) || a - b);
    priors.set(snapshot.entries, order);
    return order;
  }
  const keys = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    keys[i] = (depthOf(entries, i) * 2 ** 22 + (cols.tie[i] as number)) * 2 ** 22 + i;
  }
  keys.sort();
  order = new Int32Array(entries.length);
  for (let i = 0; i < keys.length; i++) order[i] = (keys[i] as number) % 2 ** 22;
  priors.set(snapshot.entries, order);
  return order;
}

/** Folders above entry `i`, at most 255. */
function depthOf(entries: readonly IndexedEntry[], i: number): number {
  const path = (entries[i] as IndexedEntry).path;
  let depth = 0;
  for (let at = path.indexOf('/'); at >= 0 && depth < 255; at = path.indexOf('/', at + 1)) depth++;
  return depth;
}

/** Builds what searching `snapshot` needs (columns, prior ranking) ahead of the first query. */
export function prepareSearch(snapshot: IndexSnapshot): void {
  priorOrder(snapshot);
}

/** Whether `term` occurs in `hay` in order (not necessarily contiguous). */
function holdsInOrder(hay: string, term: string): boolean {
  let at = 0;
  for (let i = 0; i < term.length; i++) {
    at = hay.indexOf(term[i] as string, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

function passes(cols: EntryColumns, idx: number, p: Parsed): boolean {
  return ((cols.mask[idx] as number) & p.mask) === p.mask && ((cols.kind[idx] as number) & p.kinds) !== 0;
}

/**
 * Answers a short query (see the module comment) over `list` (entry indexes, or every entry when
 * null): at most `limit` visible entries, and every index that passed the masks, for narrowing.
 */
export function searchShort(snapshot: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): { top: Ranked[]; survivors: Int32Array } {
  const cols = columnsOf(snapshot);
  const entries = snapshot.entries;
  const term = p.terms[0] as string;
  const first = p.sensitive ? cols.firstExact : cols.firstLower;
  const termFirst = term.charCodeAt(0);
  const count = list ? list.length : entries.length;
  const survivors = new Int32Array(count);
  let kept = 0;
  const top: Ranked[] = [];
  for (let c = 0; c < count; c++) {
    const idx = list ? (list[c] as number) : c;
    if (!passes(cols, idx, p)) continue;
    survivors[kept++] = idx;
    if (first[idx] !== termFirst) continue;
    const e = entries[idx] as IndexedEntry;
    if (!(p.sensitive ? e.path : e.lower).startsWith(term, e.baseStart)) continue;
    const s = scoreEntry(e, p, queryBonus(e, p));
    const last = top.length === limit ? (top[limit - 1] as Ranked) : null;
    if (last && !better(e, s, last.e, last.s)) continue;
    if (snapshot.isVisible(e)) insert(top, { e, s }, limit);
  }
  if (top.length < limit) fillFromPrior(snapshot, list, p, limit, top);
  return { top, survivors: survivors.subarray(0, kept) };
}

function fillFromPrior(snapshot: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number, top: Ranked[]): void {
  const cols = columnsOf(snapshot);
  const entries = snapshot.entries;
  const term = p.terms[0] as string;
  let member: Uint8Array | null = null;
  if (list) {
    member = new Uint8Array(entries.length);
    for (let c = 0; c < list.length; c++) member[list[c] as number] = 1;
  }
  const taken = new Set(top.map((r) => r.e));
  for (const idx of priorOrder(snapshot)) {
    if (top.length >= limit) break;
    if ((member && member[idx] === 0) || !passes(cols, idx, p)) continue;
    const e = entries[idx] as IndexedEntry;
    if (taken.has(e) || !holdsInOrder(p.sensitive ? e.path : e.lower, term) || !snapshot.isVisible(e)) continue;
    top.push({ e, s: scoreEntry(e, p, queryBonus(e, p)) });
  }
}
