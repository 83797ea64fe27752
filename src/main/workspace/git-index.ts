/**
 * Where the workspace index finds `.git/index`: a work tree's git folder, and the file's bytes,
 * read capped and without blocking. The entries are then walked by the one reader of the format,
 * src/main/git/storage/index-cursor.ts (the tracked table takes name, type and size, what completion
 * lists). No git is spawned: git would run repository-controlled programs (`core.fsmonitor`) even
 * for a listing. Read-only: the index is never written.
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { largeBuffer } from '../guards/large-buffer';

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
    const buf = largeBuffer(Math.min(info.size, cap) + 1);
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
