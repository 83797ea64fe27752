import type { KindSyntax } from '../src/shared/kinds';
import type { KindExtension } from '../src/main/engine';
import type { Resolver } from '../src/main/resolve';

/**
 * `@echo:TEXT`, a reference kind that exists only in tests: it attaches its own value. It shows
 * that a kind is a descriptor and a resolver, handed to the engine, with no product file changed
 * (CONTRIBUTING.md "Add a reference kind").
 */
export const echoKind: KindSyntax<'echo'> = { name: 'echo', bare: false, value: 'text', deadline: 'folderTimeoutMs' };

/** Attaches the value as written: `@echo:hello` attaches `hello`. */
export const echoResolver: Resolver<'echo'> = {
  kind: 'echo',
  async resolve(ref, ctx) {
    return { ok: true, text: ref.value, description: `echo ${ref.value}`, target: ref.value, language: '', source: { readAt: ctx.now().toISOString() } };
  },
};

/** The kind and its resolver, as `createEngine({ kinds })` takes them. */
export const echoExtension: KindExtension = { syntax: echoKind, resolver: echoResolver };
