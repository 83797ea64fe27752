/**
 * What one `@diff` scan of a repository leaves for the next: the `lstat` records of its plan and
 * whether each folder is inside the working tree, kept while a {@link WorktreeWatch} vouches that
 * nothing else changed. The next scan stats only the files of folders with events (and files with
 * several links), and reuses the rest; the answer is the same as a full scan's (the tests compare
 * both after every kind of change).
 *
 * A session's first scan never watches: a one-shot reader (the CLI, one expansion) would pay for
 * watches it never uses. From the second scan on, the watch is opened before the full `lstat` pass
 * that becomes the reference, so nothing that happens during the pass goes unseen.
 */
import fs from 'node:fs';
import { largeColumn } from '../../guards/large-buffer';
import { type RepoSession, STAT_ERROR, STAT_WORDS, WorktreeWatch, statAll, statInto } from '../storage';
import type { StatPlan } from './stat-plan';

/** Most compared entries whose records are kept (32 bytes each: 8 MiB); a larger tree is stat'ed in full each time. */
export const MAX_KEPT_ENTRIES = 262_144;

/** The records a scan compares with the index, and whether each plan folder is inside the tree (0: not asked yet). */
export interface ScanRecords {
  stats: Uint32Array;
  inside: Uint8Array;
}

interface Kept extends ScanRecords {
  plan: StatPlan;
  /** When the full pass these records started from was taken (`Date.now()`). */
  fullAt: number;
}

/**
 * Longest time the kept records are trusted without a full pass, in ms: a bound on what the watch
 * cannot see (a hard link made from outside after the pass, then written through; worktree-watch.ts).
 */
export const FULL_PASS_AFTER_MS = 5 * 60_000;

/** Entries between two calls of the caller's check while records are refreshed. */
const CHECK_EVERY = 1024;

/** One repository's memory of its last scan. Get it with {@link scanMemoOf}. */
export class ScanMemo {
  private watch: WorktreeWatch | null = null;
  /** The plan whose folders the watch was opened for. */
  private watchedPlan: StatPlan | null = null;
  private kept: Kept | null = null;
  private scans = 0;
  /** A plan no watch could be opened for: not tried again until the plan changes. */
  private unwatchable: StatPlan | null = null;
  /** How many files the last scan stat'ed (diagnostics and tests: all of them, or those a watch could not vouch for). */
  lastStatted = 0;

  /** Whether a watch vouches for the kept records now. */
  get watching(): boolean {
    return this.watch !== null;
  }

  /** Waits until file events already queued have reached the watch (nothing to wait for without one). */
  async settle(): Promise<void> {
    if (this.watch) await this.watch.settle();
  }

  /** The records for `plan`: refreshed where the watch saw events, or a full `lstat` pass. `check` may throw to stop. */
  records(plan: StatPlan, check: () => void): ScanRecords {
    this.scans++;
    const dirty = this.watch ? this.watch.take() : null;
    const kept = this.kept;
    // Restored only when the records are whole again: a scan its deadline stopped leaves nothing to trust.
    this.kept = null;
    if (dirty && kept && samePlan(kept.plan, plan) && Date.now() - kept.fullAt < FULL_PASS_AFTER_MS) {
      this.lastStatted = refresh(plan, kept, dirty, check);
      this.kept = { ...kept, plan };
      return this.kept;
    }
    if (this.watch && (dirty === null || !this.watchedPlan || !samePlan(this.watchedPlan, plan))) this.stopWatching();
    const fullAt = Date.now();
    if (!this.watch && this.scans > 1 && this.unwatchable !== plan && plan.paths.length <= MAX_KEPT_ENTRIES) this.startWatching(plan);
    // A second thread only for a pass no watch will spare next time, and never for the first
    // (stat-preload.ts: a helper booting beside a process's first scan slows it down).
    const stats = statAll(plan.paths, check, plan.prefix, this.scans > 1 && !this.watch);
    this.lastStatted = plan.paths.length;
    const inside = new Uint8Array(plan.dirs.length);
    if (!this.watch) return { stats, inside };
    // A private copy: the shared buffer the helper thread wrote may still get a late answer.
    const own = largeColumn(Uint32Array, stats.length);
    own.set(stats);
    this.kept = { plan, stats: own, inside, fullAt };
    return this.kept;
  }

  private startWatching(plan: StatPlan): void {
    this.watch = WorktreeWatch.open(plan.worktree, plan.dirs);
    if (!this.watch) {
      this.unwatchable = plan;
      return;
    }
    this.watchedPlan = plan;
    registry.register(this, this.watch, this);
  }

  private stopWatching(): void {
    if (!this.watch) return;
    this.watch.close();
    registry.unregister(this);
    this.watch = null;
    this.watchedPlan = null;
  }
}

/** Stats again the entries of folders with events, files with several links, and failed records; returns how many. */
function refresh(plan: StatPlan, kept: Kept, dirty: ReadonlySet<string>, check: () => void): number {
  const { stats, inside } = kept;
  const redo = new Uint8Array(plan.dirs.length);
  for (let d = 0; d < plan.dirs.length; d++) {
    if (!dirty.has(plan.dirs[d] as string)) continue;
    redo[d] = 1;
    inside[d] = 0;
  }
  let statted = 0;
  for (let k = 0; k < plan.paths.length; k++) {
    if (k % CHECK_EVERY === 0) check();
    const at = k * STAT_WORDS;
    if (redo[plan.dirOf[k] as number] !== 1 && (stats[at + 3] as number) <= 1 && stats[at] !== STAT_ERROR) continue;
    statInto(fs.lstatSync, plan.paths, k, k + 1, stats, plan.prefix);
    statted++;
  }
  return statted;
}

/**
 * Whether two plans compare the same paths (a re-read index with the same files). A plan's folders
 * are derived from its paths alone (stat-plan.ts), so the same paths mean the same folders too.
 */
function samePlan(a: StatPlan, b: StatPlan): boolean {
  if (a === b) return true;
  if (a.prefix !== b.prefix || a.paths.length !== b.paths.length) return false;
  for (let k = 0; k < a.paths.length; k++) if (a.paths[k] !== b.paths[k]) return false;
  return true;
}

/** Closes the watch of a memo whose session was dropped (an engine let go, its caches with it). */
const registry = new FinalizationRegistry<WorktreeWatch>((watch) => watch.close());
const memos = new WeakMap<RepoSession, ScanMemo>();

/** The scan memory of a session, created on first use. */
export function scanMemoOf(session: RepoSession): ScanMemo {
  let memo = memos.get(session);
  if (!memo) memos.set(session, (memo = new ScanMemo()));
  return memo;
}
