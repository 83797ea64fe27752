/**
 * A pack's `.idx` file (version 2): object id -> offset in the `.pack`, by binary search inside the
 * fan-out bucket of the id's first byte. Nothing is copied out of the file: an offset is read when
 * its id is found, because a first `@git:10` in a fresh process looks up a few hundred of the
 * pack's ids, and decoding all 12,000 offsets of the bench repository's pack up front cost 6-11 ms
 * of it.
 */

/** The index of one pack, over its raw bytes. */
export interface PackIndex {
  readonly count: number;
  /** `fanout[b]`: objects whose first id byte is <= b. */
  readonly fanout: Uint32Array;
  /** The raw file: ids sorted at {@link ID_TABLE}, 20 bytes each, then CRCs, then offsets. */
  readonly raw: Buffer;
  /** Where the 4-byte offsets start (in id order). */
  readonly small: number;
  /** Where the 8-byte offsets of packs over 2 GiB start. */
  readonly large: number;
}

const MAGIC = 0xff744f63;
const ID_TABLE = 8 + 256 * 4;
/** The index ends with the pack's checksum and its own. */
const TRAILER = 40;

/** Reads an `.idx` file's header; null when it is not a version-2 index or is too short for its count. */
export function parsePackIndex(raw: Buffer): PackIndex | null {
  if (raw.length < ID_TABLE || raw.readUInt32BE(0) !== MAGIC || raw.readUInt32BE(4) !== 2) return null;
  const fanout = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    fanout[i] = raw.readUInt32BE(8 + i * 4);
    // The fan-out only grows; a table that shrinks would send the search outside the id table.
    if (i > 0 && (fanout[i] as number) < (fanout[i - 1] as number)) return null;
  }
  const count = fanout[255] as number;
  const small = ID_TABLE + count * 20 + count * 4; // after the ids and the CRCs
  const large = small + count * 4;
  if (raw.length < large + TRAILER) return null;
  return { count, fanout, raw, small, large };
}

/** Offset in the pack of the object at position `i` of the id table; -2 when the index is damaged there. */
function offsetAt(idx: PackIndex, i: number): number {
  const v = idx.raw.readUInt32BE(idx.small + i * 4);
  if ((v & 0x80000000) === 0) return v;
  // The high bit points into the table of 64-bit offsets (packs over 2 GiB).
  const at = idx.large + (v & 0x7fffffff) * 8;
  if (at + 8 > idx.raw.length - TRAILER) return -2;
  const big = idx.raw.readBigUInt64BE(at);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : -2;
}

/** Offset of object `id` (20 raw bytes) in the pack, -1 when this pack does not hold it, -2 when its entry is damaged. */
export function findOffset(idx: PackIndex, id: Buffer): number {
  const first = id[0] as number;
  let lo = first === 0 ? 0 : (idx.fanout[first - 1] as number);
  let hi = Math.min(idx.fanout[first] as number, idx.count) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const cmp = idx.raw.compare(id, 0, 20, ID_TABLE + mid * 20, ID_TABLE + mid * 20 + 20);
    if (cmp === 0) return offsetAt(idx, mid);
    // `raw.compare(id, ...)` is positive when the stored id (the source) sorts after `id`.
    if (cmp > 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return -1;
}
