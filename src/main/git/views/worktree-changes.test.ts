import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeadline, GitCancelled, type Deadline } from '../storage/deadline';
import { locateRepository } from '../storage/repository';
import { openSession } from '../storage/repo-session';
import { readUnstaged } from './git-views';
import { parseIndex } from '../storage/index-file';
import { statHelperState } from '../storage/stat-preload';
import { PLAN_CHECK_EVERY, worktreeChanges } from './worktree-changes';
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

  it('a read stopped inside the index parse and inside the stat plan goes on from where each stopped, and finds what git diff finds', async () => {
    const repo = makeRepo();
    repos.push(repo);
    // Fewer paths than the stat helper takes (2048), so every check is the calling thread's and the
    // count of checks is the same in every run; two checks in the parse and two in the plan.
    const count = 2 * PLAN_CHECK_EVERY - 48;
    for (let i = 0; i < count; i++) repo.write(`d${i % 20}/f${i}.txt`, `${i}\n`);
    repo.commitAll('many');
    repo.write('d3/f3.txt', 'changed\n');
    repo.write('d7/f1007.txt', 'changed too\n');
    fs.rmSync(path.join(repo.dir, 'd9/f9.txt'));
    const located = locateRepository(repo.dir);
    if (!located.ok) throw new Error(located.message);
    /** A deadline that counts its checks, and says a request is waiting at the checks in `stops`. */
    const counting = (stops: Set<number>) => {
      let asked = 0;
      const deadline: Deadline = {
        throwIfAborted() {
          if (stops.has(++asked)) throw new GitCancelled('aborted');
        },
        remainingMs: () => 60_000,
      };
      return { deadline, asked: () => asked };
    };
    const read = async (session: ReturnType<typeof openSession>, deadline: Deadline) => {
      const r = await readUnstaged(session, deadline);
      if (!r.ok) throw new Error(r.message);
      return r.set.changes.map((c) => `${c.path} ${c.old?.oid ?? '-'} ${c.new?.oid ?? '-'}`);
    };

    const straight = counting(new Set());
    const expected = await read(openSession(new Map(), located.repo), straight.deadline);
    expect(expected.map((line) => line.split(' ')[0])).toEqual(repo.git(['diff', '--name-only']).trim().split('\n'));

    // The second check is the parse's (before entry PLAN_CHECK_EVERY); after the parse goes on
    // (one check, at that entry), the plan's two checks come: the second of them stops it.
    const stopped = counting(new Set([2, 5]));
    const session = openSession(new Map(), located.repo);
    await expect(read(session, stopped.deadline)).rejects.toThrow(GitCancelled);
    expect(session.index).toBeNull();
    expect(session.indexParse).not.toBeNull();
    await expect(read(session, stopped.deadline)).rejects.toThrow(GitCancelled);
    expect(session.index).not.toBeNull();
    expect(session.indexParse).toBeNull();
    expect(await read(session, stopped.deadline)).toEqual(expected);
    // Each stop asked its check once more when it went on; started over, the parse or the plan
    // would have asked all its checks again.
    expect(stopped.asked()).toBe(straight.asked() + 2);
  });
});
