/**
 * The three things Atmark reads from git, as change lists: unstaged (index to working tree), staged
 * (HEAD to index) and the last N commits (each against its first parent). Patch text is rendered
 * later, once the changed paths have passed the protected-path guard.
 */
import { walkLog } from './commit-log';
import { type Deadline, loadIndex, readCommit, type CommitInfo, type RepoSession } from '../storage';
import type { FileChange } from './file-change';
import type { PatchFloor } from './patch-floor';
import { stagedChanges, treeChanges } from './tree-changes';
import { scanMemoOf } from './scan-memo';
import { worktreeChanges } from './worktree-changes';

/** Changes of one view; `unmerged` lists conflicted paths git reports as "Unmerged path". */
export interface ChangeSet {
  changes: FileChange[];
  unmerged: string[];
}

/** One commit of `@git:N` with its changes against its first parent (none for merges, as git log -p). */
export interface CommitChanges {
  commit: CommitInfo;
  changes: FileChange[];
}

/** An expected failure of a view, as a value. */
export interface ViewFailure {
  ok: false;
  message: string;
}

/** `git diff`: tracked files whose working-tree content or mode differs from the index. */
export async function readUnstaged(s: RepoSession, deadline: Deadline): Promise<{ ok: true; set: ChangeSet } | ViewFailure> {
  // The session's scan memory: after the first scan, only folders with file events are stat'ed again.
  const memo = scanMemoOf(s);
  await memo.settle();
  const loaded = loadIndex(s, deadline);
  if (!loaded.ok) return loaded;
  const scan = worktreeChanges(s.repo.worktree, loaded.index.entries, loaded.mtimeSec, deadline, memo);
  return { ok: true, set: { changes: scan.changes, unmerged: scan.unmerged } };
}

/**
 * `git diff --staged`: the index against HEAD's tree (the empty tree before the first commit).
 * `floor` (see patch-floor.ts) ends the walk by throwing once the patch is bound to pass its limit.
 */
export async function readStaged(s: RepoSession, head: string | null, deadline: Deadline, floor?: PatchFloor): Promise<{ ok: true; set: ChangeSet } | ViewFailure> {
  const loaded = loadIndex(s);
  if (!loaded.ok) return loaded;
  const headTree = head ? (await readCommit(s, head, deadline)).tree : null;
  return { ok: true, set: await stagedChanges(s, headTree, loaded.index, deadline, floor) };
}

/**
 * `git log -N -p`: the N newest commits from HEAD. A root commit is compared with the empty tree
 * (git's log.showRoot default); a merge gets no patch, as `git log -p` shows none by default.
 * One `floor` counts the changes of every commit, as their patches share one byte limit.
 */
export async function readCommits(s: RepoSession, head: string, count: number, deadline: Deadline, floor?: PatchFloor): Promise<CommitChanges[]> {
  const commits = await walkLog(s, head, count, deadline);
  const out: CommitChanges[] = [];
  for (const commit of commits) {
    deadline.throwIfAborted();
    if (commit.parents.length > 1) {
      out.push({ commit, changes: [] });
      continue;
    }
    const parent = commit.parents[0];
    const parentTree = parent ? (await readCommit(s, parent, deadline)).tree : null;
    out.push({ commit, changes: await treeChanges(s, parentTree, commit.tree, deadline, floor) });
  }
  return out;
}
