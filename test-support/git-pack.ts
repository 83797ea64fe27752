/**
 * Builders of git object files byte by byte, for hostile cases native git would never write: pack
 * files (version 2) with any entries, including deltas whose base is themselves, and their `.idx`
 * (version 2); loose objects whose header lies about their size; zlib bombs. Used by the object
 * reader's tests and the fuzz harness (product code never imports this).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** Pack entry types. */
export const PACK_TYPES = { commit: 1, tree: 2, blob: 3, tag: 4, ofsDelta: 6, refDelta: 7 } as const;

/** One entry as written: its type, the size its header says, its compressed payload and delta base. */
export interface PackEntry {
  /** The id the `.idx` lists for this entry (40 hex digits). */
  oid: string;
  type: number;
  /** Bytes the payload inflates to (what the header says; default: the payload's real length). */
  size?: number;
  /** Uncompressed payload (the object's bytes, or a delta). */
  payload: Buffer;
  /** REF_DELTA: the base's id (40 hex digits). */
  baseId?: string;
  /** OFS_DELTA: how many bytes back the base starts (0 points at the entry itself). */
  back?: number;
}

function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let c = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(c | 0x80);
    c = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(c);
  return Buffer.from(bytes);
}

/** git's offset encoding of an OFS_DELTA's distance back. */
function offsetBytes(back: number): Buffer {
  const bytes = [back & 0x7f];
  let n = Math.floor(back / 128);
  while (n > 0) {
    n -= 1;
    bytes.unshift(0x80 | (n & 0x7f));
    n = Math.floor(n / 128);
  }
  return Buffer.from(bytes);
}

/** A pack of `entries` and the offsets they were written at. */
export function buildPack(entries: readonly PackEntry[]): { pack: Buffer; offsets: number[] } {
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'latin1');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(entries.length, 8);
  const parts: Buffer[] = [head];
  const offsets: number[] = [];
  let at = 12;
  for (const e of entries) {
    offsets.push(at);
    const piece = [entryHeader(e.type, e.size ?? e.payload.length)];
    if (e.type === PACK_TYPES.ofsDelta) piece.push(offsetBytes(e.back ?? 0));
    if (e.type === PACK_TYPES.refDelta) piece.push(Buffer.from(e.baseId ?? e.oid, 'hex'));
    piece.push(deflateSync(e.payload));
    const bytes = Buffer.concat(piece);
    parts.push(bytes);
    at += bytes.length;
  }
  const body = Buffer.concat(parts);
  return { pack: Buffer.concat([body, createHash('sha1').update(body).digest()]), offsets };
}

/** A version-2 `.idx` for ids at offsets (sorted here), checksummed for `pack`. */
export function buildIndex(ids: ReadonlyArray<{ oid: string; offset: number; crc?: number }>, pack: Buffer): Buffer {
  const sorted = [...ids].sort((a, b) => a.oid.localeCompare(b.oid));
  const head = Buffer.alloc(8 + 256 * 4);
  head.writeUInt32BE(0xff744f63, 0);
  head.writeUInt32BE(2, 4);
  for (let b = 0; b < 256; b++) head.writeUInt32BE(sorted.filter((e) => parseInt(e.oid.slice(0, 2), 16) <= b).length, 8 + b * 4);
  const names = Buffer.concat(sorted.map((e) => Buffer.from(e.oid, 'hex')));
  const crcs = Buffer.alloc(sorted.length * 4);
  const offs = Buffer.alloc(sorted.length * 4);
  sorted.forEach((e, i) => {
    crcs.writeUInt32BE(e.crc ?? 0, i * 4);
    offs.writeUInt32BE(e.offset >>> 0, i * 4);
  });
  const body = Buffer.concat([head, names, crcs, offs, pack.subarray(pack.length - 20)]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}

/** Writes `entries` as `objects/pack/pack-<hash>.{pack,idx}` under `gitDir`; returns the two paths. */
export function writePack(gitDir: string, entries: readonly PackEntry[], options: { offsets?: (real: number[]) => number[] } = {}): { pack: string; idx: string } {
  const { pack, offsets } = buildPack(entries);
  const used = options.offsets ? options.offsets(offsets) : offsets;
  const idx = buildIndex(
    entries.map((e, i) => ({ oid: e.oid, offset: used[i] as number, crc: crc32(pack.subarray(offsets[i], offsets[i + 1] ?? pack.length - 20)) })),
    pack,
  );
  const name = pack.subarray(pack.length - 20).toString('hex');
  const dir = path.join(gitDir, 'objects', 'pack');
  fs.mkdirSync(dir, { recursive: true });
  const files = { pack: path.join(dir, `pack-${name}.pack`), idx: path.join(dir, `pack-${name}.idx`) };
  fs.writeFileSync(files.pack, pack);
  fs.writeFileSync(files.idx, idx);
  return files;
}

/** A git delta (copy-free): base size, target size, then the target inserted 127 bytes at a time. */
export function insertDelta(baseSize: number, target: Buffer): Buffer {
  const varint = (n: number): number[] => {
    const out: number[] = [];
    do {
      let c = n & 0x7f;
      n = Math.floor(n / 128);
      if (n > 0) c |= 0x80;
      out.push(c);
    } while (n > 0);
    return out;
  };
  const ops: number[] = [...varint(baseSize), ...varint(target.length)];
  for (let i = 0; i < target.length; i += 127) {
    const piece = target.subarray(i, i + 127);
    ops.push(piece.length, ...piece);
  }
  return Buffer.from(ops);
}

/** Adler-32 of `prefix` followed by `zeros` zero bytes (zlib's trailer), without making the zeros. */
function adlerWithZeros(prefix: Buffer, zeros: number): number {
  let a = 1;
  let b = 0;
  for (const c of prefix) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  b = (b + ((zeros % 65521) * a) % 65521) % 65521;
  return ((b << 16) | a) >>> 0;
}

/**
 * A zlib stream of `prefix` then `zeroMiB` MiB of zeros, built from one compressed MiB repeated
 * (full-flushed blocks stand alone), so a 2 GiB bomb takes about 2 MiB and no time to make.
 */
export function zlibBomb(prefix: Buffer, zeroMiB: number): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const mib = deflateRawSync(Buffer.alloc(1024 * 1024), flush);
  const parts = [Buffer.from([0x78, 0x01]), deflateRawSync(prefix, flush)];
  for (let i = 0; i < zeroMiB; i++) parts.push(mib);
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adlerWithZeros(prefix, zeroMiB * 1024 * 1024), 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Replaces the loose object `oid` in `gitDir` by `bytes` (the file git would read for it). */
export function replaceLoose(gitDir: string, oid: string, bytes: Buffer): void {
  const file = path.join(gitDir, 'objects', oid.slice(0, 2), oid.slice(2));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, bytes);
}

/** Removes the loose object `oid` from `gitDir`. */
export function removeLoose(gitDir: string, oid: string): void {
  fs.rmSync(path.join(gitDir, 'objects', oid.slice(0, 2), oid.slice(2)), { force: true });
}
