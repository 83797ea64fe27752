import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../../../test-support/git';
import { createExpander } from '../services/expander';
import { defaultResolvers } from './default-resolvers';
import { createEngine } from './engine';
import type { Resolver } from '../resolve';

/**
 * Issue 12, "live budget without re-resolving": the real resolvers on a real repository, each
 * wrapped to count its `resolve` calls (the wrapper only counts; the resolver does the work).
 */
let repo: TestRepo;
afterEach(() => repo?.cleanup());

function counted(): { resolvers: Resolver[]; calls: Map<string, number>; total(): number } {
  const calls = new Map<string, number>();
  const resolvers = defaultResolvers().map((r): Resolver => ({
    kind: r.kind,
    resolve: (ref, ctx) => {
      calls.set(ref.raw, (calls.get(ref.raw) ?? 0) + 1);
      return r.resolve(ref, ctx);
    },
    ...(r.identity ? { identity: r.identity.bind(r) } : {}),
  }));
  return { resolvers, calls, total: () => [...calls.values()].reduce((a, b) => a + b, 0) };
}

function workspace(): TestRepo {
  repo = makeRepo();
  repo.write('src/a.ts', 'export const a = 1;\n'.repeat(200));
  repo.write('src/b.ts', 'export const b = 2;\n'.repeat(50));
  repo.write('notes/plan.md', '# plan\n');
  repo.commitAll('start');
  repo.write('src/a.ts', 'export const a = 3;\n'.repeat(200));
  return repo;
}

/**
 * A clock that stands still: `@diff` and `@folder` are reused within a 2-second time bucket, so on a
 * slow machine two expansions could straddle a bucket's end and resolve again (seen under load).
 */
const still = (): Date => new Date('2026-06-01T00:00:00Z');

const MESSAGE = 'compare @file:src/a.ts with @file:src/b.ts, see @folder:notes and @diff and @git:1';

describe('a change of context length', () => {
  it('recomputes only the budget: no resolver runs, the limits and warnings follow the new length', async () => {
    const ws = workspace();
    const c = counted();
    const engine = createEngine({ workspace: ws.dir, resolvers: c.resolvers, now: still });
    const wide = await engine.expand(MESSAGE, { contextLength: 1_000_000 });
    expect(wide.references.map((r) => r.status)).toEqual(['attached', 'attached', 'attached', 'attached', 'attached']);
    expect(c.total()).toBe(5);

    const narrow = await engine.expand(MESSAGE, { contextLength: 2 * wide.attachedTokens });
    expect(c.total()).toBe(5);
    expect(narrow.softTokenLimit).toBe(Math.floor(wide.attachedTokens / 2));
    expect(narrow.warnings.map((w) => w.code)).toContain('soft_limit');
    expect(narrow.attachedTokens).toBe(wide.attachedTokens);

    const blocked = await engine.expand(MESSAGE, { contextLength: wide.attachedTokens });
    expect(c.total()).toBe(5);
    expect(blocked.blocked).toBe(true);

    // Back to the first length: the same result as the first expansion, still without resolving.
    const again = await engine.expand(MESSAGE, { contextLength: 1_000_000 });
    expect(c.total()).toBe(5);
    expect(again.message).toBe(wide.message);
  });

  it('reuses one engine through the services expander, so no resolver runs there either', async () => {
    const ws = workspace();
    const c = counted();
    const expander = createExpander((options) => createEngine({ ...options, resolvers: c.resolvers, now: still }));
    const expand = (contextLength: number) => expander.expand(ws.dir, { requestId: 'r', text: MESSAGE, contextLength }, () => undefined);
    const first = await expand(1_000_000);
    expect(first.ok).toBe(true);
    const second = await expand(500_000);
    expect(second.ok && second.value.contextLength).toBe(500_000);
    expect(c.total()).toBe(5);
  });
});

describe('typing', () => {
  it('resolves again only the references whose text changed', async () => {
    const ws = workspace();
    const c = counted();
    const engine = createEngine({ workspace: ws.dir, resolvers: c.resolvers, now: still });
    await engine.expand(MESSAGE);
    await engine.expand(`please ${MESSAGE} thanks`);
    expect(c.total()).toBe(5);
    await engine.expand(MESSAGE.replace('@file:src/b.ts', '@file:src/b.ts:1-3'));
    expect(c.total()).toBe(6);
    expect(c.calls.get('@file:src/b.ts:1-3')).toBe(1);
  });
});
