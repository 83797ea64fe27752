import { createHash } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo } from '../../../test-support/git';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine } from './engine';
import type { Resolver } from '../resolve';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

function lines(n: number, prefix = 'line'): string {
  return Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';
}

describe('the expanded message', () => {
  it('keeps the message as written, then warnings, then blocks in the order written', async () => {
    ws = makeWorkspace();
    ws.write('b.ts', 'export const b = 2;\n');
    ws.write('a.md', '# A\n');
    const engine = createEngine({ workspace: ws.root });
    const message = 'Compare @file:b.ts with @file:a.md and @file:missing.ts.';
    const result = await engine.expand(message);
    expect(result.message.startsWith(`${message}\n\n--- Context Warnings ---\n- @file:missing.ts: file not found`)).toBe(true);
    const attached = result.message.slice(result.message.indexOf('--- Attached Context ---'));
    expect(attached.indexOf('### @file:b.ts')).toBeGreaterThan(0);
    expect(attached.indexOf('### @file:b.ts')).toBeLessThan(attached.indexOf('### @file:a.md'));
    expect(attached).toContain('```ts\nexport const b = 2;\n```');
    expect(attached).toMatch(/untrusted/);
    expect(result.references.map((r) => r.status)).toEqual(['attached', 'attached', 'not_found']);
    // Each attached reference says in a field what its block's header says of it (the window's
    // completion card shows it), and a missing one says nothing.
    for (const ref of result.references.slice(0, 2)) {
      expect(ref.description).toBeTruthy();
      expect(ref.block?.split('\n', 1)[0]).toBe(`### ${ref.raw} (${ref.description}, ${ref.tokens} tokens)`);
    }
    expect(result.references[2]?.description).toBeNull();
  });

  it('leaves out sections without entries', async () => {
    ws = makeWorkspace();
    const engine = createEngine({ workspace: ws.root });
    const plain = await engine.expand('no references here, me@file:x is an email');
    expect(plain.message).toBe('no references here, me@file:x is an email');
    ws.write('a.txt', 'hi\n');
    const onlyBlocks = await engine.expand('see @file:a.txt');
    expect(onlyBlocks.message).not.toContain('--- Context Warnings ---');
    expect(onlyBlocks.message).toContain('--- Attached Context ---');
  });

  it('uses a fence the content cannot close', async () => {
    ws = makeWorkspace();
    ws.write('doc.md', 'text\n```\nnot the end\n````\nstill inside\n');
    const result = await createEngine({ workspace: ws.root }).expand('@file:doc.md');
    const block = result.references[0]?.block ?? '';
    expect(block).toMatch(/\n`````markdown\n|\n`````md\n|\n`````\n/);
    expect(block.endsWith('\n`````')).toBe(true);
  });

  it('attaches the same reference once', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'hello\n');
    const result = await createEngine({ workspace: ws.root }).expand('@file:a.txt and again @file:a.txt and @file:"a.txt"');
    expect(result.references).toHaveLength(1);
    expect(result.message.match(/### @file:a\.txt/g)).toHaveLength(1);
  });
});

describe('citations', () => {
  it('records bytes, tokens and the sha256 of exactly the attached text', async () => {
    ws = makeWorkspace();
    ws.write('src/x.ts', lines(10));
    const result = await createEngine({ workspace: ws.root }).expand('@file:src/x.ts:2-3');
    const [ref] = result.references;
    const text = 'line 2\nline 3\n';
    expect(ref).toMatchObject({ status: 'attached', lineStart: 2, lineEnd: 3, bytes: Buffer.byteLength(text) });
    expect(ref?.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(ref?.tokens).toBeGreaterThan(0);
    expect(ref?.source?.realPath).toBe(join(realpathSync(ws.root), 'src/x.ts'));
    expect(Date.parse(ref?.source?.readAt ?? '')).not.toBeNaN();
  });
});

describe('limits', () => {
  it('refuses the 9th and later references', async () => {
    ws = makeWorkspace();
    const names = Array.from({ length: 10 }, (_, i) => `f${i}.txt`);
    for (const n of names) ws.write(n, `${n}\n`);
    const result = await createEngine({ workspace: ws.root }).expand(names.map((n) => `@file:${n}`).join(' '));
    expect(result.references.map((r) => r.status)).toEqual([...Array(8).fill('attached'), 'limit_exceeded', 'limit_exceeded']);
    expect(result.warnings.filter((w) => w.code === 'limit_exceeded')).toHaveLength(2);
  });

  it('references that fail take no share of the count limit: valid ones after them still attach', async () => {
    ws = makeWorkspace();
    const names = Array.from({ length: 8 }, (_, i) => `f${i}.txt`);
    for (const n of names) ws.write(n, `${n}\n`);
    const missing = Array.from({ length: 3 }, (_, i) => `@file:missing${i}.txt`);
    const result = await createEngine({ workspace: ws.root }).expand([...missing, ...names.map((n) => `@file:${n}`), '@file:.env'].join(' '));
    expect(result.references.map((r) => r.status)).toEqual([...Array(3).fill('not_found'), ...Array(8).fill('attached'), 'blocked']);
    expect(result.warnings.filter((w) => w.code === 'limit_exceeded')).toHaveLength(0);
  });

  it('refuses unread the references past four times the limit', async () => {
    ws = makeWorkspace();
    const result = await createEngine({ workspace: ws.root, limits: { maxReferences: 2 } }).expand(
      Array.from({ length: 10 }, (_, i) => `@file:m${i}.txt`).join(' '),
    );
    expect(result.references.map((r) => r.status)).toEqual([...Array(8).fill('not_found'), 'limit_exceeded', 'limit_exceeded']);
  });

  it('malformed references are not expanded and do not count against the limit', async () => {
    ws = makeWorkspace();
    const result = await createEngine({ workspace: ws.root }).expand('@file:a.ts:9-3 and @git:many');
    expect(result.references.map((r) => r.status)).toEqual(['malformed', 'malformed']);
    expect(result.message).not.toContain('--- Attached Context ---');
  });

  it('refuses one reference over 64 KiB with a hint to narrow the range', async () => {
    ws = makeWorkspace();
    ws.write('big.txt', 'x'.repeat(70 * 1024));
    const result = await createEngine({ workspace: ws.root }).expand('@file:big.txt');
    expect(result.references[0]?.status).toBe('too_large');
    expect(result.warnings[0]?.message).toMatch(/line range/);
  });

  it('does not count the tokens of a reference refused for its size', async () => {
    const repo = makeRepo();
    try {
      repo.write('big.txt', 'a\n');
      repo.write('small.txt', 'small\n');
      repo.commitAll('start');
      repo.write('big.txt', 'x y\n'.repeat(20 * 1024)); // a diff of about 80 KiB: over the 64 KiB limit
      const counted: number[] = [];
      const countTokens = (text: string): number => (counted.push(text.length), Math.ceil(text.length / 4));
      const result = await createEngine({ workspace: repo.dir, countTokens }).expand('@diff @file:small.txt', { fresh: true });
      expect(result.references.map((r) => r.status)).toEqual(['too_large', 'attached']);
      expect(result.references[1]?.tokens).toBe(2);
      // Counting a text that cannot attach was 20 ms of a cold CLI's 111 KiB @diff (issue 27).
      expect(counted.filter((n) => n >= 64 * 1024)).toEqual([]);
    } finally {
      repo.cleanup();
    }
  });

  it('refuses the reference that would pass 192 KiB in all, and every one after it', async () => {
    ws = makeWorkspace();
    for (const n of ['a', 'b', 'c', 'd']) ws.write(`${n}.txt`, `${n}`.repeat(60 * 1024));
    ws.write('e.txt', 'small\n');
    const result = await createEngine({ workspace: ws.root, contextLength: 1_000_000 }).expand('@file:a.txt @file:b.txt @file:c.txt @file:d.txt @file:e.txt');
    expect(result.references.map((r) => r.status)).toEqual(['attached', 'attached', 'attached', 'limit_exceeded', 'limit_exceeded']);
    expect(result.attachedBytes).toBe(3 * 60 * 1024);
  });

  it('warns past the soft token limit and still attaches', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', lines(400));
    const result = await createEngine({ workspace: ws.root, contextLength: 4000 }).expand('@file:a.txt');
    expect(result.attachedTokens).toBeGreaterThan(1000);
    expect(result.attachedTokens).toBeLessThanOrEqual(2000);
    expect(result.blocked).toBe(false);
    expect(result.warnings.map((w) => w.code)).toContain('soft_limit');
    expect(result.references[0]?.status).toBe('attached');
  });

  it('past the hard token limit attaches nothing and sends the message as written', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', lines(200));
    ws.write('b.txt', 'small\n');
    const message = 'read @file:a.txt and @file:b.txt';
    const result = await createEngine({ workspace: ws.root, contextLength: 1000 }).expand(message);
    expect(result.blocked).toBe(true);
    expect(result.message).toBe(message);
    expect(result.references.map((r) => r.status)).toEqual(['limit_exceeded', 'limit_exceeded']);
    expect(result.warnings.find((w) => w.reference === null)?.message).toMatch(/hard limit/);
  });
});

