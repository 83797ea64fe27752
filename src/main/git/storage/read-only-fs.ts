/**
 * The git reader's capped whole-file read (the index file). isomorphic-git's file system used to
 * live here too; since the object store reads every object itself (issue 26), nothing hands
 * isomorphic-git a file system any more, and nothing under `.git` is written by anyone.
 */
import fs from 'node:fs';
import { readOpenFile } from './safe-open';

/** Largest git file read whole (pack files are). Default 1 GiB. */
export const MAX_GIT_FILE_BYTES = 1024 * 1024 * 1024;

/** An error shaped like Node's, with its errno `code`. */
function fsError(code: string, message: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: ${message}`);
  err.code = code;
  return err;
}

/**
 * Reads a regular file whole, at most `cap` bytes (EFBIG past it). Opened non-blocking so a FIFO in
 * the way cannot hang the reader.
 */
export function readFileCapped(file: string, cap: number): Buffer {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw fsError('EISDIR', `${file} is not a regular file`);
    return readOpenFile(fd, st.size, cap, () => fsError('EFBIG', `${file} is larger than ${cap} bytes`));
  } finally {
    fs.closeSync(fd);
  }
}
