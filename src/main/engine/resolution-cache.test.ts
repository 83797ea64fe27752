import { utimesSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine, type Engine } from './engine';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/** Expands and returns the result with the references that were actually (re)resolved. */
async function expand(engine: Engine, text: string, fresh = false) {
  const resolved: string[] = [];
  const result = await engine.expand(text, { fresh, onProgress: (p) => p.state === 'resolving' && resolved.push(p.raw) });
  return { result, resolved };
}

describe('unchanged references are served from the cache while typing', () => {
  it('reuses a file until it changes, then reads it again', async () => {
    ws = makeWorkspace();
    const file = ws.write('a.txt', 'one\n');
    const engine = createEngine({ workspace: ws.root });
    expect((await expand(engine, 'see @file:a.txt')).resolved).toEqual(['@file:a.txt']);
    const again = await expand(engine, 'see @file:a.txt, and more prose');
    expect(again.resolved).toEqual([]);
    expect(again.result.references[0]?.status).toBe('attached');
    expect(again.result.message).toContain('one\n');

    ws.write('a.txt', 'two\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const changed = await expand(engine, 'see @file:a.txt, and more prose');
    expect(changed.resolved).toEqual(['@file:a.txt']);
    expect(changed.result.message).toContain('two\n');
  });

  it('keeps the cache when only the context length changes', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'word '.repeat(400));
    const engine = createEngine({ workspace: ws.root });
    await expand(engine, '@file:a.txt');
    const resolved: string[] = [];
    const small = await engine.expand('@file:a.txt', { contextLength: 500, onProgress: (p) => resolved.push(p.raw) });
    expect(resolved).toEqual([]);
    expect(small.contextLength).toBe(500);
    expect(small.blocked).toBe(true);
  });

  it('fresh expansions (Send) always read again', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'one\n');
    const engine = createEngine({ workspace: ws.root });
    await expand(engine, '@file:a.txt');
    expect((await expand(engine, '@file:a.txt', true)).resolved).toEqual(['@file:a.txt']);
  });

  it('does not cache failures: a missing file that appears is attached', async () => {
    ws = makeWorkspace();
    const engine = createEngine({ workspace: ws.root });
    expect((await expand(engine, '@file:later.txt')).result.references[0]?.status).toBe('not_found');
    ws.write('later.txt', 'here now\n');
    expect((await expand(engine, '@file:later.txt')).result.references[0]?.status).toBe('attached');
  });

  it('reuses @staged and @git:N until HEAD or the index changes', async () => {
    ws = makeWorkspace({ git: true });
    ws.write('a.txt', 'one\n');
    ws.git('add', 'a.txt');
    ws.git('commit', '-q', '-m', 'one');
    ws.write('a.txt', 'two\n');
    ws.git('add', 'a.txt');
    const engine = createEngine({ workspace: ws.root });
    expect((await expand(engine, '@staged @git:1')).resolved.sort()).toEqual(['@git:1', '@staged']);
    expect((await expand(engine, '@staged @git:1 ok')).resolved).toEqual([]);
    ws.git('commit', '-q', '-m', 'two');
    ws.write('a.txt', 'three\n');
    ws.git('add', 'a.txt');
    const after = await expand(engine, '@staged @git:1 ok');
    expect(after.resolved.sort()).toEqual(['@git:1', '@staged']);
    expect(after.result.message).toContain('+three');
    expect(after.result.message).toMatch(/^ {4}two$/m);
  });
});
