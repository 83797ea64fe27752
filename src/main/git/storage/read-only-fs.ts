/**
 * The git reader's capped whole-file read (the index file). isomorphic-git's file system used to
 * live here too; since the object store reads every object itself (issue 26), nothing hands
 * isomorphic-git a file system any more, and nothing under `.git` is written by anyone.
 */
import fs from 'node:fs';

/** Largest git file read whole (pack files are). Default 1 GiB. */
export const MAX_GIT_FILE_BYTES = 1024 * 1024 * 1024;

/** An error shaped like Node's, with its errno `code`. */
function fsError(code: string, message: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: ${message}`);
  err.code = code;
  return err;
}

/**
 * Reads a regular file whole, counting the bytes actually read (a file may grow while read, and
 * some report a size of 0). Opened non-blocking so a FIFO in the way cannot hang the reader.
 */
export function readFileCapped(file: string, cap: number): Buffer {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw fsError('EISDIR', `${file} is not a regular file`);
    let buf = Buffer.allocUnsafe(Math.min(cap + 1, st.size + 1));
    let total = 0;
    for (;;) {
      if (total === buf.length) {
        if (total > cap) throw fsError('EFBIG', `${file} is larger than ${cap} bytes`);
        const bigger = Buffer.allocUnsafe(Math.min(cap + 1, buf.length * 2));
        buf.copy(bigger, 0, 0, total);
        buf = bigger;
      }
      const n = fs.readSync(fd, buf, total, buf.length - total, null);
      if (n === 0) break;
      total += n;
    }
    if (total > cap) throw fsError('EFBIG', `${file} is larger than ${cap} bytes`);
    return buf.subarray(0, total);
  } finally {
    fs.closeSync(fd);
  }
}
