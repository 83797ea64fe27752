import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { createResultResolver } from '../resolvers/result';
import { perTestCleanup } from '../../../test-support/per-test-cleanup';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { openSession, type SessionStore } from './session-store';

const cleanup = perTestCleanup();
const tempDir = (): string => cleanup.tempDir('atmark-session-');

function workspace(): TempWorkspace {
  const ws = makeWorkspace();
  cleanup.later(() => ws.cleanup());
  return ws;
}

async function session(dir = join(tempDir(), 'session')): Promise<SessionStore> {
  const opened = await openSession(dir);
  if (!opened.ok) throw new Error(opened.message);
  return opened.session;
}

function engineFor(ws: TempWorkspace, s: SessionStore) {
  return createEngine({ workspace: ws.root, resolvers: [createResultResolver(s.lookup)] });
}

// Text a careless store would change: CRLF, trailing spaces, tabs, fences, non-ASCII, no final newline.
const AWKWARD = 'first line\r\n  indented\ttab   \n```js\nconst x = "`";\n```\nÜñïçødé 🙂 ∑\n\u00a0last line without newline';

describe('a session folder', () => {
  it('starts a session in a missing or empty folder, reopens it, and refuses a folder of other files', async () => {
    const dir = join(tempDir(), 'new');
    const first = await session(dir);
    const again = await session(dir);
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(/^s-[a-z2-7]{8}$/);
    const other = tempDir();
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const refused = await openSession(other);
    expect(refused).toMatchObject({ ok: false, code: 'not_a_session' });
    // A damaged session.json is kept aside with a timestamp, and the folder gets a fresh one.
    writeFileSync(join(dir, 'session.json'), '{"version":1,');
    const reopened = await openSession(dir);
    expect(reopened).toMatchObject({ ok: true });
    expect(reopened.ok && reopened.notice?.message).toMatch(/^session\.json could not be read \(not valid JSON\), so Atmark started a fresh one and kept the damaged file as .*session\.json\.damaged-\d{8}-\d{6}/);
    expect(readdirSync(dir).some((n) => /^session\.json\.damaged-/.test(n))).toBe(true);
  });

  it('records a run with citations, stores each attached block as a result, and reads it back', async () => {
    const ws = workspace();
    ws.write('a.txt', AWKWARD);
    const s = await session();
    const expansion = await engineFor(ws, s).expand('Explain @file:a.txt and @file:missing.txt');
    const created = await s.createRun(expansion, { workspace: ws.root, endpoint: null, status: 'expanded' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const run = created.value;
    expect(run.number).toBe(1);
    expect(run.expandedMessage).toBe(expansion.message);
    expect(run.references).toHaveLength(2);
    const [attached, missing] = run.references;
    expect(attached).toMatchObject({ raw: '@file:a.txt', status: 'attached', sha256: expansion.references[0]!.sha256 });
    expect(attached!.resultId).toMatch(/^r-[a-z2-7]{8}$/);
    expect(attached).not.toHaveProperty('block');
    expect(missing).toMatchObject({ status: 'not_found', resultId: null });
    expect(run.warnings).toEqual(expansion.warnings);

    const stored = await s.lookup(attached!.resultId!, new AbortController().signal);
    expect(stored?.text).toBe(expansion.references[0]!.block);
    const reread = await s.readRun(run.id);
    expect(reread).toEqual({ ok: true, value: run });
    const results = await s.listResults();
    expect(results.items).toEqual([expect.objectContaining({ id: attached!.resultId, kind: 'block', label: '@file:a.txt in run 1', reference: '@file:a.txt' })]);
  });

  it('@result attaches a stored result byte for byte as stored', async () => {
    const ws = workspace();
    const s = await session();
    const expansion = await engineFor(ws, s).expand('no references');
    const created = await s.createRun(expansion, { workspace: ws.root, endpoint: null, status: 'running' });
    if (!created.ok) throw new Error('not created');
    const withReply = await s.storeReply(created.value, AWKWARD, 'test-model');
    if (!withReply.ok) throw new Error('not stored');
    const id = withReply.value.replyResultId!;
    expect(readFileSync(join(s.dir, 'results', `${id}.txt`))).toEqual(Buffer.from(AWKWARD, 'utf8'));

    const cited = await engineFor(ws, s).expand(`Summarize @result:${id}`);
    const ref = cited.references[0]!;
    expect(ref).toMatchObject({ status: 'attached', kind: 'result', target: id, bytes: Buffer.byteLength(AWKWARD) });
    expect(ref.source?.resultId).toBe(id);
    // The block holds the stored text exactly, inside a fence it cannot close.
    expect(ref.block).toContain(`\n${AWKWARD}\n`);
    expect(ref.block!.split('\n')[0]).toContain(`reply of run 1 (test-model)`);
  });

  it('@result of another session, an unknown id and a malformed id are not_found', async () => {
    const ws = workspace();
    const mine = await session();
    const theirs = await session();
    const expansion = await engineFor(ws, theirs).expand('x');
    const run = await theirs.createRun(expansion, { workspace: ws.root, endpoint: null, status: 'running' });
    if (!run.ok) throw new Error('not created');
    const reply = await theirs.storeReply(run.value, 'their secret evidence', null);
    if (!reply.ok) throw new Error('not stored');
    const theirId = reply.value.replyResultId!;

    const out = await engineFor(ws, mine).expand(`@result:${theirId} @result:r-aaaaaaaa @result:../../etc/passwd`);
    expect(out.references.map((r) => r.status)).toEqual(['not_found', 'not_found', 'not_found']);
    expect(out.message).not.toContain('their secret evidence');
    expect(out.warnings[0]!.message).toMatch(/this session has no such result/);
    expect(out.warnings[2]!.message).toMatch(/not a result id/);

    // Copying the other session's files in does not make them this session's evidence.
    mkdirSync(join(mine.dir, 'results'));
    for (const ext of ['json', 'txt']) writeFileSync(join(mine.dir, 'results', `${theirId}.${ext}`), readFileSync(join(theirs.dir, 'results', `${theirId}.${ext}`)));
    const copied = await engineFor(ws, mine).expand(`@result:${theirId}`);
    expect(copied.references[0]!.status).toBe('not_found');
    expect(mine.problems().map((p) => p.message)).toEqual([expect.stringMatching(/belongs to another session/)]);
  });

  it('a result whose text was changed on disk is reported and not attached', async () => {
    const ws = workspace();
    const s = await session();
    const run = await s.createRun(await engineFor(ws, s).expand('x'), { workspace: ws.root, endpoint: null, status: 'running' });
    if (!run.ok) throw new Error('not created');
    const reply = await s.storeReply(run.value, 'original reply', null);
    if (!reply.ok) throw new Error('not stored');
    const id = reply.value.replyResultId!;
    writeFileSync(join(s.dir, 'results', `${id}.txt`), 'tampered reply');
    const out = await engineFor(ws, s).expand(`@result:${id}`);
    expect(out.references[0]!.status).toBe('not_found');
    expect(s.problems()[0]!.message).toMatch(/damaged/);
  });

  it('skips and reports damaged run and result files, never failing the listing', async () => {
    const ws = workspace();
    ws.write('a.txt', 'alpha\n');
    const s = await session();
    const engine = engineFor(ws, s);
    for (const m of ['first @file:a.txt', 'second', 'third']) {
      const r = await s.createRun(await engine.expand(m), { workspace: ws.root, endpoint: null, status: 'expanded' });
      expect(r.ok).toBe(true);
    }
    const runFiles = readdirSync(join(s.dir, 'runs'));
    const before = await s.listRuns();
    const second = before.items.find((r) => r.title === 'second')!;
    writeFileSync(join(s.dir, 'runs', `${second.id}.json`), '{"version": 1, "id": tru');
    writeFileSync(join(s.dir, 'runs', 'run-zzzzzzzz.json'), JSON.stringify({ version: 1, id: 'run-zzzzzzzz' }));
    const resultFile = readdirSync(join(s.dir, 'results')).find((n) => n.endsWith('.json'))!;
    writeFileSync(join(s.dir, 'results', resultFile), Buffer.from([0xff, 0xfe, 0x00]));

    const after = await s.listRuns();
    expect(runFiles).toHaveLength(3);
    expect(after.items.map((r) => r.title)).toEqual(['first @file:a.txt', 'third']);
    expect(after.problems.map((p) => p.code)).toEqual(['corrupt', 'corrupt']);
    expect(after.problems[0]!.message).toMatch(/damaged .* and was skipped/);
    const results = await s.listResults();
    expect(results.items).toEqual([]);
    expect(results.problems).toHaveLength(1);
  });

  it('a run left running by a process that is gone reads as interrupted', async () => {
    const ws = workspace();
    const dir = join(tempDir(), 's');
    const writer = await session(dir);
    const run = await writer.createRun(await engineFor(ws, writer).expand('x'), { workspace: ws.root, endpoint: null, status: 'running' });
    if (!run.ok) throw new Error('not created');
    expect((await writer.readRun(run.value.id)).ok && (await writer.readRun(run.value.id))).toMatchObject({ value: { status: 'running' } });
    const reader = await session(dir);
    expect(await reader.readRun(run.value.id)).toMatchObject({ ok: true, value: { status: 'interrupted', error: { code: 'interrupted' } } });
  });
});
