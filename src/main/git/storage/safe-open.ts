/**
 * The one way the git reader reads a small file under `.git` by itself (HEAD, refs, `packed-refs`,
 * `config`, `commondir`, a `.git` pointer file): the same rules as `@file` reads (issue 11, row 6).
 * Opened non-blocking, so a FIFO cannot make `open` wait for a writer; the descriptor is `fstat`ed
 * and only a regular file is read, so a FIFO, a socket, or a symlink to `/dev/zero` or another
 * device is refused before any read; bytes are counted as read against a cap, so a file that grows
 * while read cannot hold the reader. Nothing here can block, so the git deadline always gets to run.
 * (Pack files and loose objects are read through `readGitFile` too, by the object store.)
 */
import fs from 'node:fs';
import type { Text } from '../../../shared/i18n/text';
import { translate } from '../../../shared/i18n/translate';
import { largeBuffer } from '../../guards/large-buffer';
import { gitMessages as msg } from './messages';

/** Largest small git file read (HEAD, a ref, config, commondir). Default 1 MiB. */
export const MAX_SMALL_GIT_FILE_BYTES = 1024 * 1024;
/** Largest `packed-refs` read. Default 64 MiB. */
export const MAX_PACKED_REFS_BYTES = 64 * 1024 * 1024;

/** A file under `.git` that is not a regular file, or is too large: refused, with a sentence. */
export class UnsafeGitFile extends Error {
  readonly code = 'EUNSAFEGIT';
  /** The sentence as a catalogue text (the message is its English words). */
  readonly text: Text;
  constructor(
    readonly file: string,
    readonly kind: FileKind | 'too large',
  ) {
    const sentence = kind === 'too large' ? msg.gitFileTooLarge(file) : msg.gitFileNotRegular(file, kind);
    super(translate(sentence, 'en'));
    this.text = sentence;
    this.name = 'UnsafeGitFile';
  }
}

type FileKind = 'fifo' | 'socket' | 'device' | 'folder' | 'special';

function kindOf(st: fs.Stats): FileKind {
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'device';
  if (st.isDirectory()) return 'folder';
  return 'special';
}

/**
 * Reads a regular file whole, at most `cap` bytes. Throws {@link UnsafeGitFile} for anything else
 * and Node's own error (ENOENT...) when it cannot be opened.
 */
export function readGitFile(file: string, cap = MAX_SMALL_GIT_FILE_BYTES): Buffer {
  return withRegularFile(file, (fd, size) => readOpenFile(fd, size, cap, () => new UnsafeGitFile(file, 'too large')));
}

/**
 * Opens `file` without blocking on a FIFO, refuses anything but a regular file with
 * {@link UnsafeGitFile}, and hands `read` the descriptor and the size; the file is closed after.
 */
function withRegularFile<T>(file: string, read: (fd: number, size: number) => T): T {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new UnsafeGitFile(file, kindOf(st));
    return read(fd, st.size);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * `length` bytes of a regular file from `position` (fewer where it ends first) and its size now,
 * with {@link readGitFile}'s refusals: what the object store reads a pack through, window by window.
 */
export function readGitFileRange(file: string, position: number, length: number): { bytes: Buffer; size: number } {
  return withRegularFile(file, (fd, size) => {
    const want = Math.max(0, Math.min(length, size - position));
    const bytes = largeBuffer(want);
    let total = 0;
    while (total < want) {
      const n = fs.readSync(fd, bytes, total, want - total, position + total);
      if (n === 0) break;
      total += n;
    }
    return { bytes: bytes.subarray(0, total), size };
  });
}

/**
 * Reads an open file whole, counting the bytes actually read (a file may grow while read, and some
 * report a size of 0), and throws `tooLarge()` past `cap` bytes: the one capped read loop of the
 * git reader.
 */
export function readOpenFile(fd: number, statSize: number, cap: number, tooLarge: () => Error): Buffer {
  let buf = largeBuffer(Math.min(cap + 1, statSize + 1));
  let total = 0;
  for (;;) {
    if (total === buf.length) {
      if (total > cap) throw tooLarge();
      const bigger = largeBuffer(Math.min(cap + 1, buf.length * 2));
      buf.copy(bigger, 0, 0, total);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, total, buf.length - total, null);
    if (n === 0) break;
    total += n;
  }
  if (total > cap) throw tooLarge();
  return buf.subarray(0, total);
}

/** {@link readGitFile} as UTF-8 text, or null when the file does not exist (ENOENT, ENOTDIR). */
export function readGitText(file: string, cap = MAX_SMALL_GIT_FILE_BYTES): string | null {
  try {
    return readGitFile(file, cap).toString('utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}
