/**
 * How matches are ranked, shared by the exact search and the broad search (see fuzzy-query.ts and
 * broad-search.ts): the parsed query, whole-name bonuses, the exact score of an entry, the sort
 * order, and the result with its highlight ranges.
 */
import type { EntryKind } from './entry-store';
import { charMask, FILE, stemLengthIn, type EntryTable } from './entry-table';
import { findCode, occursAt } from './case-fold';
import { maxTermScore, NO_MATCH, scoreTerm } from './fuzzy-score';
import { upperMask, upperMasks } from './upper-masks';

/** One search result. */
export interface Match {
  path: string;
  kind: EntryKind;
  /** Bytes, or -1 when unknown (see `WorkspaceIndex.sizes`). */
  size: number;
  score: number;
  /** Matched character ranges in `path` as flat `[from, to, from, to, ...]` pairs (to exclusive), as CodeMirror's `getMatch` returns them. */
  ranges: number[];
}

/**
 * Whole-name bonuses: the query is the entire path, a whole file name, a folder's name or a file's
 * name without its extension(s), or the start of the basename.
 */
const EXACT_PATH = 3000;
const EXACT_FILE_NAME = 2100;
const EXACT_NAME = 2000;
/** The bonus of a term that starts the basename without ending its name or stem. */
export const NAME_PREFIX = 200;

/** A query taken apart once. */
export interface Parsed {
  terms: string[];
  /** Whether a term contains `/` (may match whole trailing names). */
  slashed: boolean;
  termMasks: number[];
  sensitive: boolean;
  mask: number;
  /** The capitals a path must hold (upper-masks.ts): 0 unless the query is case-sensitive. */
  upper: number;
  /** Bit 1: files wanted; bit 2: folders wanted. */
  kinds: number;
  text: string;
}

