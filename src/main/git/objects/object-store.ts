/**
 * A fast, read-only reader of git objects: packs (`.idx` lookup, `.pack` entries inflated with
 * node:zlib's synchronous inflate, deltas applied) and loose objects. One store per repository
 * lives in the git session across calls, with a bounded cache of inflated delta bases, so the
 * deltas of a log or a diff mostly start from a base already in memory.
 *
 * Files are read through the `readFile` handed in (the session's read-only, byte-capped read),
 * never written. An object the store cannot find (alternates, a pack format it does not read)
 * is `null`: the caller falls back to isomorphic-git.
 */
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { applyDelta } from './delta';
import { findOffset, parsePackIndex, type PackIndex } from './pack-index';

/** The object kinds a store returns. */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** One object: its kind and its bytes (without git's `type size\0` header). */
export interface GitObject {
  type: ObjectType;
  data: Buffer;
}

/** How a store reads and lists files: the repository's read-only file access. */
export interface StoreFiles {
  /** The whole file (throws when missing or over its cap). */
  readFile(file: string): Buffer;
  /** Names in a folder ([] when missing). */
  readdir(dir: string): string[];
}

/** Bytes of inflated delta bases kept per repository. Default 32 MiB (git's core.deltaBaseCacheLimit is 96 MiB). */
export const DELTA_BASE_CACHE_BYTES = 32 * 1024 * 1024;

const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;

interface Pack {
  file: string;
  idx: PackIndex;
  data: Buffer | null;
}

/** A read-only object reader for one repository's object folder. */
export class ObjectStore {
  private packs: Pack[] | null = null;
  private readonly bases = new Map<string, GitObject>();
  private baseBytes = 0;

  constructor(
    private readonly objectsDir: string,
    private readonly files: StoreFiles,
    private readonly baseCacheBytes = DELTA_BASE_CACHE_BYTES,
  ) {}

  /** The object with id `oid` (40 hex digits), or null when this store cannot find it. */
  read(oid: string): GitObject | null {
    const id = Buffer.from(oid, 'hex');
    if (id.length !== 20) return null;
    for (const pack of this.packList()) {
      const offset = findOffset(pack.idx, id);
      if (offset >= 0) return this.readPacked(pack, offset);
    }
    return this.readLoose(oid);
  }

  private packList(): Pack[] {
    if (this.packs) return this.packs;
    const dir = path.join(this.objectsDir, 'pack');
    const packs: Pack[] = [];
    for (const name of this.files.readdir(dir).sort()) {
      if (!name.endsWith('.idx')) continue;
      const file = path.join(dir, `${name.slice(0, -4)}.pack`);
      try {
        const data = this.files.readFile(file);
        const idx = parsePackIndex(this.files.readFile(path.join(dir, name)));
        if (idx) packs.push({ file, idx, data });
      } catch {
        // A pack being written or removed now: its objects are found loose or in another pack.
      }
    }
    this.packs = packs;
    return packs;
  }

  private readLoose(oid: string): GitObject | null {
    let raw: Buffer;
    try {
      raw = this.files.readFile(path.join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    const inflated = inflateSync(raw);
    const space = inflated.indexOf(32);
    const nul = inflated.indexOf(0, space);
    const type = inflated.toString('latin1', 0, space) as ObjectType;
    if (space < 0 || nul < 0 || !['commit', 'tree', 'blob', 'tag'].includes(type)) throw new Error(`git object ${oid} has a broken header`);
    return { type, data: inflated.subarray(nul + 1) };
  }

  /** The object at `offset`, resolving delta chains from the nearest cached or whole base. */
  private readPacked(pack: Pack, offset: number): GitObject | null {
    // Walk down the chain until a whole object or a cached base, then apply the deltas upward.
    const deltas: Array<{ key: string; delta: Buffer }> = [];
    let at = offset;
    let base: GitObject | null = null;
    for (;;) {
      const key = `${pack.file}:${at}`;
      const cached = this.bases.get(key);
      if (cached) {
        base = cached;
        break;
      }
      const entry = this.entryAt(pack, at);
      if (entry.type !== OFS_DELTA && entry.type !== REF_DELTA) {
        const type = TYPES[entry.type];
        if (!type) throw new Error(`git pack ${pack.file} has an object of unknown type ${entry.type} at ${at}`);
        base = { type, data: entry.payload };
        if (deltas.length > 0) this.remember(key, base);
        break;
      }
      deltas.push({ key, delta: entry.payload });
      if (entry.type === OFS_DELTA) {
        at = entry.baseOffset;
      } else {
        const found = findOffset(pack.idx, entry.baseId);
        if (found < 0) {
          // A thin pack's base lives elsewhere: read it through the store.
          base = this.read(entry.baseId.toString('hex'));
          if (!base) return null;
          break;
        }
        at = found;
      }
    }
    for (let i = deltas.length - 1; i >= 0; i--) {
      const { key, delta } = deltas[i] as { key: string; delta: Buffer };
      base = { type: base.type, data: applyDelta(base.data, delta) };
      // Intermediate results are the bases of the next deltas; the requested object is not kept.
      if (i > 0) this.remember(key, base);
    }
    return base;
  }

  private entryAt(pack: Pack, offset: number): { type: number; payload: Buffer; baseOffset: number; baseId: Buffer } {
    const data = pack.data as Buffer;
    let pos = offset;
    let c = data[pos++] as number;
    const type = (c >> 4) & 7;
    // The inflated size: it bounds the inflate (the stream is read up to its own end, with no need
    // to know where the next object starts) and is checked against what came out.
    let size = c & 0x0f;
    for (let shift = 16; c & 0x80; shift *= 128) {
      c = data[pos++] as number;
      size += (c & 0x7f) * shift;
    }
    let baseOffset = -1;
    let baseId: Buffer = EMPTY;
    if (type === OFS_DELTA) {
      c = data[pos++] as number;
      let back = c & 0x7f;
      while (c & 0x80) {
        c = data[pos++] as number;
        back = (back + 1) * 128 + (c & 0x7f);
      }
      baseOffset = offset - back;
    } else if (type === REF_DELTA) {
      baseId = data.subarray(pos, pos + 20);
      pos += 20;
    }
    const payload = inflateSync(data.subarray(pos), { maxOutputLength: Math.max(1, size) });
    if (payload.length !== size) throw new Error(`git pack ${pack.file} holds ${payload.length} bytes at ${offset}, its header says ${size}`);
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
