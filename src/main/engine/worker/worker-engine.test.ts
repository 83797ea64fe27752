import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../testing/workspace';
import { createEngine } from '../engine';
import { startEngineWorker, type WorkerEngine } from './worker-engine';

// The worker runs built JavaScript, as in the app: bundle it once for these tests (inside the
// project, so its packages resolve from node_modules).
const script = resolve('node_modules/.cache/atmark-test/engine-worker.mjs');
beforeAll(async () => {
  mkdirSync(resolve('node_modules/.cache/atmark-test'), { recursive: true });
  await build({ entryPoints: ['src/main/engine/worker/worker-main.ts'], outfile: script, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
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
