import type { Resolver } from '../resolve';

/**
 * A resolver whose module is imported on its first use. Each kind pulls in its own libraries
 * (the git reader for git, undici and linkedom for `@url`), so an expansion of one file, or
 * `atmark --help`, loads none of them. The import runs once; later calls reuse it.
 */
export function lazyResolver<K extends string>(kind: K, load: () => Promise<Resolver<K>>): Resolver<K> {
  let loaded: Promise<Resolver<K>> | null = null;
  const get = (): Promise<Resolver<K>> => (loaded ??= load());
  return {
    kind,
    async resolve(ref, ctx) {
      return (await get()).resolve(ref, ctx);
    },
    async identity(ref, ctx) {
      const resolver = await get();
      return resolver.identity ? resolver.identity(ref, ctx) : null;
    },
  };
}
