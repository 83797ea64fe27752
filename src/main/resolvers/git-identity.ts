import path from 'node:path';
import { statIdentity, timeBucket, type ResolveContext } from '../resolve';
import type { GitReferenceKind } from './git-reference';
import { locateRepository, readGitText } from '../git';

/** How long a cached `@diff` may be reused while typing: the working tree cannot be identified cheaply. */
export const WORKTREE_REUSE_MS = 2000;

/**
 * The content identity of a git reference (see `Resolver.identity`): HEAD, the ref it names and the
 * packed refs for every kind; the index for `@staged` and `@diff`; and for `@diff` a two-second time
 * bucket, since an edit in the working tree changes no git file.
 */
export async function gitIdentity(kind: GitReferenceKind, ctx: ResolveContext): Promise<string | null> {
  const located = locateRepository(ctx.workspaceRoot);
  if (!located.ok) return null;
  const { gitdir, commondir } = located.repo;
  let head: string;
  try {
    // The safe read: a FIFO as HEAD must not hold a thread of the pool forever.
    const text = readGitText(path.join(gitdir, 'HEAD'), 4096);
    if (text === null) return null;
    head = text.slice(0, 512).trim();
  } catch {
    return null;
  }
  const parts = [gitdir, head, await statIdentity(path.join(commondir, 'packed-refs'))];
  const ref = /^ref:\s*(\S+)/.exec(head)?.[1];
  if (ref && !ref.split('/').includes('..')) parts.push(await statIdentity(path.join(commondir, ref)));
  // A shallow boundary or a replace ref changes what the history reads as.
  parts.push(await statIdentity(path.join(commondir, 'shallow')), await statIdentity(path.join(commondir, 'refs', 'replace')));
  if (kind !== 'git') parts.push(await statIdentity(path.join(gitdir, 'index')));
  if (kind === 'diff') parts.push(timeBucket(ctx.now(), WORKTREE_REUSE_MS));
  return parts.join('|');
}
