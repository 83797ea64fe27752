/**
 * Reading files without trusting names (docs/contract.md "Resolution": open, then check what was opened).
 *
 * 1. The path was already resolved and judged by `containment.ts`.
 * 2. It is opened with `O_RDONLY | O_NOFOLLOW | O_NONBLOCK`: a symlink swapped in as the last
 *    component fails to open, and a FIFO opens without waiting for a writer (a plain `readFile` on a
 *    FIFO blocks forever; a unix socket fails to open with ENXIO).
 * 3. The descriptor is `fstat`ed: only a regular file (or, when asked, a folder) passes.
 * 4. A regular file with more than one hard link is compared by identity (device and inode) with the
 *    protected files (`hard-links.ts`): a second name for `~/.aws/credentials` is refused like it.
 * 5. On Linux `readlink /proc/self/fd/N` tells the real path that was opened (`O_NOFOLLOW` guards only
 *    the last component; a directory swapped for a symlink in the middle would escape); elsewhere the
 *    path is `realpath`ed again and its device and inode compared with the descriptor's. That real
 *    path is judged again for containment and protection.
 * 6. Reads count the bytes actually read against a cap: files in /proc report size 0.
 *
 * Expected failures are values: `not_found`, `blocked` (outside, protected, not a regular file),
 * `too_large`, `failed` (I/O error, cancelled). Nothing here throws for them.
 */
