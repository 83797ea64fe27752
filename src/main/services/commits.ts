import git from 'isomorphic-git';
import type { CompletionItem } from '../../shared/api/contract';
import { createReadOnlyFs } from '../git/read-only-fs';
import { locateRepository } from '../git/repository';

/** Commits `@git:` completion offers at most (the engine clamps N into 1..10). */
export const MAX_COMMIT_CHOICES = 10;

/**
 * The `@git:N` choices for a workspace: N = 1..count, each with the subject of the Nth newest commit
 * (so the list reads as the log). Read-only: `git.log` reads objects and never writes. Returns [] for
 * a folder that is not a git repository or has no commits.
 */
export async function commitChoices(root: string, count = MAX_COMMIT_CHOICES, cache: object = {}): Promise<CompletionItem[]> {
  const located = locateRepository(root);
  if (!located.ok) return [];
  try {
    // The git reader's file system: read-only, and no FIFO or device under .git is ever read.
    const commits = await git.log({ fs: createReadOnlyFs(), dir: located.repo.worktree, gitdir: located.repo.gitdir, depth: count, cache });
    return commits.map((c, i) => ({
      type: 'commit' as const,
      count: i + 1,
      subject: c.commit.message.split('\n', 1)[0] ?? '',
      shortId: c.oid.slice(0, 7),
    }));
  } catch {
    return [];
  }
}
