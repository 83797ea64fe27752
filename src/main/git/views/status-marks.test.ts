import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoPool, type TestRepo } from '../../../../test-support/git';
import { NO_MARKS, readStatusMarks } from './status-marks';

const pool = repoPool();
afterEach(() => pool.cleanup());

/** The marks native `git status --porcelain` gives each path: X (index) staged, Y (worktree) modified, ?? untracked. */
function nativeMarks(repo: TestRepo): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of repo.git(['status', '--porcelain=v1', '--untracked-files=all', '--no-renames', '-z']).split('\0')) {
    if (line.length < 4) continue;
    const [x, y, file] = [line[0], line[1], line.slice(3)];
    const marks: string[] = [];
    if (x === '?' && y === '?') marks.push('untracked');
    else {
      if (y !== ' ') marks.push('modified');
      if (x !== ' ') marks.push('staged');
    }
    out.set(file, marks);
  }
  return out;
}

function changedRepo(): TestRepo {
  const repo = pool.with({ 'a.txt': 'a\n', 'src/b.ts': 'b\n', 'src/deep/c.ts': 'c\n', 'docs/d.md': 'd\n', 'docs/日本語.md': 'ja\n' });
  repo.write('a.txt', 'a changed\n'); // modified
  repo.write('src/b.ts', 'b staged\n');
  repo.git(['add', 'src/b.ts']); // staged
  repo.write('src/b.ts', 'b staged then changed\n'); // and modified again
  repo.write('src/deep/new.ts', 'new\n');
  repo.git(['add', 'src/deep/new.ts']); // added: staged
  repo.write('docs/日本語.md', '変更\n'); // modified, non-ASCII name
  repo.write('notes/draft.txt', 'untracked\n'); // untracked
  return repo;
}

describe('git status marks', () => {
  it('agree with git status for every file of a repository with modified, staged, added and untracked files', async () => {
    const repo = changedRepo();
    const marks = await readStatusMarks(repo.dir, new Map(), 5000);
    const native = nativeMarks(repo);
    expect(native.size).toBeGreaterThanOrEqual(5);
    for (const file of ['a.txt', 'src/b.ts', 'src/deep/c.ts', 'src/deep/new.ts', 'docs/d.md', 'docs/日本語.md', 'notes/draft.txt']) {
      expect([file, marks.of(file, 'file')]).toEqual([file, native.get(file) ?? []]);
    }
  });

  it('give a folder the marks of what changed inside it, never untracked', async () => {
    const repo = changedRepo();
    const marks = await readStatusMarks(repo.dir, new Map(), 5000);
    expect(marks.of('src', 'folder')).toEqual(['modified', 'staged']);
    expect(marks.of('src/deep', 'folder')).toEqual(['staged']);
    expect(marks.of('docs', 'folder')).toEqual(['modified']);
    expect(marks.of('notes', 'folder')).toEqual([]);
  });

  it('read a workspace inside a repository relative to that folder', async () => {
    const repo = changedRepo();
    const marks = await readStatusMarks(path.join(repo.dir, 'src'), new Map(), 5000);
    expect(marks.of('b.ts', 'file')).toEqual(['modified', 'staged']);
    expect(marks.of('deep', 'folder')).toEqual(['staged']);
    expect(marks.of('deep/c.ts', 'file')).toEqual([]);
  });

  it('are empty outside a repository, where no file is called untracked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-nogit-'));
    try {
      fs.writeFileSync(path.join(dir, 'x.txt'), 'x');
      const marks = await readStatusMarks(dir, new Map(), 5000);
      expect(marks).toBe(NO_MARKS);
      expect(marks.of('x.txt', 'file')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('give no marks rather than wait when the read is cancelled', async () => {
    const repo = changedRepo();
    const controller = new AbortController();
    controller.abort();
    const marks = await readStatusMarks(repo.dir, new Map(), 5000, controller.signal);
    expect(marks.of('a.txt', 'file')).toEqual([]);
  });
});
