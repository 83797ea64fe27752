/**
 * The workspace index's reader of `.git/index` (versions 2, 3 and 4): finds a work tree's git
 * folder, reads the file, and walks its entries one by one ({@link IndexCursor}: name, type and
 * size, what completion lists). No git is spawned: git would run repository-controlled programs
 * (`core.fsmonitor`) even for a listing. Read-only: the index is never written. `@diff` reads every
 * field of the same file with src/main/git/index-file.ts.
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a git index entry is, from its mode: see {@link typeOfMode}. */
export type TrackedType = 'file' | 'symlink' | 'submodule' | 'folder';

/** Why the index could not be read; expected failures are values, not throws. */
export interface GitIndexFailure {
  ok: false;
  code: 'no_repository' | 'unsupported' | 'too_large' | 'corrupt';
  message: string;
}

/** Largest index read, in bytes: a 1,000,000-file index is about 100 MiB. Default 256 MiB. */
export const MAX_GIT_INDEX_BYTES = 256 * 1024 * 1024;

/** Finds the git folder of the work tree `root`: `.git`, or where a `gitdir:` file points. */
export async function findGitDir(root: string): Promise<string | null> {
  const dotGit = path.join(root, '.git');
  const info = await stat(dotGit).catch(() => null);
  if (!info) return null;
  if (info.isDirectory()) return dotGit;
  // Worktrees and submodules: `.git` is a file saying `gitdir: <path>`.
  const buf = await readCapped(dotGit, 4096);
  const match = Buffer.isBuffer(buf) ? /^gitdir:\s*(.+?)\s*$/m.exec(buf.toString('utf8')) : null;
  return match?.[1] ? path.resolve(root, match[1]) : null;
}

