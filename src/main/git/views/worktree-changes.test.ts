import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeadline } from '../storage/deadline';
import { parseIndex } from '../storage/index-file';
import { statHelperState } from '../storage/stat-preload';
import { worktreeChanges } from './worktree-changes';
import { makeRepo, type TestRepo } from '../../../../test-support/git';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function scan(repo: TestRepo) {
  const file = path.join(repo.dir, '.git', 'index');
  const parsed = parseIndex(fs.readFileSync(file));
  if (!parsed.ok) throw new Error(parsed.message);
  const indexSec = Number(fs.statSync(file, { bigint: true }).mtimeNs / 1_000_000_000n);
  return worktreeChanges(repo.dir, parsed.index.entries, indexSec, createDeadline(new AbortController().signal, 10_000));
}

describe('worktreeChanges', () => {
  it('settles unchanged files by stat data alone once git refreshed the index a second later', () => {
    const repo = makeRepo();
    repos.push(repo);
    for (let i = 0; i < 50; i++) repo.write(`f${i}.txt`, `${i}\n`);
    repo.commitAll('many');
    execFileSync('sleep', ['1.1']);
    repo.git(['status', '--porcelain']);
    repo.write('f3.txt', 'changed\n');
    const result = scan(repo);
    expect(result.changes.map((c) => c.path)).toEqual(['f3.txt']);
    expect(result.hashed).toBe(1);
  });

  it('hashes racy entries (written in the second the index was) instead of trusting them', () => {
    const repo = makeRepo();
    repos.push(repo);
    repo.write('r.txt', 'aaaa\n');
    repo.commitAll('racy');
    const result = scan(repo);
    expect(result.changes).toEqual([]);
    // Either the index was written in the file's second (racy: hashed) or later (stat settles it).
    expect(result.hashed).toBeLessThanOrEqual(1);
  });

  it('never reads through a symlinked folder that leads outside the working tree', () => {
    const repo = makeRepo();
    repos.push(repo);
    repo.write('inside/secret.txt', 'tracked\n');
    repo.commitAll('inside');
    const outside = path.join(path.dirname(repo.dir), 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside content\n');
    fs.rmSync(path.join(repo.dir, 'inside'), { recursive: true });
    fs.symlinkSync(outside, path.join(repo.dir, 'inside'));
    const result = scan(repo);
    expect(result.changes).toEqual([{ path: 'inside/secret.txt', old: expect.objectContaining({ mode: 0o100644 }), new: null }]);
    expect(result.hashed).toBe(0);
  });

  it('finds what git diff finds in a large index, whichever thread stats each file', async () => {
    const repo = makeRepo();
    repos.push(repo);
    for (let i = 0; i < 3000; i++) repo.write(`d${i % 40}/f${i}.txt`, `${i}\n`);
    repo.commitAll('large');
    execFileSync('sleep', ['1.1']);
    repo.git(['status', '--porcelain']); // refreshes the index, so stat data settle the rest
    // Changes spread over the index order, so both halves of the split hold some.
    repo.write('d1/f1.txt', 'changed\n');
    repo.write('d38/f2998.txt', 'changed too\n');
    fs.rmSync(path.join(repo.dir, 'd39/f2999.txt'));
    fs.chmodSync(path.join(repo.dir, 'd20/f2980.txt'), 0o755);
    fs.rmSync(path.join(repo.dir, 'd7/f2007.txt'));
    fs.symlinkSync('d1/f1.txt', path.join(repo.dir, 'd7/f2007.txt'));
    const native = repo
      .git(['diff', '--name-status', '--no-renames'])
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1])
      .sort();
    const paths = (result: ReturnType<typeof scan>) => [...new Set(result.changes.map((c) => c.path))].sort();
    const first = scan(repo);
    expect(paths(first)).toEqual(native);
    for (let waited = 0; statHelperState() !== 'ready' && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(statHelperState()).toBe('ready');
    const second = scan(repo);
    expect(paths(second)).toEqual(native);
    // Only the changed files were read: the helper's records settle the others as git's do.
    expect(second.hashed).toBe(first.hashed);
    expect(second.hashed).toBeLessThanOrEqual(5);
  });
});
