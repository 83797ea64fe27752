/**
 * Unstaged changes (`git diff`): each index entry against the working tree. Every entry is `lstat`ed
 * (or, with a scan memo whose watch saw no event in its folder, its last record is reused:
 * scan-memo.ts); only entries whose stat data differ from what the index recorded (or that are
 * "racy": modified in the same second the index was written) are read and hashed, as git does.
 * Untracked files are not changes (git diff does not show them); a missing tracked file is a
 * deletion.
 */
import {
  type Deadline,
  type IndexEntry,
  STAT_ERROR,
  STAT_EXECUTABLE,
  STAT_FILE,
  STAT_SYMLINK,
  STAT_WORDS,
  statAll,
  statInto,
  statTimes,
} from '../storage';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MODE_EXECUTABLE, MODE_FILE, SIDE_HEAD_BYTES, MODE_SYMLINK, hashBlob, type FileChange, type FileSide } from './file-change';
import type { ScanMemo } from './scan-memo';
import { statPlan, type StatPlan } from './stat-plan';

export { PLAN_CHECK_EVERY } from './stat-plan';

/** Largest working-tree file kept for diffing; larger ones are shown as binary. Default 8 MiB. */
export const MAX_DIFF_FILE_BYTES = 8 * 1024 * 1024;

/** What {@link worktreeChanges} found. */
export interface WorktreeScan {
  changes: FileChange[];
  /** Paths with unresolved merge conflicts (stages 1-3), listed by git as "Unmerged path". */
  unmerged: string[];
  /** How many files had to be read and hashed (the rest were settled by their stat data). */
  hashed: number;
}

/**
 * Compares the index with the working tree under `worktree` (a real path). `indexMtimeSec` is the
 * index file's mtime, for the racy-entry rule. Throws only when `signal` aborts.
 */
export function worktreeChanges(worktree: string, entries: readonly IndexEntry[], indexMtimeSec: number, signal: Deadline, memo?: ScanMemo): WorktreeScan {
  const scan: WorktreeScan = { changes: [], unmerged: [], hashed: 0 };
  const check = (): void => signal.throwIfAborted();
  const plan = statPlan(worktree, entries, check);
  // Whether each folder of the plan is inside the working tree, learned once per scan (a folder
  // may have become a symlink since the last one), or kept by the memo while its watch saw no
  // event there: 0 not asked yet, 1 inside, 2 outside.
  const { stats, inside } = memo ? memo.records(plan, check) : { stats: statAll(plan.paths, check, plan.prefix), inside: new Uint8Array(plan.dirs.length) };
  const times = statTimes(stats);
  let k = 0; // the next entry of the plan
  for (let i = 0; i < entries.length; i++) {
    if ((i & 511) === 0) signal.throwIfAborted();
    const entry = entries[i] as IndexEntry;
    if (entry.stage !== 0) {
      if (scan.unmerged.at(-1) !== entry.path) scan.unmerged.push(entry.path);
      continue;
    }
    if (plan.entries[k] !== i) continue;
    compareEntry(plan, k, entry, stats, times, indexMtimeSec, inside, scan);
    k++;
  }
  return scan;
}

function compareEntry(plan: StatPlan, k: number, entry: IndexEntry, stats: Uint32Array, times: Float64Array, indexMtimeSec: number, inside: Uint8Array, scan: WorktreeScan): void {
  const at = k * STAT_WORDS;
  if (stats[at] === STAT_ERROR) {
    const full = plan.prefix + (plan.paths[k] as string);
    // The record cannot carry the error: ask again here and let it through, as a scan always did.
    fs.lstatSync(full, { throwIfNoEntry: false });
    statInto(fs.lstatSync, [full], 0, 1, stats.subarray(at, at + STAT_WORDS)); // it passed this time
  }
  const mode = worktreeMode(stats[at] as number);
  const unchanged = mode !== null && !entry.intentToAdd && mode === entry.mode && statMatches(entry, stats, times, at) && entry.mtimeSec < indexMtimeSec;
  if (mode === null || !insideWorktree(plan, plan.dirOf[k] as number, inside)) {
    if (!entry.intentToAdd) scan.changes.push({ path: entry.path, old: { oid: entry.oid, mode: entry.mode }, new: null });
    return;
  }
  if (unchanged) return;
  const old: FileSide = { oid: entry.oid, mode: entry.mode };
  const content = readSide(plan.prefix + entry.path, mode);
  scan.hashed++;
  if (entry.intentToAdd) {
    scan.changes.push({ path: entry.path, old: null, new: content });
    return;
  }
  const typeChanged = (mode === MODE_SYMLINK) !== (entry.mode === MODE_SYMLINK);
  if (typeChanged) {
    // git shows a type change as the old file deleted and the new one created.
    scan.changes.push({ path: entry.path, old, new: null }, { path: entry.path, old: null, new: content });
  } else if (content.oid !== entry.oid || mode !== entry.mode) {
    scan.changes.push({ path: entry.path, old, new: content });
  }
}

