/**
 * Entries sorted by the first four characters of their basename (ASCII letters folded), so that
 * "every basename that starts with `rea`" is a binary-searched range instead of a pass over every
 * entry. Short queries (short-search.ts) and the broad search's name-prefix answer (broad-search.ts)
 * read it: their strongest results are exactly the entries whose basename starts with the term, and
 * scanning all entries for them cost the slowest keystrokes, growing with the workspace (issue 27).
 *
 * A key holds four characters of seven bits each (0: the name ended; ASCII capitals folded; code
 * units from 126 up, and so every non-ASCII character, share one value). So a range is a superset of the entries whose
 * basename starts with the term: the caller checks each with `occursAt`, which also applies case
 * exactly for a query with a capital. One Int32 per entry; built once per table on first use (one
 * native sort of numbers, as priorOrder does) and kept while the table lives.
 */
import type { EntryTable } from './entry-table';

/** Characters of the basename a key holds. */
export const PREFIX_CHARS = 4;

const BITS = 7;
const RADIX = 1 << BITS;
/** The key value of a character from code unit 126 up (see the module comment). */
const OTHER = RADIX - 1;
/** Past this many entries the index does not fit beside the key in one number: a comparator sort then. */
const PACKED_MAX = 2 ** 24;

const built = new WeakMap<EntryTable, Int32Array>();

/** The key value of one code unit: ASCII capitals folded to lower case, 0 left for "no character". */
function keyCode(code: number): number {
  const folded = code >= 65 && code <= 90 ? code + 32 : code;
  return folded < OTHER - 1 ? folded + 1 : OTHER;
}

/** The key of `text[from..to)`'s first {@link PREFIX_CHARS} characters. */
function keyOf(text: string, from: number, to: number): number {
  let key = 0;
  for (let k = 0; k < PREFIX_CHARS; k++) key = key * RADIX + (from + k < to ? keyCode(text.charCodeAt(from + k)) : 0);
  return key;
}

/**
 * The key of entry `i`'s basename, read from the lower-cased copy when the table keeps one: a few
 * characters beyond ASCII lower-case to an ASCII letter (the Kelvin sign to `k`), and a term's
 * characters are keyed lower-cased alike ({@link termKeyCode}), so either case finds them.
 */
function entryKey(t: EntryTable, i: number): number {
  return keyOf(t.lower ?? t.text, t.baseStart[i] as number, t.end(i));
}

/** The key value of a term's character: lower-cased as the table's copy is (one code unit for one). */
function termKeyCode(code: number): number {
  if (code < 128) return keyCode(code);
  const lower = String.fromCharCode(code).toLowerCase();
  return keyCode(lower.length === 1 ? lower.charCodeAt(0) : code);
}

/** Entry indexes of `t` in key order (ties in index order), built on first use. */
export function namePrefixOrder(t: EntryTable): Int32Array {
  let order = built.get(t);
  if (order) return order;
  const n = t.count;
  if (n >= PACKED_MAX) {
    const keys = Int32Array.from({ length: n }, (_, i) => entryKey(t, i));
    order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
  } else {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = entryKey(t, i) * PACKED_MAX + i;
    packed.sort();
    order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = (packed[i] as number) % PACKED_MAX;
  }
  built.set(t, order);
  return order;
}

/** First position in `order` whose entry's key is at least `key`. */
function lowerBound(t: EntryTable, order: Int32Array, key: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entryKey(t, order[mid] as number) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The positions `[from, to)` of {@link namePrefixOrder}(t) that hold every entry whose basename
 * starts with `term` (in either case; non-empty `term`, any length: only its first four characters
 * choose the range), and possibly others: check each.
 */
export function namePrefixRange(t: EntryTable, term: string): { order: Int32Array; from: number; to: number } {
  const order = namePrefixOrder(t);
  const n = Math.min(term.length, PREFIX_CHARS);
  let key = 0;
  for (let k = 0; k < PREFIX_CHARS; k++) key = key * RADIX + (k < n ? termKeyCode(term.charCodeAt(k)) : 0);
  const from = lowerBound(t, order, key);
  const to = lowerBound(t, order, key + RADIX ** (PREFIX_CHARS - n));
  return { order, from, to };
}
