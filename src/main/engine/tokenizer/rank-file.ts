/**
 * A prebuilt rank file: the arrays of a parsed `.tiktoken` file (see rank-table.ts) written as they
 * lie in memory, so loading them is one file read and three array views, with no loop over 200k
 * ranks. Parsing the `.tiktoken` file takes about 75 ms in a fresh process (the loops run before
 * V8 has optimised them); reading this takes a few. The build writes one next to each bundle
 * (`dist/`, `out/main/`); when none is there (running from sources), or when it was made from a
 * different `.tiktoken` file, the loader parses the `.tiktoken` file instead.
 *
 * Layout, little-endian, every section 4-byte aligned:
 *   magic "ATRK", format version, rank count, byte count, slot count, source length (5 × u32)
 *   starts: u32 × (rank count + 1)
 *   slots:  i32 × slot count
 *   bytes:  u8 × byte count
 * The source length is the `.tiktoken` file's size: a different vocabulary file is noticed.
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { RankArrays } from './rank-table';

const MAGIC = 0x4b525441; // "ATRK" read as a little-endian u32
/** Bumped whenever the layout or the hash in rank-table.ts changes. */
const FORMAT = 1;
const HEADER_WORDS = 6;

/** Writes `arrays`, parsed from a `.tiktoken` file of `sourceLength` bytes, to `file` (atomically). */
export function writeRankFile(file: string, arrays: RankArrays, sourceLength: number): void {
  const { bytes, starts, slots } = arrays;
  const header = new Uint32Array([MAGIC, FORMAT, starts.length - 1, bytes.length, slots.length, sourceLength]);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([u8(header), u8(starts), u8(slots), bytes]));
  renameSync(tmp, file);
}

/**
 * The arrays in a rank file's contents, or null when they are cut short, of another format, or
 * made from a `.tiktoken` file of another length than `sourceLength`.
 */
export function rankArraysOf(data: Uint8Array, sourceLength: number): RankArrays | null {
  if (data.length < HEADER_WORDS * 4) return null;
  // Views need 4-byte alignment; a file this size gets its own buffer, but do not rely on it.
  const buffer = data.byteOffset % 4 === 0 ? data.buffer : new Uint8Array(data).buffer;
  const base = data.byteOffset % 4 === 0 ? data.byteOffset : 0;
  const header = new Uint32Array(buffer, base, HEADER_WORDS);
  const [magic, format, size, byteCount, slotCount, source] = header as unknown as number[];
  if (magic !== MAGIC || format !== FORMAT || source !== sourceLength) return null;
  const startsAt = base + HEADER_WORDS * 4;
  const slotsAt = startsAt + ((size as number) + 1) * 4;
  const bytesAt = slotsAt + (slotCount as number) * 4;
  if (bytesAt + (byteCount as number) !== base + data.length) return null;
  if (slotCount === 0 || ((slotCount as number) & ((slotCount as number) - 1)) !== 0) return null;
  const starts = new Uint32Array(buffer, startsAt, (size as number) + 1);
  if (starts[0] !== 0 || starts[size as number] !== byteCount) return null;
  return { starts, slots: new Int32Array(buffer, slotsAt, slotCount as number), bytes: new Uint8Array(buffer, bytesAt, byteCount as number) };
}

function u8(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
