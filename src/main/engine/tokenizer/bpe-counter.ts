/**
 * Counts the tokens of a text under a tiktoken encoding: split it with the encoding's pre-token
 * pattern, then count each piece by byte-pair merging (lowest rank first, leftmost on ties), as
 * tiktoken and gpt-tokenizer do. Only the count is kept, never the tokens.
 *
 * Special tokens are not special here: a file that contains the text `<|endoftext|>` is sent to
 * the model as ordinary text, so it is counted as ordinary text. (gpt-tokenizer's `countTokens`
 * throws on it by default, which stopped an expansion.)
 */
import type { RankTable } from './rank-table';

const NO_RANK = 0x7fffffff;
/** Piece counts remembered between calls; cleared when full (pieces repeat heavily in code). */
const MEMO_LIMIT = 65_536;
/**
 * Characters of pieces the memo may hold before it is cleared (about 4 MiB at two bytes each). A
 * piece can be as long as a run of letters or spaces, so a count alone did not bound it.
 */
export const MEMO_CHARS = 2 * 1024 * 1024;
/** Longer pieces are counted without being remembered: they rarely come back, and they weigh. */
const MEMO_PIECE_CHARS = 256;

/** A counter for one encoding: `pattern` must be global and unicode-aware, like tiktoken's. */
export function bpeCounter(table: RankTable, pattern: RegExp, memoChars = MEMO_CHARS): ((text: string) => number) & { readonly memoChars: number } {
  const encoder = new TextEncoder();
  let piece = new Uint8Array(1024);
  let starts = new Int32Array(1025);
  let ranks = new Int32Array(1025);
  const memo = new Map<string, number>();
  let held = 0;

  /** Rank of the pair of parts starting at part i, when parts i and i+1 exist. */
  const pairRank = (i: number, parts: number): number => {
    if (i + 2 > parts) return NO_RANK;
    const rank = table.rankOf(piece, starts[i] as number, starts[i + 2] as number);
    return rank < 0 ? NO_RANK : rank;
  };

  const mergeCount = (length: number): number => {
    if (starts.length < length + 1) {
      starts = new Int32Array(length + 1);
      ranks = new Int32Array(length + 1);
    }
    let parts = length; // parts[i] is piece[starts[i]..starts[i+1])
    for (let i = 0; i <= length; i++) starts[i] = i;
    for (let i = 0; i < parts; i++) ranks[i] = pairRank(i, parts);
    while (parts > 1) {
      let lowest = NO_RANK;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if ((ranks[i] as number) < lowest) {
          lowest = ranks[i] as number;
          at = i;
        }
      }
      if (at < 0) break;
      // Merge parts at and at+1: drop the boundary between them.
      starts.copyWithin(at + 1, at + 2, parts + 1);
      ranks.copyWithin(at + 1, at + 2, parts);
      parts--;
      ranks[at] = pairRank(at, parts);
      if (at > 0) ranks[at - 1] = pairRank(at - 1, parts);
    }
    return parts;
  };

  const countPiece = (text: string): number => {
    const known = memo.get(text);
    if (known !== undefined) return known;
    if (piece.length < text.length * 3) piece = new Uint8Array(text.length * 3);
    const { written } = encoder.encodeInto(text, piece);
    const n = written <= 1 || table.rankOf(piece, 0, written) >= 0 ? 1 : mergeCount(written);
    if (text.length > MEMO_PIECE_CHARS) return n;
    if (memo.size >= MEMO_LIMIT || held + text.length > memoChars) {
      memo.clear();
      held = 0;
    }
    memo.set(text, n);
    held += text.length;
    return n;
  };

  const count = (text: string): number => {
    let total = 0;
    for (const m of text.matchAll(pattern)) total += countPiece(m[0]);
    return total;
  };
  // The characters the memo holds now (its bound's test).
  return Object.defineProperty(count, 'memoChars', { get: () => held }) as typeof count & { readonly memoChars: number };
}
