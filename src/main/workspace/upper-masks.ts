/**
 * Per entry, which ASCII capitals its path holds: bit k for the letter `A` + k. A query with a
 * capital matches case exactly (smart case), so a path without one of its capitals cannot match,
 * while the character masks (entry-table.ts) fold case and let it through. `Composer.` after
 * `Composer` searched the 94,000 paths that hold the letters in either case; 33,000 hold a `C`.
 *
 * Built once per table on first use (a pass over the text), and kept while the table lives.
 */
import type { EntryTable } from './entry-table';

const built = new WeakMap<EntryTable, Int32Array>();

/** The capitals mask of `text[from..to)` (see the module comment); 0 when it has none. */
function upperMaskIn(text: string, from: number, to: number): number {
  let mask = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) mask |= 1 << (code - 65);
  }
  return mask;
}

/** The capitals mask of `text`: what a query's capitals are checked against. */
export function upperMask(text: string): number {
  return upperMaskIn(text, 0, text.length);
}

/** The capitals masks of `t`'s entries, built on first use. */
export function upperMasks(t: EntryTable): Int32Array {
  let masks = built.get(t);
  if (masks) return masks;
  masks = new Int32Array(t.count);
  for (let i = 0; i < t.count; i++) masks[i] = upperMaskIn(t.text, t.start[i] as number, t.end(i));
  built.set(t, masks);
  return masks;
}