/**
 * The git mode of what is on disk, or null when it is missing or neither a file nor a symlink. git
 * (core.filemode) looks at the owner's execute bit only.
 */
function worktreeMode(kind: number): number | null {
  if (kind === STAT_SYMLINK) return MODE_SYMLINK;
  if (kind === STAT_EXECUTABLE) return MODE_EXECUTABLE;
  return kind === STAT_FILE ? MODE_FILE : null;
}

/**
 * git's stat check: mtime, ctime, inode and size. Inode and size are truncated to the 32 bits the
 * index stores; the times are compared as Node gives them, milliseconds in a double, with the
 * index's seconds and nanoseconds put the same way (`sec * 1000 + nsec / 1e6`, the same operations,
 * so equal times give equal doubles): exact to about a quarter of a microsecond at today's dates,
 * finer than git's own default check of whole seconds (see stat-preload.ts).
 */
function statMatches(e: IndexEntry, stats: Uint32Array, times: Float64Array, at: number): boolean {
  return (
    stats[at + 1] === e.ino &&
    stats[at + 2] === e.size &&
    times[(at >> 1) + 2] === e.mtimeSec * 1000 + e.mtimeNsec / 1e6 &&
    times[(at >> 1) + 3] === e.ctimeSec * 1000 + e.ctimeNsec / 1e6
  );
}

/**
 * A tracked path whose folder is (through a symlink) outside the working tree is treated as missing:
 * git never follows symlinked folders, and a crafted index must not make Atmark read outside.
 */
function insideWorktree(plan: StatPlan, d: number, inside: Uint8Array): boolean {
  if (inside[d] === 0) {
    const { worktree } = plan;
    const rel = plan.dirs[d] as string;
    let real: string;
    try {
      // The folder's full path: the working tree itself, or the prefix and the folder without its `/`.
      real = fs.realpathSync(rel === '' ? worktree : plan.prefix + rel.slice(0, -1));
    } catch {
      real = '';
    }
    inside[d] = real === worktree || real.startsWith(worktree + path.sep) ? 1 : 2;
  }
  return inside[d] === 1;
}

/** Reads a working-tree file or symlink and hashes it as git would. */
function readSide(full: string, mode: number): FileSide {
  if (mode === MODE_SYMLINK) {
    const bytes = fs.readlinkSync(full, { encoding: 'buffer' });
    return { oid: hashBlob(bytes), mode, bytes };
  }
  const { bytes, oid, head } = readAndHash(full);
  return head ? { oid, mode, bytes, head } : { oid, mode, bytes };
}

/**
 * Reads a regular file (non-blocking open, descriptor checked, no symlink followed) and hashes it as
 * it streams, counting the bytes actually read. Files up to {@link MAX_DIFF_FILE_BYTES} are kept for
 * the patch; larger ones are only hashed, so memory stays bounded whatever the file's size.
 */
function readAndHash(full: string): { bytes: Uint8Array | null; oid: string; head?: Uint8Array } {
  const fd = fs.openSync(full, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { bytes: null, oid: hashBlob(new Uint8Array(0)) };
    // The blob header needs the size up front; fstat's is checked against what was really read.
    const hash = createHash('sha1').update(`blob ${st.size}\0`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(st.size + 1, 4096), 1024 * 1024));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      hash.update(chunk.subarray(0, n));
      total += n;
      if (total <= MAX_DIFF_FILE_BYTES) chunks.push(chunk.subarray(0, n));
    }
    if (total > MAX_DIFF_FILE_BYTES) return { bytes: null, oid: hash.digest('hex'), head: Buffer.concat(chunks, Math.min(SIDE_HEAD_BYTES, MAX_DIFF_FILE_BYTES)) };
    const bytes = Buffer.concat(chunks, total);
    // A file that changed size while read gets the id of what was actually read.
    return { bytes, oid: total === st.size ? hash.digest('hex') : hashBlob(bytes) };
  } finally {
    fs.closeSync(fd);
  }
}
