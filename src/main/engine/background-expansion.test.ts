import { utimesSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine } from './engine';
import { warmUpEngine } from './worker/warm-up';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/**
 * A background expansion (the worker's warm-up) is thrown away: it must not be kept as the engine's
 * last expansion, which would hold its texts for as long as the person types nothing (issue 27) and
 * take the place of the person's own message, whose references a change of context length reuses
 * without reading them again.
 */
describe('a background expansion', () => {
  it("leaves the person's last expansion in place: a model switch reads nothing again", async () => {
    ws = makeWorkspace();
    const file = ws.write('a.txt', 'one\n');
    ws.write('b.txt', 'other\n');
    const engine = createEngine({ workspace: ws.root, contextLength: 100_000 });
    await engine.expand('see @file:a.txt');
    await engine.expand('@file:b.txt', { fresh: true, background: true });
    // The file changes; a switch of model only recomputes the budget of what was read (by design).
    ws.write('a.txt', 'two\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const resolved: string[] = [];
    const switched = await engine.expand('see @file:a.txt', { contextLength: 50_000, onProgress: (p) => p.state === 'resolving' && resolved.push(p.raw) });
    expect(resolved).toEqual([]);
    expect(switched.contextLength).toBe(50_000);
    expect(switched.message).toContain('one\n');
  });

  it('is what the warm-up asks for', async () => {
    const seen: Array<{ fresh?: boolean; background?: boolean }> = [];
    const warm = warmUpEngine({ expand: async (_m, o = {}) => (seen.push({ fresh: o.fresh, background: o.background }), null as never) }, 1);
    await warm.done;
    expect(seen).toEqual([{ fresh: true, background: true }]);
  });
});
