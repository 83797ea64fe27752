/**
 * How matches are ranked, shared by the exact search and the broad search (see fuzzy-query.ts and
 * broad-search.ts): the parsed query, whole-name bonuses, the exact score of an entry, the sort
 * order, and the result with its highlight ranges.
 */
import { charMask, type EntryKind, type IndexedEntry } from './entry-store';
import { maxTermScore, NO_MATCH, scoreTerm } from './fuzzy-score';

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
const NAME_PREFIX = 200;

/** A query taken apart once. */
export interface Parsed {
  terms: string[];
  /** Whether a term contains `/` (may match whole trailing names). */
  slashed: boolean;
  termMasks: number[];
  sensitive: boolean;
  mask: number;
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
  return { terms: lowered, slashed: lowered.some((t) => t.includes('/')), termMasks: lowered.map((t) => charMask(t)), sensitive, mask: charMask(lowered.join('')), kinds: kindBits, text: lowered.join(' ') };
}

/** 1 for files, 2 for folders (tested against {@link Parsed.kinds}). */
export function kindBit(e: IndexedEntry): number {
  return e.kind === 'file' ? 1 : 2;
}

/** The summed score of all terms plus `bonus`, or NO_MATCH; with `positions`, collects every matched offset. */
export function scoreEntry(e: IndexedEntry, p: Parsed, bonus: number, positions?: number[]): number {
  const hay = p.sensitive ? e.path : e.lower;
  let total = 0;
  const one: number[] | undefined = positions ? [] : undefined;
  for (const term of p.terms) {
    const s = scoreTerm(hay, e.path, e.baseStart, term, one);
    if (s === NO_MATCH) return NO_MATCH;
    total += s;
    if (positions && one) positions.push(...one);
  }
  return total + bonus;
}

/** The whole-name bonus of a query (single terms only). */
export function queryBonus(e: IndexedEntry, p: Parsed): number {
  return p.terms.length === 1 ? nameBonus(p.sensitive ? e.path : e.lower, e, p.terms[0] as string) : 0;
}

/** An upper bound of {@link scoreEntry} with the same `bonus`, cheap: no alignment. */
export function upperBound(e: IndexedEntry, p: Parsed, bonus: number): number {
  let total = 0;
  for (let t = 0; t < p.terms.length; t++) {
    total += maxTermScore((p.terms[t] as string).length, (e.baseMask & (p.termMasks[t] as number)) !== 0);
  }
  return total + bonus;
}

/** Length of the basename up to its first dot after the first character (`Button.stories.tsx` -> 6). */
export function stemLength(e: IndexedEntry): number {
  const dot = e.path.indexOf('.', e.baseStart + 1);
  return (dot < 0 ? e.path.length : dot) - e.baseStart;
}

/** Bonus when the term is the whole path, whole trailing names, a name minus extension, or a name's start. */
function nameBonus(hay: string, e: IndexedEntry, term: string): number {
  if (hay.length === term.length) return hay === term ? EXACT_PATH : 0;
  if (hay.endsWith(term) && hay.charCodeAt(hay.length - term.length - 1) === 47) return e.kind === 'file' ? EXACT_FILE_NAME : EXACT_NAME;
  // `readme` for README.md, `tsconfig.base` for tsconfig.base.json, `button/index` for Button/index.ts.
  const dot = hay.lastIndexOf('.');
  if (e.kind === 'file' && dot > e.baseStart && dot >= term.length && hay.startsWith(term, dot - term.length)) {
    const before = dot - term.length - 1;
    if (before < 0 || hay.charCodeAt(before) === 47) return EXACT_NAME;
  }
  const firstDot = hay.indexOf('.', e.baseStart + 1);
  if (firstDot > 0 && firstDot - e.baseStart === term.length && hay.startsWith(term, e.baseStart)) return EXACT_NAME;
  return hay.startsWith(term, e.baseStart) ? NAME_PREFIX : 0;
}

/** Sorting: higher score, then shorter name stem, files before folders, shorter path, then by path. */
export function better(a: IndexedEntry, sa: number, b: IndexedEntry, sb: number): boolean {
  if (sa !== sb) return sa > sb;
  const ba = stemLength(a);
  const bb = stemLength(b);
  if (ba !== bb) return ba < bb;
  if (a.kind !== b.kind) return a.kind === 'file';
  if (a.path.length !== b.path.length) return a.path.length < b.path.length;
  return a.path < b.path;
}

/** An entry with its score. */
export interface Ranked {
  e: IndexedEntry;
  s: number;
}

/** Inserts into the sorted top list, dropping what falls past `limit`. */
export function insert(top: Ranked[], r: Ranked, limit: number): void {
  let at = top.length;
  while (at > 0 && better(r.e, r.s, (top[at - 1] as Ranked).e, (top[at - 1] as Ranked).s)) at--;
  top.splice(at, 0, r);
  if (top.length > limit) top.pop();
}

/** Builds the result with highlight ranges, merging adjacent matched offsets. */
export function toMatch(e: IndexedEntry, score: number, p: Parsed): Match {
  const positions: number[] = [];
  scoreEntry(e, p, 0, positions);
  positions.sort((a, b) => a - b);
  const ranges: number[] = [];
  for (const at of positions) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === at) ranges[ranges.length - 1] = at + 1;
    else if (!(ranges.length > 0 && (ranges[ranges.length - 1] as number) > at)) ranges.push(at, at + 1);
  }
  return { path: e.path, kind: e.kind, size: e.size, score, ranges };
}
