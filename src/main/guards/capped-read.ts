/**
 * The capped read of one regular file, with no message attached: the settings and draft stores read
 * through `readFileCapped` (storage/atomic-file.ts), which words each failure for a person, and the host's
 * door peeks at the same files before the catalogues are loaded (host/start-state.ts). One read for
 * both, so the cap, the FIFO guard and the count of bytes actually read cannot drift apart.
 */
import { constants, promises as fsp } from 'node:fs';

const READ_CHUNK = 64 * 1024;

/** Why a capped read failed; `errno` names the system's error where there was one. */
export type CappedReadFailure = { why: 'missing' | 'not_file' | 'too_large' | 'aborted' } | { why: 'open_failed' | 'read_failed'; errno: string };

/**
 * Reads at most `maxBytes` of the regular file at `path`. Opened non-blocking, so a FIFO in the
 * file's place cannot hang the caller; the cap counts bytes actually read (a file may grow after
 * fstat, or lie about its size).
 */
export async function readCapped(path: string, maxBytes: number, signal?: AbortSignal): Promise<{ ok: true; bytes: Buffer } | ({ ok: false } & CappedReadFailure)> {
  let handle;
  try {
    handle = await fsp.open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return errno(err) === 'ENOENT' ? { ok: false, why: 'missing' } : { ok: false, why: 'open_failed', errno: errno(err) };
  }
  try {
    if (!(await handle.stat()).isFile()) return { ok: false, why: 'not_file' };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      if (signal?.aborted) return { ok: false, why: 'aborted' };
      const buffer = Buffer.alloc(Math.min(READ_CHUNK, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) return { ok: false, why: 'too_large' };
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (err) {
    return { ok: false, why: 'read_failed', errno: errno(err) };
  } finally {
    await handle.close();
  }
}

/** The system's error code, or the error's message where it has none. */
export function errno(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
}
