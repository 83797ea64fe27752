/**
 * Which index entries a `@diff` scan compares with the disk, in what order, and the folder of each:
 * built once per parsed index, and able to stop and go on (below).
 */
import path from 'node:path';
import type { IndexEntry } from '../storage';
import { MODE_GITLINK, isSafeRepoPath } from './file-change';

/** The entries a scan compares (by position), their paths, and the folder of each. */
export interface StatPlan {
  worktree: string;
  /** The working tree and a separator: a compared entry's full path is `prefix + paths[k]`. */
  prefix: string;
  entries: Int32Array;
  /**
   * The compared entries' paths, relative: the index's own strings, so the plan holds no second
   * copy of every tracked path (absolute copies were about 17 MiB on a 120k-file tree; issue 27).
   */
  paths: string[];
  /** Each folder holding a compared entry, relative with its trailing `/` ('' for the working tree itself). */
  dirs: string[];
  /** For each compared entry, its folder's index in `dirs`. */
  dirOf: Int32Array;
}

/** Entries looked at between two calls of the plan's check: a few ms of work at most (0.5 s for 120,000 measured). */
export const PLAN_CHECK_EVERY = 1024;

/**
 * A plan being built: where it stopped, and what it has gathered. Why it can stop: on a
 * 120,000-file index the plan is about half a second of synchronous work, and the engine worker's
 * warm-up must give way within a few ms when a person's request is waiting (issue 27). It goes on
 * from where it stopped: the index it reads is the same parsed, unchanging array (the key).
 */
interface PlanBuild {
  worktree: string;
  next: number;
  picked: number[];
  paths: string[];
  dirs: string[];
  dirOf: number[];
  /** The last folder, relative, with its trailing `/`, and where its last `/` is. */
  lastRel: string;
  lastSlash: number;
}

const planOf = new WeakMap<readonly IndexEntry[], StatPlan | PlanBuild>();

/**
 * Which entries are compared with the disk, kept per parsed index (the session keeps it while the
 * index file is unchanged): merged entries only; not sparse-checkout ones, absent on purpose; not
 * submodules, which are not looked into (documented); and never a crafted path, which is not joined
 * onto the disk. The same path list every time also lets the stat helper keep it. `check` runs
 * every {@link PLAN_CHECK_EVERY} entries; when it throws, what was gathered is kept and the next
 * call goes on from there.
 */
export function statPlan(worktree: string, entries: readonly IndexEntry[], check: () => void): StatPlan {
  const known = planOf.get(entries);
  if (known?.worktree === worktree && 'prefix' in known) return known;
  const build: PlanBuild =
    known?.worktree === worktree && !('prefix' in known)
      ? known
      : { worktree, next: 0, picked: [], paths: [], dirs: [], dirOf: [], lastRel: '', lastSlash: -2 };
  planOf.set(entries, build);
  const { picked, paths, dirs, dirOf } = build;
  // The index is sorted, so a folder's files are mostly adjacent: a new folder is noticed by
  // comparing with the last one, without slicing (a folder met again after its subfolders gets
  // a second slot, which costs one more look, not a wrong answer).
  for (let i = build.next; i < entries.length; i++) {
    if (i % PLAN_CHECK_EVERY === 0) {
      build.next = i;
      check();
    }
    const e = entries[i] as IndexEntry;
    if (e.stage !== 0 || e.skipWorktree || e.mode === MODE_GITLINK || !isSafeRepoPath(e.path)) continue;
    picked.push(i);
    // A safe repository path (no `..`, `.`, empty or absolute parts) joins by concatenation.
    paths.push(e.path);
    const slash = e.path.lastIndexOf('/');
    if (slash !== build.lastSlash || !e.path.startsWith(build.lastRel)) {
      build.lastSlash = slash;
      build.lastRel = e.path.slice(0, slash + 1);
      dirs.push(build.lastRel);
    }
    dirOf.push(dirs.length - 1);
  }
  const plan: StatPlan = { worktree, prefix: `${worktree}${path.sep}`, entries: Int32Array.from(picked), paths, dirs, dirOf: Int32Array.from(dirOf) };
  planOf.set(entries, plan);
  return plan;
}
