/**
 * A file's version for compare-and-swap between processes (issue 26, finding 11): two windows (the
 * app and a browser host, or two `atmark serve`) on one settings or draft file each remember the
 * version they read or wrote, and check it again just before writing. A version that moved means
 * another window wrote in between; the writer then refuses or writes elsewhere, and says so, instead
 * of undoing the other window's change without a word.
 *
 * The version is the content's hash, not the modification time: two writes within one timestamp tick
 * (common on coarse file systems) would look the same by time. The files are small (settings, a
 * draft of at most a few MiB).
 */
import { createHash } from 'node:crypto';
import { readFileCapped } from './atomic-file';

/** The version of an absent file. */
export const NO_FILE = 'none';

/** The version of `text` once written. */
export function versionOf(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The version of the file at `path` now: its content's hash, {@link NO_FILE} when absent, `unreadable:...` otherwise. */
export async function fileVersion(path: string, maxBytes: number): Promise<string> {
  const read = await readFileCapped(path, maxBytes);
  if (read.ok) return versionOf(read.value);
  return read.problem.code === 'missing' ? NO_FILE : `unreadable:${read.problem.code}`;
}
