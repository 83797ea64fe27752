import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeadline } from '../storage/deadline';
import { openSession, type RepoSession } from '../storage/repo-session';
import { locateRepository } from '../storage/repository';
import { MAX_WATCHED_FOLDERS, WorktreeWatch } from '../storage/worktree-watch';
import { readUnstaged } from './git-views';
import { scanMemoOf } from './scan-memo';
import { makeRepo, type TestRepo } from '../../../../test-support/git';

const linux = process.platform === 'linux';

let repo: TestRepo;
let outside: string;
const FILES: string[] = [];

/** 125 tracked files: ten folders of ten, a nested folder of ten, five in a middle folder, the top file. */
function files(): string[] {
  const out = ['top.txt'];
  for (let d = 0; d < 10; d++) for (let i = 0; i < 10; i++) out.push(`d${d}/g${i}.txt`);
  for (let i = 0; i < 10; i++) out.push(`a/b/c/f${i}.txt`);
  for (let i = 0; i < 4; i++) out.push(`a/x${i}.txt`);
  return out;
}

beforeEach(() => {
  repo = makeRepo();
  FILES.splice(0, FILES.length, ...files());
  for (const f of FILES) repo.write(f, `${f}\n`);
  repo.commitAll('tree');
  // A second later git refreshes the index, so stat data settle unchanged files (no racy entries).
  execFileSync('sleep', ['1.1']);
  repo.git(['status', '--porcelain']);
  outside = path.join(path.dirname(repo.dir), 'outside');
  fs.mkdirSync(outside);
});
afterEach(() => repo.cleanup());

function session(): RepoSession {
  const located = locateRepository(repo.dir);
  if (!located.ok) throw new Error(located.message);
  return openSession(new Map(), located.repo);
}

/** `@diff`'s change list as comparable lines: path, old and new ids and modes. */
async function changes(s: RepoSession): Promise<string[]> {
  const r = await readUnstaged(s, createDeadline(new AbortController().signal, 30_000));
  if (!r.ok) throw new Error(r.message);
  return r.set.changes.map((c) => `${c.path} ${c.old?.oid ?? '-'}:${c.old?.mode ?? '-'} ${c.new?.oid ?? '-'}:${c.new?.mode ?? '-'}`);
}

/** What git diff lists, by path. */
function nativePaths(): string[] {
  const out = repo.git(['diff', '--name-only', '--no-renames']).trim();
  return out ? [...new Set(out.split('\n'))].sort() : [];
}

const pathsOf = (lines: string[]) => [...new Set(lines.map((l) => l.split(' ')[0]))].sort();

