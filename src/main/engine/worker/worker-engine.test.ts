import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../../scripts/bundle-ts.mjs';
import { makeWorkspace, type TempWorkspace } from '../../../../test-support/workspace';
import { createEngine } from '../engine';
import { openSession } from '../../sessions';
import { closeSpareEngineWorker, engineFactoryFor, prestartEngineWorker, startEngineWorker, type WorkerEngine } from './worker-engine';

// The worker runs built JavaScript, as in the app: bundle it once for these tests (inside the
// project, so its packages resolve from node_modules).
const script = resolve('node_modules/.cache/atmark-test/engine-worker.mjs');
beforeAll(async () => {
  mkdirSync(resolve('node_modules/.cache/atmark-test'), { recursive: true });
  await bundleForNode('src/main/engine/worker/worker-main.ts', script);
});

let ws: TempWorkspace;
let engines: WorkerEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.map((e) => e.close()));
  engines = [];
  ws?.cleanup();
});

async function start(options: Parameters<typeof startEngineWorker>[1]) {
  const engine = await startEngineWorker(script, options);
  engines.push(engine);
  return engine;
}

describe('the engine in a worker thread', () => {
  it('a worker started before its workspace is known serves the next start, with the options it is then told', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'from the prestarted worker\n');
    prestartEngineWorker(script);
    const engine = await start({ workspace: ws.root, contextLength: 4096 });
    expect(engine.contextLength).toBe(4096);
    expect(engine.workspaceRoot).toBe(ws.root);
    expect((await engine.expand('@file:a.txt')).message).toContain('from the prestarted worker');
    // Taken: the next start makes a worker of its own, and an unused spare closes.
    const second = await start({ workspace: ws.root });
    expect(second.contextLength).not.toBe(4096);
    prestartEngineWorker(script);
    await closeSpareEngineWorker();
  });

  it('gives the same result as the engine in-process, with progress', async () => {
    ws = makeWorkspace({ git: true });
    ws.write('a.ts', 'export const a = 1;\n');
    ws.git('add', 'a.ts');
    const text = 'check @file:a.ts and @staged and @file:nope';
    const progress: string[] = [];
    const inWorker = await (await start({ workspace: ws.root })).expand(text, { onProgress: (p) => progress.push(`${p.raw}:${p.state}`) });
    const inProcess = await createEngine({ workspace: ws.root }).expand(text);
    const strip = (r: typeof inWorker) => ({ ...r, references: r.references.map((x) => ({ ...x, source: x.source ? { ...x.source, readAt: '' } : null })) });
    expect(strip(inWorker)).toEqual(strip(inProcess));
    expect(progress).toContain('@file:a.ts:done');
  });

  it('looks @result up in the session folder it was given, and nowhere else', async () => {
    ws = makeWorkspace();
    const opened = await openSession(join(ws.root, 'sessions', 'one'));
    const other = await openSession(join(ws.root, 'sessions', 'two'));
    if (!opened.ok || !other.ok) throw new Error('could not open the sessions');
    const ids: string[] = [];
    for (const session of [opened.session, other.session]) {
      const run = await session.createRun(await createEngine({ workspace: ws.root }).expand('hi'), { workspace: ws.root, endpoint: null, status: 'running' });
      if (!run.ok) throw new Error('could not create a run');
      const stored = await session.storeReply(run.value, `reply stored in ${session.dir}\n`, null);
      if (!stored.ok) throw new Error('could not store a reply');
      ids.push(stored.value.replyResultId as string);
    }
    const engine = await start({ workspace: ws.root, sessionDir: opened.session.dir });
    const result = await engine.expand(`@result:${ids[0]} @result:${ids[1]}`);
    expect(result.references.map((r) => r.status)).toEqual(['attached', 'not_found']);
    expect(result.message).toContain(`reply stored in ${opened.session.dir}\n`);
  });

  it('the services factory uses the worker when a built script exists', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const inWorker = await engineFactoryFor(script)({ workspace: ws.root });
    engines.push(inWorker as WorkerEngine);
    expect('close' in inWorker).toBe(true);
    expect((await inWorker.expand('@file:a.txt')).references[0]?.status).toBe('attached');
    expect('close' in (await engineFactoryFor(null)({ workspace: ws.root }))).toBe(false);
  });

  it('reports an unusable workspace as a setup error', async () => {
    await expect(startEngineWorker(script, { workspace: '/nonexistent/atmark' })).rejects.toThrow(/workspace folder not found/);
  });

  it('cancels an expansion when its signal aborts', async () => {
    ws = makeWorkspace();
    // A loopback server that accepts the request and never answers: only cancelling ends it.
    const server = createServer(() => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const engine = await start({ workspace: ws.root, allowHosts: [`127.0.0.1:${port}`] });
      const controller = new AbortController();
      const pending = engine.expand(`@url:http://127.0.0.1:${port}/slow`, {
        signal: controller.signal,
        onProgress: (p) => p.state === 'resolving' && setTimeout(() => controller.abort(), 50),
      });
      const result = await pending;
      expect(result.references[0]?.status).toBe('failed');
      expect(result.message).not.toContain('--- Attached Context ---');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