/** Parses a query: space-separated terms, a leading `./` dropped, smart case. */
export function parse(text: string, kinds: readonly EntryKind[] | undefined): Parsed {
  const terms = text.trim().split(/\s+/).filter(Boolean).map((t) => t.replace(/^\.\//, '')).filter(Boolean);
  const sensitive = /[A-Z]/.test(text);
  const lowered = sensitive ? terms : terms.map((t) => t.toLowerCase());
  const kindBits = kinds ? (kinds.includes('file') ? 1 : 0) | (kinds.includes('folder') ? 2 : 0) : 3;
  const upper = sensitive ? upperMask(lowered.join('')) : 0;
  return { terms: lowered, slashed: lowered.some((t) => t.includes('/')), termMasks: lowered.map((t) => charMask(t)), sensitive, mask: charMask(lowered.join('')), upper, kinds: kindBits, text: lowered.join(' ') };
}

/** The summed score of all terms of entry `i` plus `bonus`, or NO_MATCH; with `positions`, collects every matched offset (in the table's text). */
export function scoreEntry(t: EntryTable, i: number, p: Parsed, bonus: number, positions?: number[]): number {
  const hay = t.haystack(p.sensitive);
  const fold = t.folds(p.sensitive);
  const from = t.start[i] as number;
  const to = t.end(i);
  const base = t.baseStart[i] as number;
  // One term writes its positions straight into `positions` (they come ascending, see toMatch).
  if (p.terms.length === 1) {
    const s = scoreTerm(hay, t.text, from, to, base, p.terms[0] as string, fold, positions);
    if (s !== NO_MATCH) return s + bonus;
    if (positions) positions.length = 0;
    return NO_MATCH;
  }
  let total = 0;
  const one: number[] | undefined = positions ? [] : undefined;
  for (const term of p.terms) {
    const s = scoreTerm(hay, t.text, from, to, base, term, fold, one);
    if (s === NO_MATCH) return NO_MATCH;
    total += s;
    if (positions && one) positions.push(...one);
  }
  return total + bonus;
}

/** The capitals masks a query needs (upper-masks.ts): null for a case-insensitive one. */
export function uppersFor(t: EntryTable, p: Parsed): Int32Array | null {
  return p.upper !== 0 ? upperMasks(t) : null;
}

/**
 * Whether entry `i` can match `p`, from its columns alone: it holds the query's characters in
 * either case, is of a wanted kind, and holds the capitals of a case-sensitive query (`uppers`,
 * from {@link uppersFor}). The first test of every search, on every candidate.
 */
export function passesMasks(t: EntryTable, i: number, p: Parsed, uppers: Int32Array | null): boolean {
  return ((t.mask[i] as number) & p.mask) === p.mask && ((t.kind[i] as number) & p.kinds) !== 0 && (uppers === null || ((uppers[i] as number) & p.upper) === p.upper);
}

/** Every candidate passing the masks: a superset of the matches, which is all narrowing needs. */
export function maskSurvivors(t: EntryTable, list: Int32Array | null, p: Parsed): Int32Array {
  const count = list ? list.length : t.count;
  const survivors = new Int32Array(count);
  const uppers = uppersFor(t, p);
  let kept = 0;
  for (let c = 0; c < count; c++) {
    const idx = list ? (list[c] as number) : c;
    if (passesMasks(t, idx, p, uppers)) survivors[kept++] = idx;
  }
  return survivors.subarray(0, kept);
}

/** The whole-name bonus of a query (single terms only). */
export function queryBonus(t: EntryTable, i: number, p: Parsed): number {
  return p.terms.length === 1 ? nameBonus(t.haystack(p.sensitive), t.folds(p.sensitive), t, i, p.terms[0] as string) : 0;
}

/** An upper bound of {@link scoreEntry} with the same `bonus`, cheap: no alignment. */
export function upperBound(t: EntryTable, i: number, p: Parsed, bonus: number): number {
  let total = 0;
  for (let k = 0; k < p.terms.length; k++) {
    total += maxTermScore((p.terms[k] as string).length, ((t.baseMask[i] as number) & (p.termMasks[k] as number)) !== 0);
  }
  return total + bonus;
}

/** Length of entry `i`'s basename up to its first dot after the first character (`Button.stories.tsx` -> 6). */
export function stemLength(t: EntryTable, i: number): number {
  return stemLengthIn(t.text, t.baseStart[i] as number, t.end(i));
}

/** Bonus when the term is the whole path, whole trailing names, a name minus extension, or a name's start. */
function nameBonus(hay: string, fold: boolean, t: EntryTable, i: number, term: string): number {
  const from = t.start[i] as number;
  const to = t.end(i);
  const base = t.baseStart[i] as number;
  const n = term.length;
  if (to - from === n) return occursAt(hay, term, from, fold) ? EXACT_PATH : 0;
  if (to - from > n && occursAt(hay, term, to - n, fold) && hay.charCodeAt(to - n - 1) === 47) return t.kind[i] === FILE ? EXACT_FILE_NAME : EXACT_NAME;
  // `readme` for README.md, `tsconfig.base` for tsconfig.base.json, `button/index` for Button/index.ts.
  // The dots are looked for inside the basename only: the string builtins would run on into the
  // neighbouring paths for a name without a dot (most folders), and short queries ask this of
  // thousands of entries.
  if (t.kind[i] === FILE) {
    let dot = to - 1;
    while (dot > base && hay.charCodeAt(dot) !== 46) dot--;
    if (dot > base && dot - from >= n && occursAt(hay, term, dot - n, fold)) {
      const before = dot - n - 1;
      if (before < from || hay.charCodeAt(before) === 47) return EXACT_NAME;
    }
  }
  const firstDot = findCode(hay, 46, 0, base + 1, to);
  if (firstDot > 0 && firstDot - base === n && occursAt(hay, term, base, fold)) return EXACT_NAME;
  return base + n <= to && occursAt(hay, term, base, fold) ? NAME_PREFIX : 0;
}

/** Sorting: higher score, then shorter name stem, files before folders, shorter path, then by path. */
export function better(t: EntryTable, a: number, sa: number, b: number, sb: number): boolean {
  if (sa !== sb) return sa > sb;
  const ba = stemLength(t, a);
  const bb = stemLength(t, b);
  if (ba !== bb) return ba < bb;
  if (t.kind[a] !== t.kind[b]) return t.kind[a] === FILE;
  const la = t.end(a) - (t.start[a] as number);
  const lb = t.end(b) - (t.start[b] as number);
  if (la !== lb) return la < lb;
  return t.path(a) < t.path(b);
}

/**
 * Sorts `rows` best first, in `better`'s order. Ties of score are broken from the tie-break column
 * where it decides (both entries' fields uncapped, see `tieOf`), which is what `better` would
 * conclude without measuring the name stems again; only the rest ask `better` itself. Tier 2 of the
 * broad search sorts hundreds of entries per keystroke, most of them at a few distinct scores, and
 * `better`'s stem lengths were a tenth of a 10k index's query time (issue 27).
 */
export function sortRanked(t: EntryTable, rows: Ranked[]): void {
  const { tie } = t;
  rows.sort((a, b) => {
    if (a.s !== b.s) return b.s - a.s;
    const ta = tie[a.i] as number;
    const tb = tie[b.i] as number;
    if (uncapped(ta) && uncapped(tb)) return ta !== tb ? ta - tb : comparePaths(t, a.i, b.i);
    return better(t, a.i, a.s, b.i, b.s) ? -1 : better(t, b.i, b.s, a.i, a.s) ? 1 : 0;
  });
}

/** Paths `a` and `b` compared as `<` compares strings (code unit by code unit), read in the text without slicing them out. */
function comparePaths(t: EntryTable, a: number, b: number): number {
  const text = t.text;
  let i = t.start[a] as number;
  let j = t.start[b] as number;
  const ea = t.end(a);
  const eb = t.end(b);
  for (; i < ea && j < eb; i++, j++) {
    const d = text.charCodeAt(i) - text.charCodeAt(j);
    if (d !== 0) return d;
  }
  return (ea - i) - (eb - j);
}

/** Whether a tie-break number holds its fields whole (`tieOf` caps the stem at 255 and the length at 8191). */
export function uncapped(tie: number): boolean {
  return tie >>> 14 < 255 && (tie & 8191) < 8191;
}

/** An entry (its index in the table) with its score. */
export interface Ranked {
  i: number;
  s: number;
}

/** Inserts into the sorted top list, dropping what falls past `limit`. */
export function insert(t: EntryTable, top: Ranked[], r: Ranked, limit: number): void {
  let at = top.length;
  while (at > 0 && better(t, r.i, r.s, (top[at - 1] as Ranked).i, (top[at - 1] as Ranked).s)) at--;
  top.splice(at, 0, r);
  if (top.length > limit) top.pop();
}

/** Builds the result with highlight ranges (offsets in the path), merging adjacent matched offsets. */
export function toMatch(t: EntryTable, i: number, score: number, p: Parsed): Match {
  const positions: number[] = [];
  scoreEntry(t, i, p, 0, positions);
  // One term's positions come ascending; several terms' may interleave. The sort allocated more
  // than anything else a keystroke did (50 rows a key, issue 27), so it runs only for several.
  if (p.terms.length > 1) positions.sort((a, b) => a - b);
  const from = t.start[i] as number;
  const ranges: number[] = [];
  for (const abs of positions) {
    const at = abs - from;
    if (ranges.length > 0 && ranges[ranges.length - 1] === at) ranges[ranges.length - 1] = at + 1;
    else if (!(ranges.length > 0 && (ranges[ranges.length - 1] as number) > at)) ranges.push(at, at + 1);
  }
  const e = t.entry(i);
  return { path: e.path, kind: e.kind, size: e.size, score, ranges };
}
