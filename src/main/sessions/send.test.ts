import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { createResultResolver } from '../resolvers/result';
import { endpointFromPreset } from '../settings/presets';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { send } from './send';
import { openSession, type SessionStore } from './session-store';

let server: OpenAiTestServer;
let ws: TempWorkspace;
let root: string;
afterEach(async () => {
  await server?.close();
  ws?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

async function setup(contextLength = 128_000): Promise<{ session: SessionStore; engine: ReturnType<typeof createEngine>; endpoint: ReturnType<typeof endpointFromPreset> }> {
  ws = makeWorkspace({ git: true });
  ws.write('src/app.ts', 'export const answer = 42;\n');
  ws.write('notes.md', '# Notes\n\nLine two.\nLine three.\n');
  root = mkdtempSync(join(tmpdir(), 'atmark-send-'));
  const opened = await openSession(join(root, 'session'));
  if (!opened.ok) throw new Error(opened.message);
  const session = opened.session;
  const engine = createEngine({ workspace: ws.root, contextLength, resolvers: [createResultResolver(session.lookup)] });
  const endpoint = endpointFromPreset('custom', [], { name: 'Test server', baseUrl: server.baseUrl, model: 'test-model' });
  return { session, engine, endpoint };
}

describe('send, end to end against a real server on loopback', () => {
  it('the server receives exactly the previewed expanded message, and the run records everything', async () => {
    server = await startOpenAiServer({ kind: 'stream', chunkChars: 9 });
    const { session, engine, endpoint } = await setup();
    const message = 'Review @file:src/app.ts and @file:notes.md:3-4, ignore @file:nope.ts';
    const preview = await engine.expand(message);
    const deltas: string[] = [];
    const seenRuns: string[] = [];
    const out = await send({ engine, session, endpoint, apiKey: 'sk-local', message, expansion: preview, onDelta: (d) => deltas.push(d), onRun: (r) => seenRuns.push(r.status) });

    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const body = JSON.parse(server.requests[0]!.body);
    expect(body.messages).toEqual([{ role: 'user', content: preview.message }]);
    expect(body.messages[0].content).toBe(preview.message);
    expect(server.requests).toHaveLength(1);
    expect(seenRuns).toEqual(['running']);

    const run = out.run;
    expect(run).toMatchObject({ status: 'done', message, expandedMessage: preview.message, reply: DEFAULT_REPLY, finishReason: 'stop', error: null });
    expect(deltas.join('')).toBe(DEFAULT_REPLY);
    expect(run.endpoint).toEqual({ id: endpoint.id, name: 'Test server', baseUrl: server.baseUrl, model: 'test-model' });
    expect(run.usage?.totalTokens).toBeGreaterThan(0);
    const { startedAt, firstTokenAt, finishedAt } = run.timings;
    expect(startedAt <= firstTokenAt! && firstTokenAt! <= finishedAt!).toBe(true);
    expect(run.references.map((r) => [r.raw, r.status, r.resultId !== null])).toEqual([
      ['@file:src/app.ts', 'attached', true],
      ['@file:notes.md:3-4', 'attached', true],
      ['@file:nope.ts', 'not_found', false],
    ]);
    expect(run.references[1]).toMatchObject({ lineStart: 3, lineEnd: 4, kind: 'file' });
    expect(run.references[1]!.source?.realPath).toMatch(/notes\.md$/);

    const reread = await session.readRun(run.id);
    expect(reread).toEqual({ ok: true, value: run });
    const reply = await session.lookup(run.replyResultId!, new AbortController().signal);
    expect(reply?.text).toBe(DEFAULT_REPLY);
  });

  it('a later run cites the earlier reply with @result, and the server receives it byte for byte', async () => {
    server = await startOpenAiServer({ kind: 'stream', reply: 'Reply one: `code` | pipes | ünïcode\n```\nfenced\n```' });
    const { session, engine, endpoint } = await setup();
    const first = await send({ engine, session, endpoint, apiKey: null, message: 'first' });
    if (!first.ok) throw new Error(first.message);
    server.setMode({ kind: 'stream' });
    const second = await send({ engine, session, endpoint, apiKey: null, message: `Compare with @result:${first.run.replyResultId}` });
    if (!second.ok) throw new Error(second.message);
    const sent = JSON.parse(server.requests[1]!.body).messages[0].content as string;
    expect(sent).toBe(second.run.expandedMessage);
    expect(sent).toContain('\nReply one: `code` | pipes | ünïcode\n```\nfenced\n```\n');
    expect(second.run.references[0]).toMatchObject({ kind: 'result', status: 'attached', source: { resultId: first.run.replyResultId } });
    expect(second.run.number).toBe(2);
  });

  it('refuses to send a blocked expansion: no run, no request', async () => {
    server = await startOpenAiServer();
    const { session, engine, endpoint } = await setup(1000);
    ws.write('big.txt', 'word '.repeat(3000));
    const out = await send({ engine, session, endpoint, apiKey: null, message: 'see @file:big.txt' });
    expect(out).toMatchObject({ ok: false, code: 'blocked', run: null });
    expect(out.ok === false && out.message).toMatch(/hard token limit/);
    expect(server.requests).toHaveLength(0);
    expect((await session.listRuns()).items).toEqual([]);
  });

  it('an error answer is recorded on the run with its readable message', async () => {
    server = await startOpenAiServer({ kind: 'error', status: 401, body: { error: { message: 'Invalid API key' } } });
    const { session, engine, endpoint } = await setup();
    const out = await send({ engine, session, endpoint, apiKey: 'wrong', message: 'hello @file:notes.md' });
    expect(out).toMatchObject({ ok: false, code: 'model_error' });
    expect(out.ok === false && out.message).toMatch(/refused the API key/);
    const runs = await session.listRuns();
    expect(runs.items).toEqual([expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'unauthorized', message: expect.stringMatching(/Invalid API key/), text: expect.objectContaining({ key: 'model.unauthorized' }) }) })]);
    const run = await session.readRun(runs.items[0]!.id);
    expect(run.ok && run.value.replyResultId).toBeNull();
    expect(run.ok && run.value.references[0]!.resultId).toMatch(/^r-/);
  });

  it('Stop mid-stream records the run as stopped with the partial reply stored as a result', async () => {
    server = await startOpenAiServer({ kind: 'stream', chunkChars: 3, delayMs: 30 });
    const { session, engine, endpoint } = await setup();
    const stop = new AbortController();
    let n = 0;
    const out = await send({ engine, session, endpoint, apiKey: null, message: 'go', signal: stop.signal, onDelta: () => ++n === 4 && stop.abort() });
    expect(out).toMatchObject({ ok: false, code: 'stopped' });
    if (out.ok || !out.run) throw new Error('no run');
    expect(out.run.status).toBe('stopped');
    expect(out.run.reply).toBe(DEFAULT_REPLY.slice(0, 12));
    expect((await session.lookup(out.run.replyResultId!, new AbortController().signal))?.text).toBe(out.run.reply);
    expect(out.run.timings.finishedAt).not.toBeNull();
  });

  it('Stop before the request records nothing', async () => {
    server = await startOpenAiServer();
    const { session, engine, endpoint } = await setup();
    const stop = new AbortController();
    stop.abort();
    const out = await send({ engine, session, endpoint, apiKey: null, message: 'go', signal: stop.signal });
    expect(out).toMatchObject({ ok: false, code: 'stopped', run: null });
    expect(server.requests).toHaveLength(0);
  });
});
