/**
 * Reads the tracked paths of a repository straight from `.git/index` (versions 2, 3 and 4), without
 * spawning git: git would run repository-controlled programs (`core.fsmonitor`) even for a listing,
 * and parsing the file is as fast as `git ls-files` itself. Read-only: the index is never written.
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';

/** One tracked path: its repo-relative POSIX path, git mode and the size git recorded. */
export interface TrackedEntry {
  path: string;
  /** `file` (regular or executable), `symlink`, `submodule` (gitlink) or `folder` (sparse index). */
  type: 'file' | 'symlink' | 'submodule' | 'folder';
  /** Size in bytes from the index's stat data (may be stale for files modified since staging). */
  size: number;
}

/** Why the index could not be read; expected failures are values, not throws. */
export type GitIndexResult =
  | {
    ok: true;
    entries: TrackedEntry[];
    /**
     * 1 where entry i's folder part is known to equal entry i-1's (compared on the index's bytes, so
     * a reader of the sorted list need not compare strings); 0 where it is not known.
     */
    sameFolder: Uint8Array;
  }
  | { ok: false; code: 'no_repository' | 'unsupported' | 'too_large' | 'corrupt'; message: string };

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

/** Reads and parses `index` in the git folder `gitDir` (see {@link findGitDir}). */
export async function readGitIndex(gitDir: string, signal?: AbortSignal, cap = MAX_GIT_INDEX_BYTES): Promise<GitIndexResult> {
  const buf = await readCapped(path.join(gitDir, 'index'), cap, signal);
  if (buf === null) return { ok: false, code: 'no_repository', message: 'no git index in this folder' };
  if (buf === 'too_large') return { ok: false, code: 'too_large', message: 'the git index is larger than the index reader allows' };
  return parseGitIndex(buf);
}

function typeOfMode(mode: number): TrackedEntry['type'] {
  switch (mode >>> 12) {
    case 0o12: return 'symlink';
    case 0o16: return 'submodule';
    case 0o04: return 'folder';
    default: return 'file';
  }
}

/**
 * Names of a `.git/index` buffer as slices of latin1 windows of it: an ASCII name is then a slice
 * (no call into C++ per entry, which cost a third of the parse on 100,000 entries); other names are
 * decoded as UTF-8. Windows stay under 1 MiB: Node makes a longer latin1 string an external
 * string, and string builtins on slices of one were several times slower for every later use of
 * the paths.
 */
class NameReader {
  private start = 0;
  private window = '';

  constructor(private readonly buf: Buffer) {}

  /** The name in `buf[from..to)`. */
  name(from: number, to: number): string {
    const buf = this.buf;
    for (let i = from; i < to; i++) if ((buf[i] as number) >= 0x80) return buf.toString('utf8', from, to);
    if (from < this.start || to > this.start + this.window.length) {
      this.start = from;
      this.window = buf.toString('latin1', from, Math.min(buf.length, from + Math.max(NAME_WINDOW, to - from)));
    }
    return this.window.slice(from - this.start, to - this.start);
  }
}

/** Bytes decoded at once by {@link NameReader}. */
const NAME_WINDOW = 512 * 1024;

/** Parses the bytes of a `.git/index` file. Stage 1-3 duplicates (conflicts) are listed once. */
export function parseGitIndex(buf: Buffer): GitIndexResult {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') {
    return { ok: false, code: 'corrupt', message: 'the git index has no DIRC header' };
  }
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return { ok: false, code: 'unsupported', message: `git index version ${version} is not supported` };
  const count = buf.readUInt32BE(8);
  const entries: TrackedEntry[] = [];
  let offset = 12;
  let scratch = Buffer.alloc(4096);
  let scratchLength = 0;
  const names = new NameReader(buf);
  const sameFolder = new Uint8Array(count);
  // The previous listed name's offset in `buf` and the offset of its last `/` from there (-1: none).
  let prevAt = -1;
  let prevSlash = -1;
  try {
    for (let i = 0; i < count; i++) {
      const start = offset;
      const mode = buf.readUInt32BE(start + 24);
      const size = buf.readUInt32BE(start + 36);
      const flags = buf.readUInt16BE(start + 60);
      offset = start + 62;
      let skipWorktree = false;
      if (version >= 3 && flags & 0x4000) {
        skipWorktree = (buf.readUInt16BE(offset) & 0x4000) !== 0;
        offset += 2;
      }
      let name: string;
      let nameAt = -1;
      let nameEnd = -1;
      if (version === 4) {
        // Path prefix compression: drop N bytes of the previous name, then append the suffix.
        let c = buf[offset++] as number;
        let drop = c & 127;
        while (c & 128) {
          c = buf[offset++] as number;
          drop = ((drop + 1) << 7) | (c & 127);
        }
        const end = buf.indexOf(0, offset);
        if (end < 0 || drop > scratchLength) throw new RangeError('bad name');
        // The previous name's bytes stay in `scratch`; the suffix replaces its last `drop` bytes.
        scratchLength -= drop;
        if (scratchLength + end - offset > scratch.length) scratch = Buffer.concat([scratch, Buffer.alloc(end - offset + scratch.length)]);
        scratchLength += buf.copy(scratch, scratchLength, offset, end);
        name = scratch.toString('utf8', 0, scratchLength);
        offset = end + 1;
      } else {
        const nameLength = flags & 0xfff;
        const end = nameLength < 0xfff ? offset + nameLength : buf.indexOf(0, offset);
        if (end < 0 || end > buf.length) throw new RangeError('name past the end');
        name = names.name(offset, end);
        nameAt = offset;
        nameEnd = end;
        // Entries are NUL-padded to a multiple of 8 bytes (1 to 8 NULs).
        offset = start + ((end - start + 8) & ~7);
      }
      const stage = (flags >> 12) & 3;
      if (skipWorktree || (stage > 1 && entries.at(-1)?.path === name)) continue;
      if (nameAt >= 0) {
        let slash = nameEnd - 1;
        while (slash >= nameAt && buf[slash] !== 47) slash--;
        const cut = slash - nameAt;
        if (prevAt >= 0 && cut === prevSlash && sameBytes(buf, prevAt, nameAt, cut)) sameFolder[entries.length] = 1;
        prevAt = nameAt;
        prevSlash = cut;
      }
      entries.push({ path: name, type: typeOfMode(mode), size });
    }
  } catch {
    return { ok: false, code: 'corrupt', message: 'the git index ends in the middle of an entry' };
  }
  return { ok: true, entries, sameFolder: sameFolder.subarray(0, entries.length) };
}

/** Whether `buf[a..a+n)` equals `buf[b..b+n)`, compared from the end (where folder parts differ). */
function sameBytes(buf: Buffer, a: number, b: number, n: number): boolean {
  for (let i = n - 1; i >= 0; i--) if (buf[a + i] !== buf[b + i]) return false;
  return true;
}
