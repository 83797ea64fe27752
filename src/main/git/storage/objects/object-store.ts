/**
 * A fast, read-only reader of git objects: packs (`.idx` lookup, `.pack` entries inflated with
 * node:zlib's synchronous inflate, deltas applied), loose objects, and the stores an
 * `objects/info/alternates` file names (`git clone --shared`, `--reference`). One store per
 * repository lives in the git session across calls, with a bounded cache of inflated delta bases, so
 * the deltas of a log or a diff mostly start from a base already in memory.
 *
 * Files are read through the `readFile` handed in (the session's read-only, byte-capped read that
 * refuses FIFOs and devices), never written. The bytes are untrusted (a repository can arrive in an
 * archive or a synced folder), so every walk has a budget: a delta chain has a depth limit and a
 * visited set (a delta whose base is itself, or an offset delta pointing at itself or forward, is
 * damaged, as git says), every inflate has an output cap, and the caller's `check` (the git
 * deadline) runs at every step, so a synchronous walk can always be ended.
 */
import path from 'node:path';
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { applyDelta } from './delta';
import { inflateOptions, inflatePacked } from './inflater';
import { GitObjectError } from './object-error';
import { findOffset, parsePackIndex, type PackIndex } from './pack-index';
import { PackFile, type ReadRange } from './pack-file';

