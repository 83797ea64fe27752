/**
 * A pack's `.idx` file (version 2), parsed once per pack: object id -> offset in the `.pack`, by
 * binary search inside the fan-out bucket of the id's first byte, with no copy of the id table.
 */

/** The parsed index of one pack. */
export interface PackIndex {
  readonly count: number;
  /** `fanout[b]`: objects whose first id byte is <= b. */
  readonly fanout: Uint32Array;
  /** The raw file: ids sorted at {@link ID_TABLE}, 20 bytes each. */
  readonly raw: Buffer;
  /** Offsets in index order (sorted by id). */
  readonly offsets: Float64Array;
  /** Every offset ascending, ending with the offset of the pack's trailer: an object ends where the next begins. */
  readonly sortedOffsets: Float64Array;
}

const MAGIC = 0xff744f63;
const ID_TABLE = 8 + 256 * 4;

/** Parses an `.idx` file of a pack of `packBytes` bytes; null when it is not a version-2 index. */
export function parsePackIndex(raw: Buffer, packBytes: number): PackIndex | null {
  if (raw.length < ID_TABLE || raw.readUInt32BE(0) !== MAGIC || raw.readUInt32BE(4) !== 2) return null;
  const fanout = new Uint32Array(256);
  for (let i = 0; i < 256; i++) fanout[i] = raw.readUInt32BE(8 + i * 4);
  const count = fanout[255] as number;
  const small = ID_TABLE + count * 20 + count * 4; // after the ids and the CRCs
  const large = small + count * 4;
  if (raw.length < large + 40) return null;
  const offsets = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const v = raw.readUInt32BE(small + i * 4);
    // The high bit points into the table of 64-bit offsets (packs over 2 GiB).
    offsets[i] = v & 0x80000000 ? Number(raw.readBigUInt64BE(large + (v & 0x7fffffff) * 8)) : v;
  }
  const sortedOffsets = new Float64Array(count + 1);
  sortedOffsets.set(offsets);
  sortedOffsets[count] = packBytes - 20;
  sortedOffsets.sort();
  return { count, fanout, raw, offsets, sortedOffsets };
}

/** Offset of object `id` (20 raw bytes) in the pack, or -1 when this pack does not hold it. */
export function findOffset(idx: PackIndex, id: Buffer): number {
  const first = id[0] as number;
  let lo = first === 0 ? 0 : (idx.fanout[first - 1] as number);
  let hi = (idx.fanout[first] as number) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const cmp = idx.raw.compare(id, 0, 20, ID_TABLE + mid * 20, ID_TABLE + mid * 20 + 20);
    if (cmp === 0) return idx.offsets[mid] as number;
    // `raw.compare(id, ...)` is positive when the stored id (the source) sorts after `id`.
    if (cmp > 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return -1;
}

/** Where the object starting at `offset` ends (the next object's start, or the trailer). */
export function endOf(idx: PackIndex, offset: number): number {
  const s = idx.sortedOffsets;
  let lo = 0;
  let hi = s.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((s[mid] as number) <= offset) lo = mid + 1;
    else hi = mid;
  }
  return s[lo] as number;
}
