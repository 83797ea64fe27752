/**
 * The file system handed to isomorphic-git: the `promises` shape it expects, served by synchronous
 * calls (measured: async fs round-trips dominate its cost; a synchronous fs behind the promises
 * shape was 2-3x faster), and strictly read-only: every write method rejects with EROFS, so no call
 * can change anything under `.git`, whatever isomorphic-git decides to do.
 */
import fs from 'node:fs';

/** Largest file isomorphic-git may read through this fs (pack files are read whole). Default 1 GiB. */
export const MAX_GIT_FILE_BYTES = 1024 * 1024 * 1024;

/** An error shaped like Node's, so isomorphic-git's `code` checks work. */
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

/** isomorphic-git's `FsClient` in its promises form. */
export interface ReadOnlyFs {
  promises: {
    readFile(file: string, options?: { encoding?: BufferEncoding } | BufferEncoding): Promise<Buffer | string>;
    writeFile(): Promise<never>;
    unlink(): Promise<never>;
    mkdir(): Promise<never>;
    rmdir(): Promise<never>;
    symlink(): Promise<never>;
    chmod(): Promise<never>;
    readdir(dir: string): Promise<string[]>;
    stat(p: string): Promise<fs.Stats>;
    lstat(p: string): Promise<fs.Stats>;
    readlink(p: string): Promise<string>;
  };
}

/** Creates the read-only fs. Files are capped at {@link MAX_GIT_FILE_BYTES} unless `cap` says otherwise. */
export function createReadOnlyFs(cap = MAX_GIT_FILE_BYTES): ReadOnlyFs {
  const refuse = async (): Promise<never> => {
    throw fsError('EROFS', 'Atmark reads git repositories without writing to them');
  };
  return {
    promises: {
      async readFile(file, options) {
        const buf = readFileCapped(file, cap);
        const encoding = typeof options === 'string' ? options : options?.encoding;
        return encoding ? buf.toString(encoding) : buf;
      },
      writeFile: refuse,
      unlink: refuse,
      mkdir: refuse,
      rmdir: refuse,
      symlink: refuse,
      chmod: refuse,
      async readdir(dir) {
        return fs.readdirSync(dir);
      },
      async stat(p) {
        return fs.statSync(p);
      },
      async lstat(p) {
        return fs.lstatSync(p);
      },
      async readlink(p) {
        return fs.readlinkSync(p);
      },
    },
  };
}
