import type { ReferenceKind } from '../../shared/kinds';
import type { Resolver } from '../resolve';
import { lazyResolver } from './lazy-resolver';
import { resolverLoaders } from '../resolvers/lazy';
import { createResultResolver, createImageResolver } from '../resolvers';

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
    file: lazyResolver('file', resolverLoaders.file),
    folder: lazyResolver('folder', resolverLoaders.folder),
    diff: lazyResolver('diff', resolverLoaders.diff),
    staged: lazyResolver('staged', resolverLoaders.staged),
    git: lazyResolver('git', resolverLoaders.git),
    url: lazyResolver('url', resolverLoaders.url),
    result: createResultResolver(null),
    image: createImageResolver(null),
  };
}
