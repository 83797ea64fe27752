/**
 * Case-insensitive comparison without a lower-cased copy of the table's text. A lower-case query
 * ignores case; when lower-casing the paths changes only ASCII letters (the table then keeps no
 * lower-cased copy, see EntryTable.lower), a path character `c` matches a term letter `t` (a-z)
 * exactly when `(c | 32) === t`: only `t` and its upper case have that form. Every other term
 * character must match as written. The scanning loops fold with one OR per comparison, using the
 * per-character folds computed here.
 */

/** 32 for a term character that matches either case when folding (a-z), else 0. */
export function foldOf(code: number, fold: boolean): number {
  return fold && code >= 97 && code <= 122 ? 32 : 0;
}

/** A term's character codes and their folds (see {@link foldOf}). */
export interface FoldedTerm {
  readonly codes: Int32Array;
  readonly folds: Int32Array;
}

/** The codes and folds of `term`. */
export function foldedTerm(term: string, fold: boolean): FoldedTerm {
  const codes = new Int32Array(term.length);
  const folds = new Int32Array(term.length);
  for (let i = 0; i < term.length; i++) {
    codes[i] = term.charCodeAt(i);
    folds[i] = foldOf(codes[i] as number, fold);
  }
  return { codes, folds };
}

/** Whether `term` occurs in `hay` at `at`, folding ASCII letters when `fold`. */
export function occursAt(hay: string, term: string, at: number, fold: boolean): boolean {
  if (!fold) return hay.startsWith(term, at);
  if (at < 0 || at + term.length > hay.length) return false;
  for (let i = 0; i < term.length; i++) {
    const t = term.charCodeAt(i);
    if ((hay.charCodeAt(at + i) | foldOf(t, true)) !== t) return false;
  }
  return true;
}

/** The first offset of character `code` in `hay[from..to)` (folded by `f`, see {@link foldOf}), or -1. */
export function findCode(hay: string, code: number, f: number, from: number, to: number): number {
  for (let j = from; j < to; j++) if ((hay.charCodeAt(j) | f) === code) return j;
  return -1;
}
