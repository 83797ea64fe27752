import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexParse, PARSE_CHECK_EVERY, parseIndex, type GitIndex } from './index-file';
import { makeRepo, mergeConflict, readRepoIndex, type TestRepo } from '../../../../test-support/git';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

/** `git ls-files -s` lines: "mode oid stage\tpath", unquoted with -z. */
function lsFiles(repo: TestRepo): string[] {
  return repo.git(['ls-files', '-s', '-z']).split('\0').filter(Boolean);
}

const asLsFiles = (index: GitIndex): string[] =>
  index.entries.map((e) => `${e.mode.toString(8)} ${e.oid} ${e.stage}\t${e.path}`);

function repoWithFiles(): TestRepo {
  const repo = makeRepo();
  repos.push(repo);
  const names = ['a.txt', 'b/c.txt', 'b/d/e.txt', 'long/' + 'x'.repeat(120) + '/name.txt', 'ünï code.md', 'z-last'];
  for (const n of names) repo.write(n, `${n}\n`);
  fs.chmodSync(path.join(repo.dir, 'z-last'), 0o755);
  fs.symlinkSync('a.txt', path.join(repo.dir, 'link'));
  repo.commitAll('files');
  return repo;
}

describe('parseIndex', () => {
  it('reads a version 2 index as git ls-files does, with stat data and a valid cache-tree', () => {
    const repo = repoWithFiles();
    const index = readRepoIndex(repo);
    expect(index.version).toBe(2);
    expect(asLsFiles(index)).toEqual(lsFiles(repo));
    expect(index.cacheTree.get('')?.oid).toBe(repo.git(['rev-parse', 'HEAD^{tree}']).trim());
    expect(index.cacheTree.get('b/d')?.oid).toBe(repo.git(['rev-parse', 'HEAD:b/d']).trim());
    const st = fs.lstatSync(path.join(repo.dir, 'a.txt'), { bigint: true });
    const a = index.entries.find((e) => e.path === 'a.txt');
    expect(a).toMatchObject({ size: Number(st.size), mtimeSec: Number(st.mtimeNs / 1_000_000_000n), mtimeNsec: Number(st.mtimeNs % 1_000_000_000n) });
  });

  it('reads version 3 (extended flags: intent-to-add, skip-worktree)', () => {
    const repo = repoWithFiles();
    repo.write('planned.txt', 'p\n');
    repo.git(['add', '-N', 'planned.txt']);
    repo.git(['update-index', '--skip-worktree', 'a.txt']);
    const index = readRepoIndex(repo);
    expect(index.version).toBe(3);
    expect(asLsFiles(index)).toEqual(lsFiles(repo));
    expect(index.entries.find((e) => e.path === 'planned.txt')?.intentToAdd).toBe(true);
    expect(index.entries.find((e) => e.path === 'a.txt')?.skipWorktree).toBe(true);
    expect(index.cacheTree.get('')?.oid ?? null).toBeNull();
  });

  it('reads version 4 (prefix-compressed paths)', () => {
    const repo = repoWithFiles();
    repo.git(['update-index', '--index-version', '4']);
    const index = readRepoIndex(repo);
    expect(index.version).toBe(4);
    expect(asLsFiles(index)).toEqual(lsFiles(repo));
  });

  it('reads conflict stages', () => {
    const repo = repoWithFiles();
    mergeConflict(repo, 'a.txt');
    const index = readRepoIndex(repo);
    expect(asLsFiles(index)).toEqual(lsFiles(repo));
    expect(index.entries.filter((e) => e.path === 'a.txt').map((e) => e.stage)).toEqual([1, 2, 3]);
  });

  it('refuses what is not an index, and split indexes', () => {
    expect(parseIndex(Buffer.from('not an index at all, clearly not'))).toMatchObject({ ok: false });
    const repo = repoWithFiles();
    repo.git(['update-index', '--split-index']);
    expect(parseIndex(fs.readFileSync(path.join(repo.dir, '.git', 'index')))).toMatchObject({
      ok: false,
      message: expect.stringContaining('split git indexes'),
    });
  });

  for (const version of [2, 4]) {
    it(`stopped by its check, goes on from the entry it stopped at and reads what one parse reads (version ${version})`, () => {
      const repo = makeRepo();
      repos.push(repo);
      // Index entries only (no files needed to read the index): enough for three checks, in folders
      // so that version 4's names share prefixes across the stop.
      const blob = repo.gitRaw(['hash-object', '-w', '--stdin'], '').toString().trim();
      const count = 2 * PARSE_CHECK_EVERY + 300;
      const lines = Array.from({ length: count }, (_, i) => `100644 ${blob}\tdir${Math.floor(i / 100)}/file-${i}.txt\n`).join('');
      repo.gitRaw(['update-index', '--index-info'], lines);
      repo.git(['update-index', '--index-version', String(version)]);
      const bytes = fs.readFileSync(path.join(repo.dir, '.git', 'index'));
      const whole = parseIndex(bytes);
      if (!whole.ok) throw new Error(whole.message);
      expect(asLsFiles(whole.index)).toEqual(lsFiles(repo));

      // A request waits at the third check (before entry 2 * PARSE_CHECK_EVERY): the parse stops there.
      const parse = new IndexParse(bytes);
      let checks = 0;
      expect(() =>
        parse.run(() => {
          if (++checks === 3) throw new Error('a request is waiting');
        }),
      ).toThrow('a request is waiting');
      let resumedChecks = 0;
      const resumed = parse.run(() => void resumedChecks++);
      if (!resumed.ok) throw new Error(resumed.message);
      // Went on: one check, at the entry it stopped before (started over, it would ask three times).
      expect(resumedChecks).toBe(1);
      expect(asLsFiles(resumed.index)).toEqual(asLsFiles(whole.index));
      expect(resumed.index.entries.map((e) => JSON.stringify(e))).toEqual(whole.index.entries.map((e) => JSON.stringify(e)));
      expect(resumed.index.version).toBe(version);
    });
  }
});
