/**
 * The byte-pair ranks of a tiktoken encoding, read straight from its `.tiktoken` file (one
 * `base64-of-the-token-bytes rank` per line) into three flat arrays: the token bytes end to end,
 * where each rank's bytes start, and an open-addressing hash table from bytes to rank.
 *
 * Why not the tokenizer library's own tables: gpt-tokenizer ships the ranks as a 2.4 MB JavaScript
 * module of 200k string literals, which V8 must compile and run, then copies them into a Map; that
 * was about 280 ms of a cold `atmark expand` (more than everything else the CLI does). Decoding the
 * same ranks from the library's `.tiktoken` data file in one loop over a Buffer builds no strings
 * and no Map, and takes a few tens of milliseconds.
 */

/** Ranks looked up by the bytes of a token. */
export interface RankTable {
  /** How many ranks there are (the highest rank is one less). */
  readonly size: number;
  /** The rank of `bytes[start..end)`, or -1 when those bytes are not a token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
}

/** The arrays behind a {@link RankTable}, as kept in a prebuilt rank file (see rank-file.ts). */
export interface RankArrays {
  /** Every token's bytes, end to end, in rank order. */
  bytes: Uint8Array;
  /** Rank r's bytes are `bytes[starts[r]..starts[r + 1])`; one more entry than there are ranks. */
  starts: Uint32Array;
  /** Open addressing with linear probing, a power of two long: rank + 1, or 0 for an empty slot. */
  slots: Int32Array;
}

const BASE64 = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;

const SPACE = 0x20;
const NEWLINE = 0x0a;
const PAD = 0x3d; // '='

/** FNV-1a over a byte range: cheap, and spreads the short, similar keys of a vocabulary well. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/**
 * Parses a `.tiktoken` file. Throws on a line that is not `base64 rank`, or on ranks that are not
 * 0, 1, 2… in order (every tiktoken file so far is laid out so; the table relies on it).
 */
export function parseTiktoken(file: Uint8Array): RankArrays {
  // Every line holds at least 4 base64 characters for at most 3 bytes, so the bytes fit in this.
  const bytes = new Uint8Array(Math.ceil(file.length * 0.75));
  let lines = 0;
  for (let i = 0; i < file.length; i++) if (file[i] === NEWLINE) lines++;
  if (file.length > 0 && file[file.length - 1] !== NEWLINE) lines++;
  const starts = new Uint32Array(lines + 1);

  let out = 0;
  let rank = 0;
  let i = 0;
  while (i < file.length) {
    if (file[i] === NEWLINE) {
      i++;
      continue;
    }
    starts[rank] = out;
    // The base64 part, four characters at a time.
    let acc = 0;
    let bits = 0;
    while (i < file.length && file[i] !== SPACE) {
      const c = file[i++] as number;
      if (c === PAD) continue;
      const v = c < 128 ? (BASE64[c] as number) : -1;
      if (v < 0) throw new Error(`tiktoken ranks: line ${rank + 1} is not base64 followed by a rank`);
      acc = (acc << 6) | v;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes[out++] = (acc >> bits) & 0xff;
      }
    }
    i++; // the space
    let n = 0;
    let digits = 0;
    while (i < file.length && file[i] !== NEWLINE) {
      const d = (file[i++] as number) - 0x30;
      if (d < 0 || d > 9) throw new Error(`tiktoken ranks: line ${rank + 1} is not base64 followed by a rank`);
      n = n * 10 + d;
      digits++;
    }
    if (digits === 0 || n !== rank || out === starts[rank]) throw new Error(`tiktoken ranks: line ${rank + 1} does not hold rank ${rank}`);
    rank++;
  }
  const size = rank;
  starts[size] = out;

  // Open addressing, linear probing, at most half full; a slot holds rank + 1 (0 is empty).
  let capacity = 1;
  while (capacity < size * 2) capacity <<= 1;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  for (let r = 0; r < size; r++) {
    let s = hashBytes(bytes, starts[r] as number, starts[r + 1] as number) & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = r + 1;
  }
  return { bytes: bytes.subarray(0, out), starts: starts.subarray(0, size + 1), slots };
}

/** Lookups over arrays made by {@link parseTiktoken} (or read back from a rank file). */
export function rankTable({ bytes, starts, slots }: RankArrays): RankTable {
  const size = starts.length - 1;
  const mask = slots.length - 1;
  return {
    size,
    rankOf(key, start, end) {
      const length = end - start;
      let s = hashBytes(key, start, end) & mask;
      // Bounded, so even a damaged table cannot loop forever.
      for (let probes = 0; probes <= mask; probes++) {
        const slot = slots[s] as number;
        if (slot === 0) return -1;
        const r = slot - 1;
        const at = starts[r] as number;
        if ((starts[r + 1] as number) - at === length) {
          let k = 0;
          while (k < length && bytes[at + k] === key[start + k]) k++;
          if (k === length) return r;
        }
        s = (s + 1) & mask;
      }
      return -1;
    },
  };
}