describe('a scan memory with a watched working tree', () => {
  it.runIf(linux)('watches from the second scan on, and then stats only the folders with events; every answer is a full scan\'s and git\'s', async () => {
    const s = session();
    const memo = scanMemoOf(s);
    expect(await changes(s)).toEqual([]);
    expect(memo.watching).toBe(false); // a one-shot reader never pays for a watch
    expect(await changes(s)).toEqual([]);
    expect(memo.watching).toBe(true);
    expect(memo.lastStatted).toBe(FILES.length); // the reference pass, taken after the watch began
    expect(await changes(s)).toEqual([]);
    expect(memo.lastStatted).toBe(0);

    /** Applies a change, then reads at once: the memo's answer must be a fresh session's and git's. */
    const step = async (change: () => void, statted?: number) => {
      change();
      const got = await changes(s);
      expect(got).toEqual(await changes(session()));
      expect(pathsOf(got)).toEqual(nativePaths());
      if (statted !== undefined) expect(memo.lastStatted).toBe(statted);
      return got;
    };
    await step(() => fs.appendFileSync(path.join(repo.dir, 'a/b/c/f1.txt'), 'more\n'), 10);
    await step(() => fs.chmodSync(path.join(repo.dir, 'd3/g3.txt'), 0o755), 10);
    await step(() => fs.rmSync(path.join(repo.dir, 'd4/g4.txt')), 10);
    await step(() => {
      fs.writeFileSync(path.join(repo.dir, 'd5/tmp'), 'replaced\n');
      fs.renameSync(path.join(repo.dir, 'd5/tmp'), path.join(repo.dir, 'd5/g5.txt'));
    }, 10);
    await step(() => fs.writeFileSync(path.join(repo.dir, 'top.txt'), 'top.txu\n'), 1); // same size, same second
    await step(() => fs.writeFileSync(path.join(repo.dir, 'd6/untracked.txt'), 'new\n'), 10);
    await step(() => fs.utimesSync(path.join(repo.dir, 'a/x2.txt'), new Date(2000, 1, 1), new Date(2000, 1, 1)), 4);
    expect(pathsOf(await changes(s))).toEqual(['a/b/c/f1.txt', 'd3/g3.txt', 'd4/g4.txt', 'd5/g5.txt', 'top.txt']);
    expect(memo.lastStatted).toBe(0);
  });

  it.runIf(linux)('looks at everything again when a folder moves, is replaced by a symlink, or comes back', async () => {
    const s = session();
    await changes(s);
    await changes(s);
    const memo = scanMemoOf(s);
    const step = async (change: () => void) => {
      change();
      const got = await changes(s);
      expect(got).toEqual(await changes(session()));
      expect(pathsOf(got)).toEqual(nativePaths());
      return got;
    };
    // A middle folder moved: its files are gone, though only its parent's watch saw anything.
    expect(pathsOf(await step(() => fs.renameSync(path.join(repo.dir, 'a/b'), path.join(repo.dir, 'a/moved'))))).toEqual(FILES.filter((f) => f.startsWith('a/b/')).sort());
    expect(memo.lastStatted).toBe(FILES.length);
    // A change inside the moved folder, whose old watch still reports: not a tracked file any more.
    await step(() => fs.appendFileSync(path.join(repo.dir, 'a/moved/c/f2.txt'), 'x\n'));
    // Back where it was: the change made while it was away is seen, and so is one made there now.
    expect(pathsOf(await step(() => fs.renameSync(path.join(repo.dir, 'a/moved'), path.join(repo.dir, 'a/b'))))).toEqual(['a/b/c/f2.txt']);
    expect(pathsOf(await step(() => fs.appendFileSync(path.join(repo.dir, 'a/b/c/f3.txt'), 'y\n')))).toEqual(['a/b/c/f2.txt', 'a/b/c/f3.txt']);
    expect(memo.lastStatted).toBe(10);
    // A folder replaced by a symlink to a copy outside: its files count as deleted, as git says.
    fs.cpSync(path.join(repo.dir, 'd7'), path.join(outside, 'd7'), { recursive: true });
    const linked = await step(() => {
      fs.rmSync(path.join(repo.dir, 'd7'), { recursive: true });
      fs.symlinkSync(path.join(outside, 'd7'), path.join(repo.dir, 'd7'));
    });
    expect(pathsOf(linked)).toEqual(['a/b/c/f2.txt', 'a/b/c/f3.txt', ...FILES.filter((f) => f.startsWith('d7/')).sort()]);
    // Written outside through the symlink: still deleted, and nothing outside is read.
    await step(() => fs.appendFileSync(path.join(outside, 'd7/g1.txt'), 'outside\n'));
  });

  it.runIf(linux)('stats a file with another link each time, so a change made through a link outside is seen', async () => {
    fs.linkSync(path.join(repo.dir, 'd8/g8.txt'), path.join(outside, 'hard'));
    const s = session();
    await changes(s);
    await changes(s);
    const memo = scanMemoOf(s);
    expect(await changes(s)).toEqual([]);
    expect(memo.lastStatted).toBe(1);
    fs.appendFileSync(path.join(outside, 'hard'), 'through the other link\n');
    expect(pathsOf(await changes(s))).toEqual(['d8/g8.txt']);
    expect(nativePaths()).toEqual(['d8/g8.txt']);
  });

  it.runIf(linux)('follows a new index (git add) without a new reference pass when the tracked files are the same', async () => {
    const s = session();
    await changes(s);
    await changes(s);
    const memo = scanMemoOf(s);
    fs.appendFileSync(path.join(repo.dir, 'd1/g1.txt'), 'staged\n');
    fs.appendFileSync(path.join(repo.dir, 'd2/g2.txt'), 'not staged\n');
    expect(pathsOf(await changes(s))).toEqual(['d1/g1.txt', 'd2/g2.txt']);
    repo.git(['add', 'd1/g1.txt']);
    expect(pathsOf(await changes(s))).toEqual(['d2/g2.txt']);
    expect(memo.lastStatted).toBe(0);
    // A file added to the index: another plan, so a full pass, and the watch goes on.
    repo.write('d9/added.txt', 'added\n');
    repo.git(['add', 'd9/added.txt']);
    fs.appendFileSync(path.join(repo.dir, 'd9/added.txt'), 'and changed\n');
    const got = await changes(s);
    expect(pathsOf(got)).toEqual(['d2/g2.txt', 'd9/added.txt']);
    expect(got).toEqual(await changes(session()));
    expect(memo.lastStatted).toBe(FILES.length + 1);
    expect(memo.watching).toBe(true);
  });

  it('shares a full pass with the stat helper only when no watch will spare the next one, and never a first scan', async () => {
    // Fresh modules: the helper is one per module instance, and other tests may have started it.
    vi.resetModules();
    const views = await import('./git-views');
    const memos = await import('./scan-memo');
    const preload = await import('../storage/stat-preload');
    const read = async (s: RepoSession) => {
      const r = await views.readUnstaged(s, createDeadline(new AbortController().signal, 60_000));
      if (!r.ok) throw new Error(r.message);
      return r.set.changes.map((c) => c.path);
    };
    // Watchable (on Linux): 2,400 files in 24 folders, enough for the helper (2,048 paths and up).
    for (let i = 0; i < 2400; i++) repo.write(`w${i % 24}/f${i}.txt`, `${i}\n`);
    repo.commitAll('many files');
    const watched = session();
    await read(watched);
    expect(preload.statHelperState()).toBe('not started'); // a first scan runs alone
    await read(watched);
    expect(memos.scanMemoOf(watched).watching).toBe(linux);
    expect(preload.statHelperState()).toBe(linux ? 'not started' : 'starting');
    if (!linux) return;
    // Unwatchable: more folders than a watch takes, so each pass is a full one and may be shared.
    for (let i = 0; i <= MAX_WATCHED_FOLDERS; i++) repo.write(`u/${i}/f.txt`, `${i}\n`);
    repo.commitAll('many folders');
    fs.appendFileSync(path.join(repo.dir, 'u/7/f.txt'), 'changed\n');
    const unwatched = session();
    expect(await read(unwatched)).toEqual(['u/7/f.txt']);
    expect(preload.statHelperState()).toBe('not started');
    expect(await read(unwatched)).toEqual(['u/7/f.txt']);
    expect(memos.scanMemoOf(unwatched).watching).toBe(false);
    expect(preload.statHelperState()).not.toBe('not started');
    expect(nativePaths()).toEqual(['u/7/f.txt']);
  });

  it('refuses to watch more folders than its limit, and anything off Linux', () => {
    const many = Array.from({ length: MAX_WATCHED_FOLDERS }, (_, i) => `f${i}/`);
    expect(WorktreeWatch.open(repo.dir, many)).toBeNull(); // with the top folder, one over the limit
    const few = WorktreeWatch.open(repo.dir, ['d1/', 'a/b/c/']);
    expect(few === null).toBe(!linux);
    few?.close();
  });
});
