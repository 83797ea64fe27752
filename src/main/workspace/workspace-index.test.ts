import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspaceIndex, query, type IndexSnapshot, type WorkspaceIndex } from './index';

const made: string[] = [];
const open: WorkspaceIndex[] = [];

afterEach(() => {
  for (const i of open.splice(0)) i.close();
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'atmark-ws-'));
  made.push(d);
  return d;
}

/** Writes files (path -> content) under `root`, creating folders. */
function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

async function build(root: string, watch = false): Promise<WorkspaceIndex> {
  const index = createWorkspaceIndex(root, { watch, debounceMs: 20 });
  open.push(index);
  expect(await index.whenReady()).toBe('ready');
  return index;
}

function paths(index: WorkspaceIndex): string[] {
  return index.entries().map((e) => e.path).sort();
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('workspace index: ignore rules', () => {
  it('honours root and nested .gitignore, negation, info/exclude, and skips .git', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, {
      '.gitignore': '*.log\nbuild/\nnode_modules/\n!keep.log\n',
      '.git/info/exclude': 'excluded.txt\n',
      'src/a.ts': 'a', 'debug.log': 'x', 'keep.log': 'x', 'excluded.txt': 'x',
      'build/out.js': 'x', 'node_modules/lib/index.js': 'x',
      'sub/.gitignore': 'secret.txt\n!*.log\n', 'sub/secret.txt': 'x', 'sub/visible.txt': 'x', 'sub/trace.log': 'x',
      'sub/deeper/secret.txt': 'x',
    });
    const index = await build(root);
    expect(paths(index)).toEqual(['.gitignore', 'keep.log', 'src', 'src/a.ts', 'sub', 'sub/.gitignore', 'sub/deeper', 'sub/trace.log', 'sub/visible.txt']);
  });

  it('lists tracked files inside ignored folders, as git does, with the size git recorded', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { '.gitignore': 'build/\n', 'build/tracked.txt': 'hello', 'build/untracked.txt': 'x' });
    git(root, 'add', '-f', 'build/tracked.txt');
    const index = await build(root);
    expect(paths(index)).toEqual(['.gitignore', 'build', 'build/tracked.txt']);
    expect(index.get('build/tracked.txt')).toEqual({ path: 'build/tracked.txt', kind: 'file', size: 5 });
  });

  it('indexes a folder that is not a git repository, still honouring .gitignore', async () => {
    const root = tempDir();
    write(root, { '.gitignore': 'dist/\n', 'dist/x.js': 'x', 'lib/y.js': 'y' });
    expect(paths(await build(root))).toEqual(['.gitignore', 'lib', 'lib/y.js']);
  });
});

describe('workspace index: safety', () => {
  it('hides protected paths, tracked or not', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { '.env': 'SECRET=1', 'config/.aws/credentials': 'k', '.ssh/id_rsa': 'k', 'app/.env.local': 'x', '.env.example': 'A=', 'ok.txt': 'x' });
    git(root, 'add', '-A');
    const tracked: string[] = [];
    const index = createWorkspaceIndex(root, { watch: false, onProgress: (e) => { if (e.type === 'tracked') tracked.push(...paths(index)); } });
    open.push(index);
    await index.whenReady();
    expect(tracked).toEqual(['.env.example', 'app', 'config', 'ok.txt']);
    expect(paths(index)).toEqual(['.env.example', 'app', 'config', 'ok.txt']);
  });

  it('does not follow symlinks out of the workspace; lists one that stays inside', async () => {
    const root = tempDir();
    const outside = tempDir();
    write(outside, { 'private.txt': 'x', 'deep/more.txt': 'x' });
    write(root, { 'src/a.ts': 'abc' });
    symlinkSync(outside, path.join(root, 'out-dir'));
    symlinkSync(path.join(outside, 'private.txt'), path.join(root, 'out-file'));
    symlinkSync(path.join(root, 'src/a.ts'), path.join(root, 'alias.ts'));
    symlinkSync(path.join(root, 'src'), path.join(root, 'src-link'));
    const index = await build(root);
    expect(paths(index)).toEqual(['alias.ts', 'src', 'src-link', 'src/a.ts']);
    expect(index.get('alias.ts')?.size).toBe(3);
  });
});

