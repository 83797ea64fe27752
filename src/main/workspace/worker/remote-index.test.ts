import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../../scripts/bundle-ts.mjs';
import type { IndexEvent } from '../workspace-index';
import { indexWorkerScript, openWorkspaceIndex, type AsyncWorkspaceIndex } from './remote-index';

// The worker runs built JavaScript, as in the app: bundle it once (inside the project, so its
// packages resolve from node_modules), in its own folder so `indexWorkerScript` can find it.
const outDir = path.resolve('node_modules/.cache/atmark-test/index-worker');
beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  await bundleForNode('src/main/workspace/worker/index-worker-main.ts', path.join(outDir, 'index-worker.mjs'));
});

const made: string[] = [];
const open: AsyncWorkspaceIndex[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((i) => i.close()));
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A git workspace with a few tracked files, an untracked one and a protected one. */
function workspace(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atmark-remote-'));
  made.push(root);
  const files: Record<string, string> = { 'src/components/Composer.tsx': 'x', 'src/compass.ts': 'xy', 'README.md': 'hello', '.env': 'SECRET=1' };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', 'src', 'README.md'], { cwd: root });
  writeFileSync(path.join(root, 'notes.md'), '12345678');
  return root;
}

function start(root: string, workerScript: string | null): AsyncWorkspaceIndex {
  const index = openWorkspaceIndex(root, { workerScript, watch: true, debounceMs: 20 });
  open.push(index);
  return index;
}

describe.each([
  ['worker', () => indexWorkerScript(outDir)],
  ['in-process', () => null],
])('the workspace index hosted %s', (host, script) => {
  it('answers queries, empty-query listings, look-ups and sizes', async () => {
    const index = start(workspace(), script());
    expect(index.host).toBe(host);
    expect(await index.whenReady()).toBe('ready');
    expect((await index.query('compo', { kinds: ['file'] }))[0]?.path).toBe('src/components/Composer.tsx');
    // The untracked file's size is fetched for the answer; the protected file never appears.
    expect(await index.query('notes')).toMatchObject([{ path: 'notes.md', kind: 'file', size: 8 }]);
    expect(await index.query('env')).toEqual([]);
    expect((await index.shallowest(3)).map((e) => e.path)).toEqual(['README.md', 'notes.md', 'src']);
    expect(await index.get('README.md')).toEqual({ path: 'README.md', kind: 'file', size: 5 });
    expect(await index.get('.env')).toBeNull();
    expect(await index.sizes(['src/compass.ts', 'src'])).toEqual(new Map([['src/compass.ts', 2]]));
  });

  it('reports events and stays current as files change', async () => {
    const root = workspace();
    const index = start(root, script());
    const events: IndexEvent['type'][] = [];
    index.subscribe((e) => events.push(e.type));
    await index.whenReady();
    writeFileSync(path.join(root, 'src/fresh.ts'), 'x');
    const deadline = Date.now() + 5000;
    while ((await index.get('src/fresh.ts')) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await index.get('src/fresh.ts')).toEqual({ path: 'src/fresh.ts', kind: 'file', size: -1 });
    expect(events).toContain('ready');
    expect(events).toContain('updated');
  });

  it('reads the git status marks of paths in its own thread, as native git reports them', async () => {
    const root = workspace();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' });
    git('commit', '-q', '-m', 'start');
    writeFileSync(path.join(root, 'README.md'), 'hello, changed');
    writeFileSync(path.join(root, 'src/compass.ts'), 'staged change');
    git('add', 'src/compass.ts');
    expect(git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).sort()).toEqual([' M README.md', '?? .env', '?? notes.md', 'M  src/compass.ts']);
    const index = start(root, script());
    const marks = await index.gitMarks([['README.md', 'file'], ['src/compass.ts', 'file'], ['notes.md', 'file'], ['src', 'folder'], ['src/components/Composer.tsx', 'file']]);
    expect(marks).toEqual([['modified'], ['staged'], ['untracked'], ['staged'], []]);
  });

  it('rejects a call whose signal is aborted, and every call after close', async () => {
    const index = start(workspace(), script());
    const aborted = AbortSignal.abort(new Error('stale keystroke'));
    await expect(index.query('compo', { signal: aborted })).rejects.toThrow('stale keystroke');
    await index.close();
    expect(await index.whenReady()).not.toBe('building');
    if (host === 'worker') await expect(index.query('compo')).rejects.toThrow(/closed/);
  });
});
