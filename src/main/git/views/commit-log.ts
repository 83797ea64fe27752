/**
 * `git log -N`: the commit walk (the header printed before each commit is render/commit-header.ts).
 * The walk is git's own: a list ordered by committer date, newest first, where a parent goes after
 * every queued commit at least as new (so equal dates keep their discovery order), each commit once.
 * It serves `@git:N` and its completion rows alike, so a row names the commit its reference attaches.
 */
import { type Deadline, readCommit, type CommitInfo, type RepoSession } from '../storage';

/** The `count` newest commits reachable from `head`, in `git log` order. */
export async function walkLog(s: RepoSession, head: string, count: number, signal: Deadline): Promise<CommitInfo[]> {
  const out: CommitInfo[] = [];
  const seen = new Set<string>([head]);
  const queue: CommitInfo[] = [await readCommit(s, head, signal)];
  while (queue.length > 0 && out.length < count) {
    signal.throwIfAborted();
    const commit = queue.shift() as CommitInfo;
    out.push(commit);
    if (out.length === count) break;
    for (const parent of commit.parents) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      insertByDate(queue, await readCommit(s, parent, signal));
    }
  }
  return out;
}

function insertByDate(queue: CommitInfo[], commit: CommitInfo): void {
  let i = 0;
  while (i < queue.length && (queue[i] as CommitInfo).committerTime >= commit.committerTime) i++;
  queue.splice(i, 0, commit);
}
