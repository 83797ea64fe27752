/**
 * A look at a few bytes of a workspace file for completion rows (its first bytes, to tell a binary;
 * its last ones, where a zip keeps its directory). The file was listed by the workspace index, so
 * it is inside the workspace and not protected; still, no final symlink is followed and no FIFO is
 * waited on: completion must never hang or read outside. Never throws: null when it cannot tell.
 */
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';

/** Bytes read, where they start in the file, and the file's size. */
export interface FilePeek {
  bytes: Buffer;
  offset: number;
  size: number;
}

/** Up to `length` bytes from the start or the end of `root/rel`, or null when it is not a readable regular file. */
export async function peekFile(root: string, rel: string, length: number, from: 'start' | 'end'): Promise<FilePeek | null> {
  let handle: fsp.FileHandle | null = null;
  try {
    handle = await fsp.open(path.join(root, rel), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const stats = await handle.stat();
    if (!stats.isFile()) return null;
    const size = Math.min(length, stats.size);
    const offset = from === 'start' ? 0 : stats.size - size;
    const bytes = Buffer.alloc(size);
    const { bytesRead } = await handle.read(bytes, 0, size, offset);
    return { bytes: bytes.subarray(0, bytesRead), offset, size: stats.size };
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Up to `length` bytes of `root/rel` from `offset`, with the same care as {@link peekFile}; null when it cannot be read. */
export async function peekRange(root: string, rel: string, offset: number, length: number): Promise<Buffer | null> {
  let handle: fsp.FileHandle | null = null;
  try {
    handle = await fsp.open(path.join(root, rel), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    if (!(await handle.stat()).isFile()) return null;
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, offset);
    return bytes.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
