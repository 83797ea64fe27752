/**
 * Scores one query term against one path, fzf-style: the best alignment of the term's characters as
 * a subsequence of the path, rewarding matches at word boundaries (after `/`, `_`, `-`, `.`, a
 * camelCase hump, a digit run) and consecutive runs, penalising gaps, and preferring the basename.
 *
 * The alignment is a sparse dynamic programme over occurrences only: row i visits the positions of
 * the term's i-th character (found with native `indexOf`) inside the band between the leftmost and
 * the rightmost possible alignment, so a typical path costs a few dozen steps, not length × term.
 *
 * `fold` (see case-fold.ts) makes the term's ASCII letters match either case in `hay`.
 */
import { findCode, foldedTerm, foldOf, occursAt, type FoldedTerm } from './case-fold';

/** Points for each matched character. */
const SCORE_MATCH = 16;
/** Penalty for opening a gap, and for each further skipped character. */
const GAP_START = -3;
const GAP_EXTENSION = -1;
/** Bonuses for the character matched (fzf's values; a path separator counts most). */
const BONUS_SEGMENT = 9;
const BONUS_BOUNDARY = 8;
const BONUS_CAMEL = 7;
const BONUS_CONSECUTIVE = 4;
/** Extra points for a matched character inside the basename. */
const BONUS_BASENAME = 2;
/** The first query character's bonus counts this many times. */
const FIRST_CHAR_MULTIPLIER = 2;

/**
 * The most a term of `length` characters can score: every character at a basename boundary in one
 * consecutive run (or at a folder boundary when `inBasename` is false). Lets the search skip
 * entries that cannot beat the current top results.
 */
export function maxTermScore(length: number, inBasename: boolean): number {
  const bonus = inBasename ? BONUS_SEGMENT + BONUS_BASENAME : BONUS_SEGMENT;
  return length * (SCORE_MATCH + bonus) + bonus * (FIRST_CHAR_MULTIPLIER - 1);
}

/**
 * The exact score of a term of `length` characters (at most {@link MAX_TERM}) that occurs at the
 * start of the basename: every character then earns the segment bonus in one consecutive run,
 * which is {@link maxTermScore}, so the alignment (the best one) is that run. Short queries ask it
 * of thousands of entries (`us`: every `use…` hook), each of which would otherwise be aligned.
 */
export function nameStartScore(length: number): number {
  return maxTermScore(length, true);
}

/**
 * The most a term of `length` characters can score when none of its matched characters sits at
 * the basename's start (the only place a basename character earns a segment bonus): every bonus is
 * then at most a basename word boundary's, consecutive runs included.
 */
export function maxOffStartScore(length: number): number {
  const bonus = BONUS_BOUNDARY + BONUS_BASENAME;
  return length * (SCORE_MATCH + bonus) + bonus * (FIRST_CHAR_MULTIPLIER - 1);
}

/** Not a match. */
export const NO_MATCH = -1_000_000;

/** Longest term aligned; longer terms must match as a plain substring (rare, and cheap to check). */
export const MAX_TERM = 64;

// Scratch space reused across calls: one slot per visited occurrence, rows stored back to back.
let cap = 4096;
let pos = new Int32Array(cap);
let score = new Int32Array(cap);
let chunk = new Int32Array(cap);
let from = new Int32Array(cap);
const rowStart = new Int32Array(MAX_TERM);
const lo = new Int32Array(MAX_TERM);
const hi = new Int32Array(MAX_TERM);

function grow(): void {
  cap *= 2;
  const copy = (a: Int32Array): Int32Array<ArrayBuffer> => { const b = new Int32Array(cap); b.set(a); return b; };
  pos = copy(pos); score = copy(score); chunk = copy(chunk); from = copy(from);
}

/** The bonus for matching at `i`, judged on the original (not lower-cased) path. */
export function bonusAt(path: string, i: number, baseStart: number): number {
  const base = i >= baseStart ? BONUS_BASENAME : 0;
  if (i === 0) return BONUS_SEGMENT + base;
  const prev = path.charCodeAt(i - 1);
  if (prev === 47) return BONUS_SEGMENT + base; // after '/'
  if (prev === 95 || prev === 45 || prev === 46 || prev === 32) return BONUS_BOUNDARY + base; // _ - . space
  const cur = path.charCodeAt(i);
  if (cur >= 65 && cur <= 90 && prev >= 97 && prev <= 122) return BONUS_CAMEL + base; // aB
  if (cur >= 48 && cur <= 57 && !(prev >= 48 && prev <= 57)) return BONUS_CAMEL + base; // a1
  return base;
}

