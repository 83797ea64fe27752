import { describe, expect, it } from 'vitest';
import { REFERENCE_KINDS } from '../../shared/kinds';
import { defaultResolvers, resolversByKind } from './default-resolvers';

/** Every kind has a resolver (the record's type makes a missing one a compile error; this checks the kind each one says it serves). */
describe('the default resolvers', () => {
  it('serve every kind, each under its own key', () => {
    const byKind = resolversByKind();
    expect(Object.keys(byKind)).toEqual(REFERENCE_KINDS);
    for (const kind of REFERENCE_KINDS) expect(byKind[kind].kind).toBe(kind);
    expect(defaultResolvers().map((r) => r.kind)).toEqual(REFERENCE_KINDS);
  });
});
