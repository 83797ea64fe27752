import type { Resolver } from '../resolve';
import { lazyResolver } from './lazy-resolver';
import { createResultResolver } from '../resolvers/result';

/**
 * One resolver per kind, each module loaded when its kind is first used (see lazyResolver).
 * `@result` has no session here; the session store replaces it.
 */
export function defaultResolvers(): Resolver[] {
  return [
    lazyResolver('file', async () => (await import('../resolvers/file')).fileResolver),
    lazyResolver('folder', async () => (await import('../resolvers/folder')).folderResolver),
    lazyResolver('diff', async () => (await import('../resolvers/diff')).diffResolver),
    lazyResolver('staged', async () => (await import('../resolvers/staged')).stagedResolver),
    lazyResolver('git', async () => (await import('../resolvers/log')).logResolver),
    lazyResolver('url', async () => (await import('../resolvers/url')).urlResolver),
    createResultResolver(null),
  ];
}
