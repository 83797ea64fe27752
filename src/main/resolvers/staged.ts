import type { Resolver } from '../resolve';
import { resolveGitReference } from './git-reference';
import { gitIdentity } from './git-identity';

/**
 * `@staged`: staged changes, HEAD to index, as `git diff --staged` shows them (before the first
 * commit, everything staged is new). `not_found` when there are none; `blocked` on a protected path.
 */
export const stagedResolver: Resolver = {
  kind: 'staged',
  resolve: (ref, ctx) => resolveGitReference('staged', ref, ctx),
  identity: (_ref, ctx) => gitIdentity('staged', ctx),
};
