import type { Resolver } from '../resolve';
import { resolveGitReference } from './git-reference';
import { gitIdentity } from './git-identity';

/**
 * `@git:N`: the last N commits from HEAD with their patches, as `git log -N -p` shows them. N is
 * clamped into 1..limits.maxGitCommits (default 10) with a `clamped` warning. Merge commits get a
 * header and no patch, as in `git log -p`; a root commit is shown against the empty tree.
 */
export const logResolver: Resolver = {
  kind: 'git',
  resolve: (ref, ctx) => resolveGitReference('git', ref, ctx),
  identity: (_ref, ctx) => gitIdentity('git', ctx),
};
