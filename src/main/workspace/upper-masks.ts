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

/** The capitals mask of `text` (see the module comment); 0 when it has none. */
export function upperMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) mask |= 1 << (code - 65);
  }
  return mask;
}

/** The capitals masks of `t`'s entries, built on first use. */
export function upperMasks(t: EntryTable): Int32Array {
  let masks = built.get(t);
  if (masks) return masks;
  masks = new Int32Array(t.count);
  const text = t.text;
  for (let i = 0; i < t.count; i++) {
    let mask = 0;
    for (let j = t.start[i] as number, to = t.end(i); j < to; j++) {
      const code = text.charCodeAt(j);
      if (code >= 65 && code <= 90) mask |= 1 << (code - 65);
    }
    masks[i] = mask;
  }
  built.set(t, masks);
  return masks;
}
