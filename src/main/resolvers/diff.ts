import type { Resolver } from '../resolve';
import { resolveGitReference } from './git-reference';
import { gitIdentity } from './git-identity';

/**
 * `@diff`: unstaged changes, index to working tree, as `git diff` shows them, for the whole
 * repository holding the workspace. Read-only, through the git reader in src/main/git (the index
 * read by hand, each changed entry hashed; no git process).
 * `not_found` when there are none; `blocked` when a changed path is protected.
 */
export const diffResolver: Resolver = {
  kind: 'diff',
  resolve: (ref, ctx) => resolveGitReference('diff', ref, ctx),
  identity: (_ref, ctx) => gitIdentity('diff', ctx),
};
