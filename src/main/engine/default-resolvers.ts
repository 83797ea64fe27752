import type { ReferenceKind } from '../../shared/kinds';
import type { Resolver } from '../resolve';
import { lazyResolver } from './lazy-resolver';
import { createResultResolver } from '../resolvers/result';
import { createImageResolver } from '../resolvers/image';
import { prestartDiff } from '../resolvers/diff-prestart';

/**
 * One resolver per kind, each module loaded when its kind is first used (see lazyResolver). A
 * record over every kind, so a kind without a resolver does not compile. `@result` and `@image` have
 * no session here; the session store replaces them.
 */
export function defaultResolvers(): Resolver[] {
  return Object.values(resolversByKind());
}

/** The resolvers by kind; each one's `kind` is its key (a test checks it). */
export function resolversByKind(): { readonly [K in ReferenceKind]: Resolver } {
  return {
    file: lazyResolver('file', async () => (await import('../resolvers/file')).fileResolver),
    folder: lazyResolver('folder', async () => (await import('../resolvers/folder')).folderResolver),
    diff: lazyResolver('diff', async () => {
      prestartDiff();
      return (await import('../resolvers/diff')).diffResolver;
    }),
    staged: lazyResolver('staged', async () => (await import('../resolvers/staged')).stagedResolver),
    git: lazyResolver('git', async () => (await import('../resolvers/log')).logResolver),
    url: lazyResolver('url', async () => (await import('../resolvers/url')).urlResolver),
    result: createResultResolver(null),
    image: createImageResolver(null),
  };
}