/**
 * Best score of `term` in `hay[from..to)` (the path inside the table's searched string, see
 * EntryTable.haystack), or {@link NO_MATCH}. `path` is the original text (for camelCase bonuses);
 * offsets, `baseStart` and the `positions` written are offsets in it. The character before `from`
 * must be a `/`, or `from` 0 (the table joins its paths with `/`).
 */
export function scoreTerm(hay: string, path: string, from: number, to: number, baseStart: number, term: string, fold: boolean, positions?: number[]): number {
  const m = term.length;
  if (m === 0) return 0;
  if (m > MAX_TERM) return scoreSubstring(hay, path, from, to, baseStart, term, fold, positions);
  if (m === 1) return scoreChar(hay, path, from, to, baseStart, term.charCodeAt(0), foldOf(term.charCodeAt(0), fold), positions);
  return scoreRange(hay, path, baseStart, term, from, to, fold, positions);
}

/**
 * The best alignment of a term of 2 to {@link MAX_TERM} characters that uses only `hay[from..to)`:
 * a real alignment, so never more than {@link scoreTerm}, and equal to it when the best alignment
 * lies in that range. The broad search scores basenames and folders alone with it (short strings,
 * folders shared by siblings) and aligns whole paths only for its top candidates.
 */
export function scoreRange(hay: string, path: string, baseStart: number, term: string, from: number, to: number, fold: boolean, positions?: number[]): number {
  const m = term.length;
  const { codes, folds } = termCodes(term, fold);
  // Leftmost alignment gives each row's lowest column; rightmost gives its highest. Plain
  // charCodeAt scans: on 60-character paths they beat a dozen indexOf calls.
  let i = 0;
  for (let j = from; j < to && i < m; j++) if ((hay.charCodeAt(j) | (folds[i] as number)) === codes[i]) lo[i++] = j;
  if (i < m) return NO_MATCH;
  i = m - 1;
  for (let j = to - 1; j >= from && i >= 0; j--) if ((hay.charCodeAt(j) | (folds[i] as number)) === codes[i]) hi[i--] = j;
  return align(hay, path, baseStart, codes, folds, m, positions);
}

/**
 * The codes of the last few terms scored, so that a query of several terms, whose terms alternate
 * entry after entry, does not fold each term again (two small arrays) for every entry it scores.
 */
const CODE_SLOTS = 4;
const slotTerm: string[] = Array.from({ length: CODE_SLOTS }, () => '');
const slotFold: boolean[] = Array.from({ length: CODE_SLOTS }, () => false);
const slotCodes: FoldedTerm[] = Array.from({ length: CODE_SLOTS }, () => foldedTerm('', false));
let nextSlot = 0;

function termCodes(term: string, fold: boolean): FoldedTerm {
  for (let k = 0; k < CODE_SLOTS; k++) if (slotTerm[k] === term && slotFold[k] === fold) return slotCodes[k] as FoldedTerm;
  const k = nextSlot;
  nextSlot = (nextSlot + 1) % CODE_SLOTS;
  slotTerm[k] = term;
  slotFold[k] = fold;
  return (slotCodes[k] = foldedTerm(term, fold));
}

