import { charBefore, halfWidth, isCjk } from './chars';

/**
 * Where a reference may start. The parser and the composer's completion both ask this, so
 * completion never offers a reference that the parser would then leave as text.
 */

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * True when the `@` (or full-width `＠`) at `at` may start a reference: at the start of the text,
 * after whitespace, punctuation or symbols, and directly after Japanese, Chinese or Korean text
 * (han, kana, hangul, CJK punctuation, full-width forms), since those languages put no space before
 * it (`これは@file:a.ts`). Not after `/` (a path) or a letter, digit or `_` of another script
 * (`user@example.com`, `é@x`); full-width letters and digits count as the ASCII they stand for.
 */
export function canStartReference(text: string, at: number): boolean {
  if (at <= 0) return true;
  const before = charBefore(text, at);
  const plain = halfWidth(before);
  if (plain === '/') return false;
  if (isCjk(before)) return true;
  return !WORD_CHAR.test(plain);
}
