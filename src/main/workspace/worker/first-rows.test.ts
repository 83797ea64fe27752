import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../../scripts/bundle-ts.mjs';
import { workspacePaths } from '../../../../bench/generate-workspace';
import { query } from '../fuzzy-query';
import type { Match } from '../ranking';
import { createWorkspaceIndex } from '../workspace-index';
import { indexWorkerScript, openWorkspaceIndex, type AsyncWorkspaceIndex } from './remote-index';

// The worker runs built JavaScript, as in the app (see remote-index.test.ts), in a folder of its own.
const outDir = path.resolve('node_modules/.cache/atmark-test/index-worker-first-rows');
const shown = (ms: readonly Match[]): string[] => ms.map((m) => `${m.score} ${m.path}`);

describe('first rows, then the final ones, through the index worker thread', () => {
  let root = '';
  let index: AsyncWorkspaceIndex;
  let expected: (text: string) => Match[];
  beforeAll(async () => {
    mkdirSync(outDir, { recursive: true });
    await bundleForNode('src/main/workspace/worker/index-worker-main.ts', path.join(outDir, 'index-worker.mjs'));
    root = mkdtempSync(path.join(os.tmpdir(), 'atmark-first-rows-'));
    for (const rel of workspacePaths(11_000)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), '');
    }
    // One clock check for the first rows and per slice: what each step does does not depend on the machine.
    index = openWorkspaceIndex(root, { workerScript: indexWorkerScript(outDir), watch: false, pace: { firstMs: 0, sliceMs: 0 } });
    expect(index.host).toBe('worker');
    expect(await index.whenReady()).toBe('ready');
    // `query` on an index of the same folder, in this thread, is the answer the final rows must equal.
    const local = createWorkspaceIndex(root, { watch: false });
    expect(await local.whenReady()).toBe('ready');
    expect(local.snapshot().count).toBeGreaterThan(10_000);
    const snapshot = local.snapshot();
    expected = (text) => query({ snapshot: () => snapshot }, text, { limit: 50, kinds: ['file'] });
    local.close();
  }, 180_000);
  afterAll(async () => {
    await index?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('marks the first answer not final, and the rest equals query\'s answer', async () => {
    const first = await index.queryFirst('tsco', { kinds: ['file'], sizes: false });
    expect(first.final).toBe(false);
    expect(first.matches.length).toBeGreaterThan(0);
    const rest = await index.queryRest(first.run);
    expect(rest && shown(rest)).toEqual(shown(expected('tsco')));
    expect(shown(await index.query('tsco', { kinds: ['file'], sizes: false }))).toEqual(shown(expected('tsco')));
  });

  it('a newer keystroke ends the older query\'s rest', async () => {
    const older = await index.queryFirst('rele', { kinds: ['file'], sizes: false });
    const newer = await index.queryFirst('relea', { kinds: ['file'], sizes: false });
    expect(older.final).toBe(false);
    expect(await index.queryRest(older.run)).toBeNull();
    const rest = newer.final ? newer.matches : await index.queryRest(newer.run);
    expect(rest && shown(rest)).toEqual(shown(expected('relea')));
  });
});
