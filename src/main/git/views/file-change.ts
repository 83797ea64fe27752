/**
 * The change model shared by the three git readers: one path, its old and new side (absent when the
 * file was added or deleted), and for working-tree sides the bytes already read from disk.
 */
import { createHash } from 'node:crypto';

/** Git file modes. */
export const MODE_FILE = 0o100644;
export const MODE_EXECUTABLE = 0o100755;
export const MODE_SYMLINK = 0o120000;
export const MODE_GITLINK = 0o160000;
export const MODE_TREE = 0o040000;

/** The id git gives a zero-length blob. */
export const EMPTY_BLOB_OID = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';

/** One side of a change. */
export interface FileSide {
  oid: string;
  mode: number;
  /**
   * The content when it did not come from the object store (working-tree files); `null` when the
   * file was too large to keep: then `head` holds its first bytes.
   */
  bytes?: Uint8Array | null;
  /**
   * The first bytes (up to {@link SIDE_HEAD_BYTES}) of a working-tree file too large to keep: git's
   * binary test reads its first 8000, and a refusal counts how many of its first lines fit a reference.
   */
  head?: Uint8Array;
}

/** Bytes kept of a working-tree file too large to compare. Default 1 MiB. */
export const SIDE_HEAD_BYTES = 1024 * 1024;

/** A change of one path. `old` null: added; `new` null: deleted. */
export interface FileChange {
  path: string;
  old: FileSide | null;
  new: FileSide | null;
  /** A rename: the old path (`path` is the new one), set by `renames.ts`. */
  from?: string;
  /** A rename's similarity in percent, as git prints it. */
  similarity?: number;
}

/** Git's blob id of `bytes`: sha1 of "blob <size>\0" followed by the bytes. */
export function hashBlob(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Parses a tree entry's octal mode string. */
export function parseMode(mode: string): number {
  return parseInt(mode, 8);
}

/** True when a mode is a blob (regular file or symlink) rather than a tree or a gitlink. */
export function isBlobMode(mode: number): boolean {
  return mode === MODE_FILE || mode === MODE_EXECUTABLE || mode === MODE_SYMLINK || (mode & 0o170000) === 0o100000;
}

/**
 * Sorts changes in git's output order: by the path's UTF-8 bytes (the index and trees are ordered
 * so), a deletion before an addition of the same path (a type change is shown that way).
 */
export function sortChanges(changes: FileChange[]): FileChange[] {
  const keyed = changes.map((c) => ({ c, key: Buffer.from(c.path, 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key) || rank(a.c) - rank(b.c));
  return keyed.map((k) => k.c);
}

function rank(c: FileChange): number {
  return c.new === null ? 0 : c.old === null ? 2 : 1;
}

/**
 * A part that must not be joined onto the working tree: empty (which an absolute path or `a//b`
 * has), `.`, `..` or `.git` in any ASCII case; or a NUL anywhere (and, on Windows, a backslash).
 * `/i` without `u` folds only ASCII letters onto `git` (a non-ASCII letter never canonicalises to
 * an ASCII one), as `toLowerCase` does for these three letters.
 */
const UNSAFE_PART = process.platform === 'win32' ? /(?:^|\/)(?:\.{1,2}|\.git)?(?:\/|$)|[\0\\]/i : /(?:^|\/)(?:\.{1,2}|\.git)?(?:\/|$)|\0/i;

/**
 * True when a repository path is safe to join onto the working tree: relative, no empty, `.` or `..`
 * components and no `.git` component (git refuses such entries; a crafted index might not).
 */
export function isSafeRepoPath(p: string): boolean {
  // One regular expression, no split and no loop: `@diff` asks this of every tracked path (10,000
  // on the bench repository) the first time it meets an index. Split, that cost about 15 ms there;
  // a loop over the characters 5-8 ms in a fresh process, where the loop runs uncompiled; the
  // expression, compiled to machine code on its first use, 2.5 ms (issue 27).
  return !UNSAFE_PART.test(p);
}