/** The object kinds a store returns. */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** One object: its kind and its bytes (without git's `type size\0` header). */
export interface GitObject {
  type: ObjectType;
  data: Buffer;
}

/** How a store reads and lists files: the repository's read-only file access. */
export interface StoreFiles {
  /** The whole file (throws when missing, over its cap, or not a regular file). */
  readFile(file: string): Buffer;
  /** Part of a file and its size (a pack, window by window; the same refusals as `readFile`). */
  readRange: ReadRange;
  /** Names in a folder ([] when missing). */
  readdir(dir: string): string[];
}

/** Called between steps of a read; throws to end it (the git deadline's `throwIfAborted`). */
export type Check = () => void;

/** Bytes of inflated delta bases kept per repository. Default 32 MiB (git's core.deltaBaseCacheLimit is 96 MiB). */
export const DELTA_BASE_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Largest object unpacked. Default 128 MiB: far past what a reference can attach as text (a larger
 * blob is refused as too large, never inflated), and it keeps a zlib bomb from taking the memory.
 */
export const MAX_OBJECT_BYTES = 128 * 1024 * 1024;
/** Longest delta chain followed. Default 10,000 (git writes chains of at most 4,095, `pack.depth`'s maximum). */
export const MAX_DELTA_DEPTH = 10_000;
/** Bytes of deltas held while one chain is walked. Default 256 MiB. */
export const MAX_CHAIN_BYTES = 256 * 1024 * 1024;
/** How deep alternates may name further alternates: 5, git's own limit. */
export const MAX_ALTERNATE_DEPTH = 5;

const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** A pack starts with `PACK`, a version and a count (12 bytes) and ends with a 20-byte checksum. */
const PACK_HEADER = 12;
const PACK_TRAILER = 20;
const noCheck: Check = () => {};

interface Pack {
  file: string;
  idx: PackIndex;
  data: PackFile;
}

/** Bytes read at an entry's start for its header (type, size, delta base); more are read if a header is longer. */
const ENTRY_HEAD_BYTES = 64;

/**
 * The most bytes zlib's deflate writes for `n` bytes (its `compressBound`): what is read of a packed
 * object's compressed stream first. A stream written otherwise and longer is read again up to the
 * end of the pack, as it always was.
 */
function deflateBound(n: number): number {
  return n + Math.floor(n / 4096) + Math.floor(n / 16384) + Math.floor(n / 33554432) + 13;
}

/** One read's budget: shared by the thin-pack and alternate reads it makes. */
interface Walk {
  check: Check;
  oid: string;
  /** Deltas followed so far, over every pack this read touched. */
  depth: number;
  /** Delta bytes held so far. */
  bytes: number;
}

/** A read-only object reader for one repository's object folder (and its alternates). */
export class ObjectStore {
  private packs: Pack[] | null = null;
  private alternates: ObjectStore[] | null = null;
  private readonly bases = new Map<string, GitObject>();
  private baseBytes = 0;

  constructor(
    private readonly objectsDir: string,
    private readonly files: StoreFiles,
    private readonly baseCacheBytes = DELTA_BASE_CACHE_BYTES,
    /** Folders already in the alternates chain (git ignores a store named twice), and how deep it is. */
    private readonly chain: { dirs: Set<string>; depth: number } = { dirs: new Set([path.resolve(objectsDir)]), depth: 0 },
  ) {}

  /**
   * The object with id `oid` (40 hex digits), or null when no store holds it. Throws
   * {@link GitObjectError} for a damaged or too large object, and whatever `check` throws.
   */
  read(oid: string, check: Check = noCheck): GitObject | null {
    return this.readIn(oid, { check, oid, depth: 0, bytes: 0 });
  }

  private readIn(asked: string, walk: Walk): GitObject | null {
    walk.check();
    const oid = asked.toLowerCase();
    const id = Buffer.from(oid, 'hex');
    if (id.length !== 20 || !/^[0-9a-f]{40}$/i.test(oid)) return null;
    let packed: GitObject | null | undefined;
    try {
      packed = this.fromPacks(oid, id, walk);
    } catch (err) {
      // A pack removed since it was listed (`git gc` now): list the packs again and look once more.
      if (!isGone(err)) throw err;
      this.packs = null;
      packed = this.fromPacks(oid, id, walk);
    }
    if (packed !== undefined) return packed;
    const loose = this.readLoose(oid, walk.oid);
    if (loose) return loose;
    for (const alternate of this.alternateList()) {
      const found = alternate.readIn(oid, walk);
      if (found) return found;
    }
    return null;
  }

  /** The object from the first pack that holds it; undefined when none does. */
  private fromPacks(oid: string, id: Buffer, walk: Walk): GitObject | null | undefined {
    for (const pack of this.packList()) {
      const offset = findOffset(pack.idx, id);
      if (offset === -2) throw new GitObjectError('ObjectDamaged', walk.oid, `the index of ${pack.file} has a broken offset for ${oid}`);
      if (offset >= 0) return this.readPacked(pack, offset, walk);
    }
    return undefined;
  }

  private packList(): Pack[] {
    if (this.packs) return this.packs;
    const dir = path.join(this.objectsDir, 'pack');
    const packs: Pack[] = [];
    for (const name of this.files.readdir(dir).sort()) {
      if (!name.endsWith('.idx')) continue;
      const file = path.join(dir, `${name.slice(0, -4)}.pack`);
      let data: PackFile;
      let raw: Buffer;
      try {
        // Only the pack's first window: its objects are read where the index says they are.
        data = PackFile.open(file, this.files.readRange);
        raw = this.files.readFile(path.join(dir, name));
      } catch (err) {
        // A pack being written or removed now: its objects are found loose or in another pack.
        // Anything else (a FIFO, a device, a file far too large) is refused with its own sentence.
        if (isGone(err)) continue;
        throw err;
      }
      const idx = parsePackIndex(raw);
      if (idx && data.size >= PACK_HEADER + PACK_TRAILER) packs.push({ file, idx, data });
    }
    this.packs = packs;
    return packs;
  }

  /** The stores `info/alternates` names, as git reads them: one folder a line, `#` comments, relative to this one. */
  private alternateList(): ObjectStore[] {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    if (this.chain.depth >= MAX_ALTERNATE_DEPTH) return this.alternates;
    let text: string;
    try {
      text = this.files.readFile(path.join(this.objectsDir, 'info', 'alternates')).toString('utf8');
    } catch (err) {
      if (isGone(err)) return this.alternates;
      throw err;
    }
    for (const line of text.split('\n')) {
      const entry = unquote(line.replace(/\r$/, ''));
      if (entry === '' || entry.startsWith('#')) continue;
      const dir = path.resolve(this.objectsDir, entry);
      if (this.chain.dirs.has(dir)) continue;
      this.chain.dirs.add(dir);
      this.alternates.push(new ObjectStore(dir, this.files, this.baseCacheBytes, { dirs: this.chain.dirs, depth: this.chain.depth + 1 }));
    }
    return this.alternates;
  }

  private readLoose(oid: string, asked: string): GitObject | null {
    let raw: Buffer;
    try {
      raw = this.files.readFile(path.join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch (err) {
      if (isGone(err)) return null;
      throw err;
    }
    // The header says the size first: a zlib bomb is refused before anything is inflated.
    const head = inflateHead(raw, asked);
    const space = head.indexOf(32);
    const nul = head.indexOf(0, space);
    const type = head.toString('latin1', 0, Math.max(0, space)) as ObjectType;
    const sizeText = head.toString('latin1', space + 1, nul);
    if (space < 0 || nul < 0 || !['commit', 'tree', 'blob', 'tag'].includes(type) || !/^\d{1,15}$/.test(sizeText)) {
      throw new GitObjectError('ObjectDamaged', asked, `loose object ${oid} has a broken header`);
    }
    const size = Number(sizeText);
    if (size > MAX_OBJECT_BYTES) throw new GitObjectError('ObjectTooLarge', asked, `loose object ${oid} says ${size} bytes`);
    const inflated = inflateCapped(raw, nul + 1 + size, asked);
    if (inflated.length !== nul + 1 + size) throw new GitObjectError('ObjectDamaged', asked, `loose object ${oid} holds ${inflated.length - nul - 1} bytes, its header says ${size}`);
    return { type, data: inflated.subarray(nul + 1) };
  }

  /** The object at `offset`, resolving delta chains from the nearest cached or whole base. */
  private readPacked(pack: Pack, offset: number, walk: Walk): GitObject | null {
    // Walk down the chain until a whole object or a cached base, then apply the deltas upward.
    const deltas: Array<{ key: string; delta: Buffer }> = [];
    const visited = new Set<number>();
    let at = offset;
    let base: GitObject | null = null;
    for (;;) {
      walk.check();
      const key = `${pack.file}:${at}`;
      const cached = this.bases.get(key);
      if (cached) {
        base = cached;
        break;
      }
      if (visited.has(at)) throw new GitObjectError('ObjectDamaged', walk.oid, `a delta chain in ${pack.file} comes back to offset ${at}`);
      visited.add(at);
      const entry = this.entryAt(pack, at, walk.oid);
      if (entry.type !== OFS_DELTA && entry.type !== REF_DELTA) {
        const type = TYPES[entry.type];
        if (!type) throw new GitObjectError('ObjectDamaged', walk.oid, `${pack.file} has an object of unknown type ${entry.type} at ${at}`);
        base = { type, data: entry.payload };
        if (deltas.length > 0) this.remember(key, base);
        break;
      }
      walk.depth += 1;
      walk.bytes += entry.payload.length;
      if (walk.depth > MAX_DELTA_DEPTH) throw new GitObjectError('ObjectDamaged', walk.oid, `a delta chain in ${pack.file} is deeper than ${MAX_DELTA_DEPTH}`);
      if (walk.bytes > MAX_CHAIN_BYTES) throw new GitObjectError('ObjectTooLarge', walk.oid, `a delta chain in ${pack.file} holds more than ${MAX_CHAIN_BYTES} bytes`);
      deltas.push({ key, delta: entry.payload });
      if (entry.type === OFS_DELTA) {
        at = entry.baseOffset;
      } else {
        const found = findOffset(pack.idx, entry.baseId);
        if (found === -2) throw new GitObjectError('ObjectDamaged', walk.oid, `the index of ${pack.file} has a broken offset`);
        if (found < 0) {
          // A thin pack's base lives elsewhere: read it through the store, within the same budget.
          base = this.readIn(entry.baseId.toString('hex'), walk);
          if (!base) return null;
          break;
        }
        at = found;
      }
    }
    for (let i = deltas.length - 1; i >= 0; i--) {
      walk.check();
      const { key, delta } = deltas[i] as { key: string; delta: Buffer };
      base = { type: base.type, data: applied(base.data, delta, walk.oid, pack.file) };
      // Intermediate results are the bases of the next deltas; the requested object is not kept.
      if (i > 0) this.remember(key, base);
    }
    return base;
  }

  private entryAt(pack: Pack, offset: number, asked: string): { type: number; payload: Buffer; baseOffset: number; baseId: Buffer } {
    const data = pack.data;
    const end = data.size - PACK_TRAILER;
    const damaged = (what: string): GitObjectError => new GitObjectError('ObjectDamaged', asked, `${pack.file} at ${offset}: ${what}`);
    if (offset < PACK_HEADER || offset >= end) throw damaged(`the index points past the pack (${data.size} bytes)`);
    let pos = offset;
    let head = data.bytes(offset, Math.min(end, offset + ENTRY_HEAD_BYTES));
    let headAt = offset;
    const byte = (): number => {
      if (pos >= end) throw damaged('an entry header runs past the pack');
      if (pos - headAt >= head.length) {
        head = data.bytes(pos, Math.min(end, pos + ENTRY_HEAD_BYTES));
        headAt = pos;
      }
      return head[pos++ - headAt] as number;
    };
    let c = byte();
    const type = (c >> 4) & 7;
    // The inflated size: it bounds the inflate (the stream is read up to its own end, with no need
    // to know where the next object starts) and is checked against what came out.
    let size = c & 0x0f;
    for (let shift = 16; c & 0x80; shift *= 128) {
      c = byte();
      size += (c & 0x7f) * shift;
      if (size > MAX_OBJECT_BYTES) throw new GitObjectError('ObjectTooLarge', asked, `${pack.file} at ${offset} holds an object of more than ${MAX_OBJECT_BYTES} bytes`);
    }
    let baseOffset = -1;
    let baseId: Buffer = EMPTY;
    if (type === OFS_DELTA) {
      c = byte();
      let back = c & 0x7f;
      while (c & 0x80) {
        c = byte();
        back = (back + 1) * 128 + (c & 0x7f);
        if (back > offset) break;
      }
      // git's rule: an offset delta's base lies strictly before it, inside the pack.
      baseOffset = offset - back;
      if (back === 0 || baseOffset < PACK_HEADER) throw damaged(`an offset delta points ${back} bytes back`);
    } else if (type === REF_DELTA) {
      if (pos + 20 > end) throw damaged('a reference delta runs past the pack');
      baseId = data.bytes(pos, pos + 20);
      pos += 20;
    }
    // The stream is inflated up to its own end; what follows it in the input is not looked at.
    const first = Math.min(end, pos + deflateBound(size));
    let payload = inflatePacked(data.bytes(pos, first), size);
    if (!payload && first < end) payload = inflatePacked(data.bytes(pos, end), size);
    if (!payload) throw damaged('its compressed data does not inflate to the size its header says');
    if (payload.length !== size) throw damaged(`it holds ${payload.length} bytes, its header says ${size}`);
    return { type, payload, baseOffset, baseId };
  }

  private remember(key: string, object: GitObject): void {
    if (object.data.length > this.baseCacheBytes / 4) return;
    const old = this.bases.get(key);
    if (old) {
      this.bases.delete(key);
      this.baseBytes -= old.data.length;
    }
    this.bases.set(key, object);
    this.baseBytes += object.data.length;
    for (const [k, v] of this.bases) {
      if (this.baseBytes <= this.baseCacheBytes) break;
      this.bases.delete(k);
      this.baseBytes -= v.data.length;
    }
  }
}

const EMPTY = Buffer.alloc(0);

/** {@link applyDelta} with its size cap, its failures said as the object's damage. */
function applied(base: Buffer, delta: Buffer, asked: string, file: string): Buffer {
  try {
    return applyDelta(base, delta, MAX_OBJECT_BYTES);
  } catch (err) {
    throw new GitObjectError('ObjectDamaged', asked, `a delta in ${file} does not apply: ${(err as Error).message}`);
  }
}

/** True for a file that is simply not there (ENOENT, ENOTDIR): a pack or object removed, or never written. */
function isGone(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Compressed bytes inflated to find a loose object's header (`blob 12345\0`): a few hundred reach
 * past a block's Huffman tables for almost every object; the second try covers the rest.
 */
const HEAD_INPUT_BYTES = [256, 8192];
/** Output allowed while looking for the header: deflate inflates at most about 1,032 times its input. */
const HEAD_OUTPUT_BYTES = 16 * 1024 * 1024;

/** The first inflated bytes of a loose object: enough for its header, whatever the rest holds. */
function inflateHead(raw: Buffer, asked: string): Buffer {
  let head = EMPTY;
  for (const bytes of HEAD_INPUT_BYTES) {
    try {
      // A sync flush on a cut stream gives what the first bytes hold instead of an error, so a
      // bomb costs at most a thousand times these few bytes here.
      head = inflateSync(raw.subarray(0, bytes), { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: HEAD_OUTPUT_BYTES });
    } catch {
      throw new GitObjectError('ObjectDamaged', asked, 'a loose object is not zlib data');
    }
    if (head.includes(0) || bytes >= raw.length) break;
  }
  return head;
}

/** Inflates a whole loose object of `expected` bytes; more or less is damage. */
function inflateCapped(raw: Buffer, expected: number, asked: string): Buffer {
  try {
    return inflateSync(raw, inflateOptions(expected));
  } catch {
    throw new GitObjectError('ObjectDamaged', asked, 'a loose object does not inflate to the size its header says');
  }
}

/** A line of `info/alternates` may be C-quoted (`"..."` with backslash escapes), as git writes names with odd characters. */
function unquote(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('"') || !trimmed.endsWith('"') || trimmed.length < 2) return line;
  const bytes: number[] = [];
  const body = Buffer.from(trimmed.slice(1, -1), 'utf8');
  const ESC: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as number;
    if (c !== 92) {
      bytes.push(c);
      continue;
    }
    const next = String.fromCharCode(body[i + 1] ?? 0);
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.toString('latin1', i + 1, i + 4), 8) & 0xff);
      i += 3;
    } else {
      bytes.push(ESC[next] ?? (body[i + 1] as number));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