/** Reads at most `cap` bytes of a regular file; null if it is missing, not regular, or larger. */
async function readCapped(file: string, cap: number, signal?: AbortSignal): Promise<Buffer | 'too_large' | null> {
  // Non-blocking: a FIFO as `.git/index` must not make `open` wait for a writer.
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    if (info.size > cap) return 'too_large';
    const buf = Buffer.allocUnsafe(Math.min(info.size, cap) + 1);
    let read = 0;
    // Count bytes actually read: the file may grow between fstat and read.
    while (read < buf.length) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buf, read, buf.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return read > cap ? 'too_large' : buf.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** Reads the bytes of `index` in the git folder `gitDir` (see {@link findGitDir}). */
export async function readGitIndexBytes(gitDir: string, signal?: AbortSignal, cap = MAX_GIT_INDEX_BYTES): Promise<Buffer | GitIndexFailure> {
  const buf = await readCapped(path.join(gitDir, 'index'), cap, signal);
  if (buf === null) return { ok: false, code: 'no_repository', message: 'no git index in this folder' };
  if (buf === 'too_large') return { ok: false, code: 'too_large', message: 'the git index is larger than the index reader allows' };
  return buf;
}

function typeOfMode(mode: number): TrackedType {
  switch (mode >>> 12) {
    case 0o12: return 'symlink';
    case 0o16: return 'submodule';
    case 0o04: return 'folder';
    default: return 'file';
  }
}

/**
 * Reads the entries of the bytes of a `.git/index` file (versions 2, 3 and 4) one by one, in the
 * index's order (sorted by path): `next()` moves to the next listed entry and fills the fields.
 * Skip-worktree entries (outside a sparse checkout) are left out, and a conflict's stage 1-3
 * entries are listed once. Allocates nothing per entry, so the caller decides what to decode (a
 * workspace index of 100,000 files decodes almost nothing); a cursor rather than a callback keeps
 * the caller's loop in one optimised function.
 */
export class IndexCursor {
  /** The entry's name is `names[from..to)`: UTF-8, repo-relative, POSIX; valid until `next()`. */
  names: Buffer;
  from = 0;
  to = 0;
  type: TrackedType = 'file';
  /** The size git recorded (stale for a file modified since it was staged). */
  size = 0;
  /** Set when `next()` returned false because the bytes are not a readable index. */
  failure: GitIndexFailure | null = null;
  private readonly version: number = 0;
  /** Number of entries in the index (every stage and skip-worktree entry counted). */
  readonly entries: number = 0;
  private read = 0;
  private offset = 12;
  // Version 4: the current name, rebuilt from the previous one (a prefix of it plus a suffix).
  private scratch = Buffer.alloc(4096);
  private scratchLength = 0;
  // The last listed name (where it is, and its length): a later stage of it is not listed again.
  private lastAt = -1;
  private lastLength = -1;

  constructor(private readonly buf: Buffer) {
    this.names = buf;
    if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') {
      this.failure = { ok: false, code: 'corrupt', message: 'the git index has no DIRC header' };
      return;
    }
    this.version = buf.readUInt32BE(4);
    if (this.version < 2 || this.version > 4) {
      this.failure = { ok: false, code: 'unsupported', message: `git index version ${this.version} is not supported` };
      return;
    }
    const entries = buf.readUInt32BE(8);
    // Every entry takes at least 62 bytes: a larger count is damage, and must not size anything.
    if (entries > (buf.length - 12) / 62) {
      this.failure = { ok: false, code: 'corrupt', message: 'the git index counts more entries than it holds' };
      return;
    }
    this.entries = entries;
  }

  /** Moves to the next listed entry; false at the end or on a failure (see {@link failure}). */
  next(): boolean {
    const { buf, version } = this;
    const length = buf.length;
    while (this.failure === null && this.read < this.entries) {
      this.read++;
      const start = this.offset;
      if (start + 62 > length) return this.truncated();
      // Read byte by byte (the bounds are checked above): Buffer#readUInt32BE checks them again.
      const mode = ((buf[start + 24] as number) << 24 | (buf[start + 25] as number) << 16 | (buf[start + 26] as number) << 8 | (buf[start + 27] as number)) >>> 0;
      const size = ((buf[start + 36] as number) << 24 | (buf[start + 37] as number) << 16 | (buf[start + 38] as number) << 8 | (buf[start + 39] as number)) >>> 0;
      const flags = (buf[start + 60] as number) << 8 | (buf[start + 61] as number);
      let offset = start + 62;
      let skipWorktree = false;
      if (version >= 3 && flags & 0x4000) {
        if (offset + 2 > length) return this.truncated();
        skipWorktree = ((buf[offset] as number) & 0x40) !== 0;
        offset += 2;
      }
      const stage = (flags >> 12) & 3;
      let repeated: boolean;
      if (version === 4) {
        // Path prefix compression: drop N bytes of the previous name, then append the suffix.
        let c = buf[offset++] as number;
        let drop = c & 127;
        while (c & 128) {
          // Past the previous name's length it cannot be right: stop before the number grows
          // past 32 bits (a shift would wrap it negative and let it through).
          if (offset >= length || drop > this.scratchLength) return this.truncated();
          c = buf[offset++] as number;
          drop = (drop + 1) * 128 + (c & 127);
        }
        const end = buf.indexOf(0, offset);
        if (end < 0 || drop > this.scratchLength) return this.truncated();
        let scratchLength = this.scratchLength;
        // Same name as the last listed one: the suffix puts back exactly the bytes it drops.
        repeated = stage > 1 && this.lastLength === scratchLength && end - offset === drop && buf.compare(this.scratch, scratchLength - drop, scratchLength, offset, end) === 0;
        scratchLength -= drop;
        if (scratchLength + end - offset > this.scratch.length) this.scratch = Buffer.concat([this.scratch.subarray(0, scratchLength), Buffer.alloc(end - offset + this.scratch.length)]);
        scratchLength += buf.copy(this.scratch, scratchLength, offset, end);
        this.scratchLength = scratchLength;
        this.names = this.scratch;
        this.from = 0;
        this.to = scratchLength;
        this.offset = end + 1;
        if (!repeated) this.lastLength = skipWorktree ? -1 : scratchLength;
      } else {
        const nameLength = flags & 0xfff;
        const end = nameLength < 0xfff ? offset + nameLength : buf.indexOf(0, offset);
        if (end < 0 || end > length) return this.truncated();
        repeated = stage > 1 && this.lastLength === end - offset && buf.compare(buf, this.lastAt, this.lastAt + this.lastLength, offset, end) === 0;
        this.names = buf;
        this.from = offset;
        this.to = end;
        // Entries are NUL-padded to a multiple of 8 bytes (1 to 8 NULs).
        this.offset = start + ((end - start + 8) & ~7);
        if (!repeated && !skipWorktree) {
          this.lastAt = offset;
          this.lastLength = end - offset;
        }
      }
      if (skipWorktree || repeated) continue;
      this.type = typeOfMode(mode);
      this.size = size;
      return true;
    }
    return false;
  }

  private truncated(): false {
    this.failure = { ok: false, code: 'corrupt', message: 'the git index ends in the middle of an entry' };
    return false;
  }
}
