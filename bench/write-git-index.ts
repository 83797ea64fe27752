/**
 * Writes a git index (`.git/index`, version 2) listing the given paths directly, for the bench's
 * large workspaces: `git add` of a million files takes many minutes and a commit is not needed for
 * `git ls-files` or for the workspace index, which both read this file. Every entry points at the
 * empty blob with zeroed stat data: `git status` then reads each file again to compare it (the
 * generated files are empty, so they compare equal; `.gitignore` shows as modified), which no bench
 * row asks of it. The format is git's, as its gitformat-index manual describes it.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

/** The empty blob's object id (`git hash-object /dev/null`). */
const EMPTY_BLOB = Buffer.from('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391', 'hex');
const REGULAR_FILE = 0o100644;
/** Fixed part of an entry: ten 32-bit stat fields, the object id and the flags. */
const FIXED = 62;

/** Writes `file` as a version-2 index of `paths` (regular files, sorted here as git sorts: by bytes). */
export function writeGitIndex(file: string, paths: readonly string[]): void {
  const names = paths.map((p) => Buffer.from(p, 'utf8')).sort(Buffer.compare);
  let size = 12;
  // Each entry is padded with 1 to 8 NULs to a multiple of eight bytes.
  for (const name of names) size += Math.floor((FIXED + name.length + 8) / 8) * 8;
  const out = Buffer.alloc(size + 20);
  out.write('DIRC', 0, 'latin1');
  out.writeUInt32BE(2, 4);
  out.writeUInt32BE(names.length, 8);
  let at = 12;
  for (const name of names) {
    // ctime, mtime, dev, ino stay 0; then mode, uid, gid, size.
    out.writeUInt32BE(REGULAR_FILE, at + 24);
    EMPTY_BLOB.copy(out, at + 40);
    out.writeUInt16BE(Math.min(name.length, 0xfff), at + 60);
    name.copy(out, at + FIXED);
    at += Math.floor((FIXED + name.length + 8) / 8) * 8;
  }
  createHash('sha1').update(out.subarray(0, size)).digest().copy(out, size);
  writeFileSync(file, out);
}