import { constants, promises as fsp, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { judgeRealPath, type FsPolicy, type PathProblem } from './containment';
import { protectedTwinOf } from './hard-links';

/** Everything that can stop a read, with a stable `code` (a warning code) and a `reason`. */
export type ReadProblem =
  | PathProblem
  | { code: 'not_found'; reason: 'directory' | 'file' }
  | { code: 'blocked'; reason: 'not_regular'; detail: string }
  | { code: 'too_large'; reason: 'too_large'; bytes: number; limit: number };

/** A descriptor that passed every check. The caller closes `handle`. */
export interface CheckedHandle {
  handle: FileHandle;
  /** The real path of what was opened, as the kernel reports it. */
  realPath: string;
  stats: Stats;
  isDirectory: boolean;
}

/** Result of {@link openChecked}. */
export type OpenResult = ({ ok: true } & CheckedHandle) | ({ ok: false } & ReadProblem);

/** Result of {@link readCapped}: the bytes read and whether the end of the file was reached. */
export type CappedRead = { ok: true; bytes: Buffer; complete: boolean } | ({ ok: false } & ReadProblem);

/** Result of {@link safeReadFile}. */
export type SafeReadResult = { ok: true; bytes: Buffer; realPath: string } | ({ ok: false } & ReadProblem);

/** Flags of step 2. `O_NOFOLLOW` and `O_NONBLOCK` do not exist on Windows (0 there). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Read size per call; also how often the abort signal is looked at. */
const CHUNK = 64 * 1024;

const ABORTED = { ok: false, code: 'failed', reason: 'aborted' } as const;

function errno(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? String(err);
}

/** Maps an `open` failure: a symlink at the end (ELOOP, EMLINK on BSD) or a socket is refused. */
function openProblem(err: unknown): ReadProblem {
  const code = errno(err);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { code: 'not_found', reason: 'missing' };
  if (code === 'ELOOP' || code === 'EMLINK') return { code: 'blocked', reason: 'outside' };
  if (code === 'ENXIO' || code === 'EOPNOTSUPP') return { code: 'blocked', reason: 'not_regular', detail: 'socket' };
  return { code: 'failed', reason: 'io_error', detail: code };
}

/** Describes a non-regular file for the person. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'special file';
}

/** Step 4: the real path of an open descriptor, or null when it cannot be told or has changed. */
async function openedRealPath(handle: FileHandle, path: string, stats: Stats): Promise<string | null> {
  if (process.platform === 'linux') {
    try {
      const target = await fsp.readlink(`/proc/self/fd/${handle.fd}`);
      // A file deleted after opening shows as "path (deleted)": no longer what was named.
      return target.endsWith(' (deleted)') ? null : target;
    } catch {
      // /proc not mounted (some containers): fall through to the portable check.
    }
  }
  try {
    const real = await fsp.realpath(path);
    const now = await fsp.stat(real);
    return now.dev === stats.dev && now.ino === stats.ino ? real : null;
  } catch {
    return null;
  }
}

/**
 * Opens a real path (already judged) and checks the descriptor (steps 2 to 4). Folders pass only
 * with `allowDirectory`; otherwise a folder is `not_found` (reason `directory`). With
 * `requireDirectory`, a file is `not_found` (reason `file`).
 */
export async function openChecked(
  realPath: string,
  policy: FsPolicy,
  signal: AbortSignal,
  options: { allowDirectory?: boolean; requireDirectory?: boolean } = {},
): Promise<OpenResult> {
  if (signal.aborted) return ABORTED;
  let handle: FileHandle;
  try {
    handle = await fsp.open(realPath, OPEN_FLAGS);
  } catch (err) {
    return { ok: false, ...openProblem(err) };
  }
  const result = await checkHandle(handle, realPath, policy, signal, options);
  if (!result.ok) await handle.close().catch(() => undefined);
  return result;
}

async function checkHandle(
  handle: FileHandle,
  path: string,
  policy: FsPolicy,
  signal: AbortSignal,
  options: { allowDirectory?: boolean; requireDirectory?: boolean },
): Promise<OpenResult> {
  let stats: Stats;
  try {
    stats = await handle.stat();
  } catch (err) {
    return { ok: false, code: 'failed', reason: 'io_error', detail: errno(err) };
  }
  const isDirectory = stats.isDirectory();
  if (isDirectory && !(options.allowDirectory || options.requireDirectory)) {
    return { ok: false, code: 'not_found', reason: 'directory' };
  }
  if (!isDirectory && options.requireDirectory) return { ok: false, code: 'not_found', reason: 'file' };
  if (!isDirectory && !stats.isFile()) return { ok: false, code: 'blocked', reason: 'not_regular', detail: kindOf(stats) };
  if (!isDirectory && stats.nlink > 1) {
    const twin = await protectedTwinOf(stats, policy, policy.links);
    if (twin) return { ok: false, code: 'blocked', reason: 'protected', rule: twin.rule, detail: `${twin.reason}, reached through a hard link` };
  }
  const opened = await openedRealPath(handle, path, stats);
  if (opened === null) return { ok: false, code: 'not_found', reason: 'missing' };
  const verdict = judgeRealPath(opened, policy);
  if (!verdict.ok) return verdict;
  if (signal.aborted) return ABORTED;
  return { ok: true, handle, realPath: opened, stats, isDirectory };
}

/**
 * Reads from the start of an open file until the end or until more than `maxBytes` were read
 * (step 5): at most `maxBytes + 1` bytes are kept, so `complete: false` means "larger than the cap".
 */
export async function readCapped(handle: FileHandle, maxBytes: number, signal: AbortSignal): Promise<CappedRead> {
  let data: Buffer = Buffer.alloc(Math.min(maxBytes + 1, CHUNK));
  let total = 0;
  try {
    while (total <= maxBytes) {
      if (signal.aborted) return ABORTED;
      if (total === data.length) data = grow(data, maxBytes + 1);
      const want = Math.min(CHUNK, data.length - total);
      const { bytesRead } = await handle.read(data, total, want, total);
      if (bytesRead === 0) return { ok: true, bytes: data.subarray(0, total), complete: true };
      total += bytesRead;
    }
  } catch (err) {
    return { ok: false, code: 'failed', reason: 'io_error', detail: errno(err) };
  }
  return { ok: true, bytes: data.subarray(0, total), complete: false };
}

/** Doubles a buffer, never past `limit`. */
function grow(data: Buffer, limit: number): Buffer {
  const bigger = Buffer.alloc(Math.min(limit, data.length * 2));
  data.copy(bigger);
  return bigger;
}

/**
 * Calls `onChunk` with successive chunks of an open file until it returns `false`, the file ends,
 * or more than `maxBytes` were read (then `too_large`). Bytes are counted as actually read.
 */
export async function scanChunks(
  handle: FileHandle,
  maxBytes: number,
  signal: AbortSignal,
  onChunk: (chunk: Buffer) => boolean,
): Promise<{ ok: true; bytesRead: number } | ({ ok: false } & ReadProblem)> {
  const buffer = Buffer.alloc(CHUNK);
  let total = 0;
  try {
    for (;;) {
      if (signal.aborted) return ABORTED;
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, total);
      if (bytesRead === 0) return { ok: true, bytesRead: total };
      total += bytesRead;
      if (total > maxBytes) return { ok: false, code: 'too_large', reason: 'too_large', bytes: total, limit: maxBytes };
      if (!onChunk(buffer.subarray(0, bytesRead))) return { ok: true, bytesRead: total };
    }
  } catch (err) {
    return { ok: false, code: 'failed', reason: 'io_error', detail: errno(err) };
  }
}

/**
 * Opens a judged real path, checks the descriptor, and reads the whole file when it has at most
 * `maxBytes` bytes; otherwise `too_large` (with the size fstat reports, or the bytes read when
 * that is more, as for /proc files). The descriptor is always closed.
 */
export async function safeReadFile(
  realPath: string,
  policy: FsPolicy,
  options: { maxBytes: number; signal: AbortSignal },
): Promise<SafeReadResult> {
  const opened = await openChecked(realPath, policy, options.signal);
  if (!opened.ok) return opened;
  try {
    const read = await readCapped(opened.handle, options.maxBytes, options.signal);
    if (!read.ok) return read;
    if (!read.complete) {
      const bytes = Math.max(opened.stats.size, read.bytes.length);
      return { ok: false, code: 'too_large', reason: 'too_large', bytes, limit: options.maxBytes };
    }
    return { ok: true, bytes: read.bytes, realPath: opened.realPath };
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