/** The sparse alignment over the bands `lo[i]..hi[i]`; see the module comment. */
function align(hay: string, path: string, baseStart: number, codes: Int32Array, folds: Int32Array, m: number, positions?: number[]): number {
  let n = 0;
  for (let i = 0; i < m; i++) {
    rowStart[i] = n;
    const code = codes[i] as number;
    const f = folds[i] as number;
    const end = hi[i] as number;
    let k = i > 0 ? (rowStart[i - 1] as number) : 0; // walks the previous row
    let bestGap = NO_MATCH; // best previous score + gap cost, measured at column 0
    let bestGapFrom = -1;
    for (let j = lo[i] as number; j <= end; j++) {
      if ((hay.charCodeAt(j) | f) !== code) continue;
      if (n >= cap) grow();
      const b = bonusAt(path, j, baseStart);
      if (i === 0) {
        pos[n] = j; score[n] = SCORE_MATCH + b * FIRST_CHAR_MULTIPLIER; chunk[n] = b; from[n] = -1; n++;
        continue;
      }
      // Previous-row cells at columns <= j-2 can precede with a gap; the one at j-1 is consecutive.
      let consecutive = -1;
      while (k < (rowStart[i] as number) && (pos[k] as number) < j) {
        if ((pos[k] as number) === j - 1) consecutive = k;
        else {
          const g = (score[k] as number) + GAP_START - ((pos[k] as number) + 2) * GAP_EXTENSION;
          if (g > bestGap) { bestGap = g; bestGapFrom = k; }
        }
        k++;
      }
      let best = NO_MATCH;
      let bestFrom = -1;
      let bestChunk = b;
      if (bestGapFrom >= 0) {
        best = bestGap + j * GAP_EXTENSION + SCORE_MATCH + b;
        bestFrom = bestGapFrom;
      }
      if (consecutive >= 0) {
        const c = Math.max(b, chunk[consecutive] as number, BONUS_CONSECUTIVE);
        const s = (score[consecutive] as number) + SCORE_MATCH + c;
        if (s >= best) { best = s; bestFrom = consecutive; bestChunk = c; }
        // Later columns may gap from it.
        const g = (score[consecutive] as number) + GAP_START - (j + 1) * GAP_EXTENSION;
        if (g > bestGap) { bestGap = g; bestGapFrom = consecutive; }
      }
      if (bestFrom < 0) continue;
      pos[n] = j; score[n] = best; chunk[n] = bestChunk; from[n] = bestFrom; n++;
    }
    if (n === rowStart[i]) return NO_MATCH;
  }
  let top = rowStart[m - 1] as number;
  for (let t = top + 1; t < n; t++) if ((score[t] as number) > (score[top] as number)) top = t;
  if (positions) {
    positions.length = 0;
    for (let t = top; t >= 0; t = from[t] as number) positions.push(pos[t] as number);
    positions.reverse();
  }
  return score[top] as number;
}

/** One character (`code`, folded by `f`): its best occurrence. The basename's first character is the best possible spot. */
function scoreChar(hay: string, path: string, from: number, to: number, baseStart: number, code: number, f: number, positions?: number[]): number {
  let best = -1;
  let bestAt = -1;
  if (baseStart < to && (hay.charCodeAt(baseStart) | f) === code) bestAt = baseStart;
  else {
    for (let j = findCode(hay, code, f, from, to); j >= 0; j = findCode(hay, code, f, j + 1, to)) {
      const b = bonusAt(path, j, baseStart);
      if (b >= best) { best = b; bestAt = j; }
    }
    if (bestAt < 0) return NO_MATCH;
  }
  if (positions) { positions.length = 0; positions.push(bestAt); }
  return SCORE_MATCH + bonusAt(path, bestAt, baseStart) * FIRST_CHAR_MULTIPLIER;
}

/** Scores a long term that must appear whole: one consecutive run, the last one in the path. */
function scoreSubstring(hay: string, path: string, from: number, to: number, baseStart: number, term: string, fold: boolean, positions?: number[]): number {
  let at = to - term.length;
  while (at >= from && !occursAt(hay, term, at, fold)) at--;
  if (at < from) return NO_MATCH;
  if (positions) {
    positions.length = 0;
    for (let i = 0; i < term.length; i++) positions.push(at + i);
  }
  const b = bonusAt(path, at, baseStart);
  return term.length * (SCORE_MATCH + BONUS_CONSECUTIVE) + b * FIRST_CHAR_MULTIPLIER;
}

/**
 * Scores a fixed alignment: `positions[from..to)` ascending, scored exactly as {@link align} scores
 * a path through them. `prevPos` is the position matched just before (or -1 when `positions[0]`
 * is the term's first character) and `prevScore` the score up to it. Lets the broad search add a
 * folder part (computed once per folder) and a basename part.
 */
export function scorePositions(path: string, baseStart: number, positions: Int32Array, from: number, to: number, prevPos: number, prevScore: number): number {
  let total = prevScore;
  let prev = prevPos;
  let chunkBonus = 0;
  for (let t = from; t < to; t++) {
    const at = positions[t] as number;
    const b = bonusAt(path, at, baseStart);
    if (prev < 0) {
      total += SCORE_MATCH + b * FIRST_CHAR_MULTIPLIER;
      chunkBonus = b;
    } else if (at === prev + 1) {
      chunkBonus = Math.max(chunkBonus, b, BONUS_CONSECUTIVE);
      total += SCORE_MATCH + chunkBonus;
    } else {
      total += SCORE_MATCH + b + GAP_START + (at - prev - 2) * GAP_EXTENSION;
      chunkBonus = b;
    }
    prev = at;
  }
  return total;
}