describe('workspace index: staying current', () => {
  it('sees files created, deleted and renamed, and new folders with their contents', async () => {
    const root = tempDir();
    write(root, { '.gitignore': '*.tmp\n', 'src/a.ts': 'a' });
    const index = await build(root, true);
    write(root, { 'src/b.ts': 'b', 'src/ignored.tmp': 'x' });
    await waitFor(() => index.get('src/b.ts') !== undefined, 'created file');
    expect(index.get('src/ignored.tmp')).toBeUndefined();
    renameSync(path.join(root, 'src/a.ts'), path.join(root, 'src/renamed.ts'));
    await waitFor(() => index.get('src/renamed.ts') !== undefined && index.get('src/a.ts') === undefined, 'rename');
    unlinkSync(path.join(root, 'src/b.ts'));
    await waitFor(() => index.get('src/b.ts') === undefined, 'deleted file');
    mkdirSync(path.join(root, 'lib/deep'), { recursive: true });
    writeFileSync(path.join(root, 'lib/deep/c.ts'), 'c');
    await waitFor(() => index.get('lib/deep/c.ts') !== undefined, 'new folder');
    rmSync(path.join(root, 'lib'), { recursive: true });
    await waitFor(() => index.get('lib') === undefined && index.get('lib/deep/c.ts') === undefined, 'deleted folder');
    await index.settle();
    expect(paths(index)).toEqual(['.gitignore', 'src', 'src/renamed.ts']);
  });

  it('after the tracked files, the walk drops what is gone, takes what changed kind and adds what is new', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { '.gitignore': 'build/\n', 'build/kept.txt': 'kept', 'src/a.ts': 'a', 'src/gone.ts': 'gone', 'src/now-a-folder': 'file', '議事録/第1回.md': '議事' });
    git(root, 'add', '-f', '-A');
    // Before the index is opened: a tracked file deleted, one replaced by a folder, one untracked file added.
    unlinkSync(path.join(root, 'src/gone.ts'));
    unlinkSync(path.join(root, 'src/now-a-folder'));
    write(root, { 'src/now-a-folder/inner.ts': 'inner', '議事録/メモ.txt': 'memo' });
    const unchanged = await build(root);
    expect(paths(unchanged)).toEqual(['.gitignore', 'build', 'build/kept.txt', 'src', 'src/a.ts', 'src/now-a-folder', 'src/now-a-folder/inner.ts', '議事録', '議事録/メモ.txt', '議事録/第1回.md']);
    expect(unchanged.get('src/now-a-folder')).toEqual({ path: 'src/now-a-folder', kind: 'folder', size: -1 });
    expect(unchanged.get('build/kept.txt')?.size).toBe(4);
    // Found by name as typed, from the table the walk extended.
    expect(query(unchanged, 'メモ', { limit: 1 })[0]?.path).toBe('議事録/メモ.txt');
    expect(query(unchanged, 'inner', { limit: 1 })[0]?.path).toBe('src/now-a-folder/inner.ts');
  });

  it('keeps listing a tracked file under an ignore rule after it is deleted and written again', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { '.gitignore': 'build/\n', 'build/tracked.txt': 'hello', 'src/a.ts': 'a' });
    git(root, 'add', '-f', 'build/tracked.txt', 'src/a.ts', '.gitignore');
    const index = await build(root, true);
    expect(index.get('build/tracked.txt')?.size).toBe(5);
    unlinkSync(path.join(root, 'build/tracked.txt'));
    await waitFor(() => index.get('build/tracked.txt') === undefined, 'deleted tracked file');
    write(root, { 'build/tracked.txt': 'hello again', 'build/untracked.txt': 'x' });
    await waitFor(() => index.get('build/tracked.txt') !== undefined, 'tracked file written again');
    await index.settle();
    // Listed as git tracks it (with the size git recorded), while the untracked sibling stays ignored.
    expect(index.get('build/tracked.txt')?.size).toBe(5);
    expect(index.get('build/untracked.txt')).toBeUndefined();
  });

  it('applies edited .gitignore files, at the root and nested', async () => {
    const root = tempDir();
    write(root, { '.gitignore': '', 'a.log': 'x', 'sub/b.tmp': 'x', 'sub/deep/c.tmp': 'x', 'sub/keep.ts': 'x' });
    const index = await build(root, true);
    expect(index.get('a.log')).toBeDefined();
    writeFileSync(path.join(root, '.gitignore'), '*.log\n');
    await waitFor(() => index.get('a.log') === undefined, 'root rules');
    writeFileSync(path.join(root, 'sub/.gitignore'), '*.tmp\n');
    await waitFor(() => index.get('sub/b.tmp') === undefined && index.get('sub/deep/c.tmp') === undefined, 'nested rules');
    await index.settle();
    expect(paths(index)).toEqual(['.gitignore', 'sub', 'sub/.gitignore', 'sub/deep', 'sub/keep.ts']);
  });

  it('fetches sizes of untracked files on request', async () => {
    const root = tempDir();
    write(root, { 'a.txt': '12345', 'dir/b.txt': '' });
    const index = await build(root);
    expect(index.get('a.txt')?.size).toBe(-1);
    expect(await index.sizes(['a.txt', 'dir', 'missing.txt'])).toEqual(new Map([['a.txt', 5]]));
  });
});

