import type { CompletionItem } from '../../shared/api/contract';
import { walkLog } from '../git/views';
import { createDeadline, openSession, locateRepository, readHead } from '../git/storage';

/** Commits `@git:` completion offers at most (the engine clamps N into 1..10). */
export const MAX_COMMIT_CHOICES = 10;

/** How long completion may spend reading the log. Default 5 s: a list offered late is no use. */
export const COMMIT_CHOICES_TIMEOUT_MS = 5000;

/**
 * The `@git:N` choices for a workspace: N = 1..count, each with the subject of the Nth newest commit
 * (so the list reads as the log). Read by the same object reader as `@git:N` (shallow clones,
 * replace refs, budgets on hostile packs), under its own deadline. `caches` is the git session
 * cache kept across calls. Returns [] for a folder that is not a git repository, has no commits,
 * or cannot be read.
 */
export async function commitChoices(root: string, count = MAX_COMMIT_CHOICES, caches: Map<string, unknown> = new Map()): Promise<CompletionItem[]> {
  const located = locateRepository(root);
  if (!located.ok) return [];
  try {
    const head = readHead(located.repo);
    if (!head) return [];
    const deadline = createDeadline(new AbortController().signal, COMMIT_CHOICES_TIMEOUT_MS);
    const commits = await walkLog(openSession(caches, located.repo), head, count, deadline);
    return commits.map((c, i) => ({
      type: 'commit' as const,
      count: i + 1,
      subject: c.message.split('\n', 1)[0] ?? '',
      shortId: c.oid.slice(0, 7),
    }));
  } catch {
    return [];
  }
}
