import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { createResultResolver } from '../resolvers/result';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { runToMarkdown } from './export';
import { ageOf, resultChoices } from './result-choices';
import { createSession, listSessions } from './session-list';
import type { SessionStore } from './session-store';

let root: string;
let ws: TempWorkspace;
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  ws?.cleanup();
});

async function newSession(): Promise<SessionStore> {
  const made = await createSession(root);
  if (!made.ok) throw new Error(made.message);
  return made.session;
}

describe('history', () => {
  it('lists sessions with the first message as title, run count and last use, and skips damaged ones', async () => {
    root = mkdtempSync(join(tmpdir(), 'atmark-history-'));
    ws = makeWorkspace();
    const older = await newSession();
    const newer = await newSession();
    const engine = (s: SessionStore) => createEngine({ workspace: ws.root, resolvers: [createResultResolver(s.lookup)] });
    await older.createRun(await engine(older).expand('\n  First question about the build\nmore'), { workspace: ws.root, endpoint: null, status: 'expanded' });
    await new Promise((r) => setTimeout(r, 20));
    for (const m of ['Newer session, run one', 'run two']) await newer.createRun(await engine(newer).expand(m), { workspace: ws.root, endpoint: null, status: 'expanded' });
    const empty = await newSession();
    mkdirSync(join(root, 'not-a-session'));
    mkdirSync(join(root, 'broken'));
    writeFileSync(join(root, 'broken', 'session.json'), '{nope');

    const { items, problems } = await listSessions(root);
    expect(items.map((s) => [s.id, s.title, s.runCount]).sort()).toEqual(
      [
        [newer.id, 'Newer session, run one', 2],
        [older.id, 'First question about the build', 1],
        [empty.id, null, 0],
      ].sort(),
    );
    const withRuns = items.filter((s) => s.runCount > 0);
    expect(withRuns.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(items.find((s) => s.id === empty.id)).toMatchObject({ title: null, runCount: 0 });
    expect(items[0]!.updatedAt >= items[0]!.createdAt).toBe(true);
    expect(problems).toEqual([expect.objectContaining({ code: 'corrupt', path: join(root, 'broken', 'session.json') })]);
    expect(await listSessions(join(root, 'missing'))).toEqual({ items: [], problems: [] });
  });

  it('exports a run as Markdown with a table of its citations', async () => {
    root = mkdtempSync(join(tmpdir(), 'atmark-history-'));
    ws = makeWorkspace();
    ws.write('src/a|b.ts', 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const s = await newSession();
    const engine = createEngine({ workspace: ws.root, resolvers: [createResultResolver(s.lookup)] });
    const expansion = await engine.expand('Check `@file:"src/a|b.ts":2-3` and @file:gone.ts');
    const created = await s.createRun(expansion, { workspace: ws.root, endpoint: { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:1/v1', model: 'm1' }, status: 'running' });
    if (!created.ok) throw new Error('not created');
    const run = { ...created.value, status: 'done' as const, reply: 'The **answer**.', usage: { promptTokens: 10, completionTokens: 3, totalTokens: 13 } };
    const md = runToMarkdown(run);
    const attached = run.references[0]!;

    expect(md.startsWith('# Run 1: Check `@file:"src/a|b.ts":2-3` and @file:gone.ts\n')).toBe(true);
    expect(md).toContain('| Reference | Kind | Source | Lines | Bytes | Tokens | sha256 | Status | Result |');
    const rows = md.split('\n').filter((l) => l.startsWith('| `@file'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('| file |');
    expect(rows[0]).toContain(`src/a\\|b.ts | 2-3 | ${attached.bytes} | ${attached.tokens} | \`${attached.sha256}\` | attached | \`@result:${attached.resultId}\` |`);
    expect(rows[1]).toMatch(/\| `@file:gone.ts` \| file \| gone.ts \| {2}\| 0 \| 0 \| {2}\| not_found \| {2}\|$/);
    expect(md).toContain('## Warnings\n\n- `@file:gone.ts`: file not found');
    expect(md).toContain('## Reply\n\nThe **answer**.');
    expect(md).toContain('- Usage reported by the model: 10 prompt + 3 completion = 13 tokens');
    expect(md).toContain(`## Expanded message as sent\n\n`);
    expect(md).toContain(expansion.message);
  });
});

describe('@result completion choices', () => {
  it('lists results newest first with label and age, filtered by id or label', () => {
    const now = new Date('2025-01-10T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const results = [
      { id: 'r-aaaaaaaa', kind: 'block' as const, label: '@file:a.ts in run 1', reference: '@file:a.ts', runId: 'run-aaaaaaaa', language: 'markdown', createdAt: at(2 * 86_400_000), bytes: 10 },
      { id: 'r-bbbbbbbb', kind: 'reply' as const, label: 'reply of run 2 (m1)', reference: null, runId: 'run-bbbbbbbb', language: 'markdown', createdAt: at(5 * 60_000), bytes: 20 },
      { id: 'r-cccccccc', kind: 'reply' as const, label: 'reply of run 1 (m1)', reference: null, runId: 'run-aaaaaaaa', language: 'markdown', createdAt: at(3 * 3_600_000), bytes: 30 },
    ];
    expect(resultChoices(results, { now }).map((c) => c.summary)).toEqual(['reply of run 2 (m1) · 5 min ago', 'reply of run 1 (m1) · 3 h ago', '@file:a.ts in run 1 · 2 days ago']);
    expect(resultChoices(results, { now, query: 'REPLY' }).map((c) => c.id)).toEqual(['r-bbbbbbbb', 'r-cccccccc']);
    expect(resultChoices(results, { now, query: 'r-a' }).map((c) => c.id)).toEqual(['r-aaaaaaaa']);
    expect(resultChoices(results, { now, limit: 1 })).toHaveLength(1);
    expect(ageOf(now.toISOString(), now)).toBe('just now');
  });
});