describe('workspace index: searching', () => {
  it('numbers folder parts right in the table built from .git/index and in the one after the walk', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { 'a/x.ts': '1', 'a/y.ts': '2', 'a/b/z.ts': '3', 'a/b/c/w.ts': '4', 'a/q.ts': '5', 'b.ts': '6', 'c/a/x.ts': '7' });
    git(root, 'add', '-A');
    write(root, { 'a/new.ts': '8', 'c/untracked/u.ts': '9' });
    const tables: IndexSnapshot[] = [];
    const index = createWorkspaceIndex(root, { watch: false, onProgress: (e) => { if (e.type === 'tracked') tables.push(index.snapshot()); } });
    open.push(index);
    expect(await index.whenReady()).toBe('ready');
    tables.push(index.snapshot());
    expect(tables).toHaveLength(2);
    for (const t of tables) {
      const idOf = new Map<string, number>();
      for (let i = 0; i < t.count; i++) {
        const p = t.path(i);
        const folder = p.slice(0, p.lastIndexOf('/') + 1);
        expect(idOf.get(folder) ?? t.folder[i], p).toBe(t.folder[i]);
        idOf.set(folder, t.folder[i] as number);
      }
      expect(new Set(idOf.values()).size).toBe(idOf.size);
    }
  });

  it('is searched when passed to query directly, like its snapshot, and narrows as typed', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    write(root, { 'src/components/Composer.tsx': 'x', 'src/compass.ts': 'x', 'README.md': 'x' });
    git(root, 'add', '-A');
    const index = await build(root);
    const viaIndex = ['c', 'co', 'com', 'compo'].map((t) => query(index, t, { kinds: ['file'] }).map((m) => m.path));
    const viaSnapshot = ['c', 'co', 'com', 'compo'].map((t) => query(index.snapshot(), t, { kinds: ['file'] }).map((m) => m.path));
    expect(viaIndex).toEqual(viaSnapshot);
    expect(viaIndex[3]).toEqual(['src/components/Composer.tsx']);
    expect(query(index, 'readme')[0]?.path).toBe('README.md');
  });
});

describe('workspace index: lifecycle', () => {
  it('stops when aborted, before or during the walk', async () => {
    const root = tempDir();
    for (let i = 0; i < 200; i++) write(root, { [`d${i}/f.txt`]: 'x' });
    const before = new AbortController();
    before.abort();
    expect(await createWorkspaceIndex(root, { signal: before.signal }).whenReady()).toBe('closed');
    const during = new AbortController();
    const index = createWorkspaceIndex(root, { signal: during.signal, onProgress: () => during.abort() });
    setTimeout(() => during.abort(), 1);
    expect(await index.whenReady()).toBe('closed');
  });

  it('reports a missing folder as a failure value', async () => {
    const events: string[] = [];
    const index = createWorkspaceIndex(path.join(tempDir(), 'nope'), { onProgress: (e) => events.push(e.type === 'failed' ? e.code : e.type) });
    expect(await index.whenReady()).toBe('failed');
    expect(events).toEqual(['not_found']);
  });
});