describe('resolution', () => {
  it('resolves references concurrently', async () => {
    ws = makeWorkspace();
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: Resolver = {
      kind: 'result',
      async resolve(ref) {
        started.push(ref.value);
        if (started.length === 2) release();
        await gate;
        return { ok: true, text: ref.value, description: 'test', target: ref.value, language: '', source: { readAt: new Date().toISOString() } };
      },
    };
    const result = await createEngine({ workspace: ws.root, resolvers: [slow] }).expand('@result:one @result:two');
    expect(result.references.map((r) => r.status)).toEqual(['attached', 'attached']);
  });

  it('a reference that outlives its deadline fails with the reason', async () => {
    ws = makeWorkspace();
    const hang: Resolver = { kind: 'result', resolve: () => new Promise(() => {}) };
    const engine = createEngine({ workspace: ws.root, resolvers: [hang], limits: { folderTimeoutMs: 100 } });
    const result = await engine.expand('@result:x');
    expect(result.references[0]?.status).toBe('failed');
    expect(result.warnings[0]?.message).toMatch(/took too long/);
  });

  it('a cancelled expansion reports its references as failed, never as content', async () => {
    ws = makeWorkspace();
    const hang: Resolver = { kind: 'result', resolve: () => new Promise(() => {}) };
    const controller = new AbortController();
    const pending = createEngine({ workspace: ws.root, resolvers: [hang] }).expand('@result:x', { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.references[0]?.status).toBe('failed');
    expect(result.message).not.toContain('--- Attached Context ---');
  });

  it('a resolver that throws does not crash the expansion', async () => {
    ws = makeWorkspace();
    const broken: Resolver = { kind: 'result', resolve: async () => { throw new Error('disk on fire'); } };
    const result = await createEngine({ workspace: ws.root, resolvers: [broken] }).expand('@result:x');
    expect(result.references[0]?.status).toBe('failed');
    expect(result.warnings[0]?.message).toMatch(/disk on fire/);
  });

  it('leaves no listeners on the caller\'s signal', async () => {
    ws = makeWorkspace();
    const names = Array.from({ length: 8 }, (_, i) => `f${i}.txt`);
    for (const n of names) ws.write(n, `${n}\n`);
    const controller = new AbortController();
    await createEngine({ workspace: ws.root }).expand(names.map((n) => `@file:${n}`).join(' '), { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('reports progress for each reference', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'a\n');
    const seen: string[] = [];
    await createEngine({ workspace: ws.root }).expand('@file:a.txt', { onProgress: (p) => seen.push(`${p.raw}:${p.state}`) });
    expect(seen).toEqual(['@file:a.txt:resolving', '@file:a.txt:done']);
  });

  it('@result without a session is not_found', async () => {
    ws = makeWorkspace();
    const result = await createEngine({ workspace: ws.root }).expand('@result:abc123');
    expect(result.references[0]?.status).toBe('not_found');
  });
});

describe('setup', () => {
  it('refuses a missing workspace with a clear message', () => {
    expect(() => createEngine({ workspace: '/nonexistent/atmark/ws' })).toThrow(/workspace folder not found/);
  });
});
