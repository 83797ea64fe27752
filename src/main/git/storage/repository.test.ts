import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffResolver } from '../../resolvers/diff';
import { locateRepository, readHead } from './repository';
import { fingerprint, gitRef, makeContext, makeRepo, type TestRepo } from '../../../../test-support/git';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function committed(): TestRepo {
  const repo = makeRepo();
  repos.push(repo);
  repo.write('src/a.txt', 'a\n');
  repo.commitAll('first');
  return repo;
}

describe('locateRepository', () => {
  it('finds the repository from a nested folder', () => {
    const repo = committed();
    const found = locateRepository(path.join(repo.dir, 'src'));
    expect(found).toEqual({ ok: true, repo: { worktree: repo.dir, gitdir: path.join(repo.dir, '.git'), commondir: path.join(repo.dir, '.git') } });
  });

  it('follows a .git file to a linked worktree, whose diff is its own', async () => {
    const repo = committed();
    const linked = path.join(path.dirname(repo.dir), 'linked');
    repo.git(['worktree', 'add', '-q', linked]);
    fs.writeFileSync(path.join(linked, 'src/a.txt'), 'changed in the linked worktree\n');
    const found = locateRepository(linked);
    if (!found.ok) throw new Error(found.message);
    expect(found.repo.worktree).toBe(linked);
    expect(found.repo.commondir).toBe(path.join(repo.dir, '.git'));
    expect(readHead(found.repo)).toBe(repo.git(['rev-parse', 'HEAD'], linked).trim());
    const before = fingerprint(path.join(repo.dir, '.git'));
    const res = await diffResolver.resolve(gitRef('diff'), makeContext(linked));
    expect(fingerprint(path.join(repo.dir, '.git'))).toBe(before);
    expect(res.ok && res.text).toBe(repo.git(['diff'], linked));
    expect((await diffResolver.resolve(gitRef('diff'), makeContext(repo.dir))).ok).toBe(false);
  });

  it('reads HEAD through packed refs and on an unborn branch', () => {
    const repo = committed();
    repo.git(['pack-refs', '--all']);
    expect(fs.existsSync(path.join(repo.dir, '.git/refs/heads/main'))).toBe(false);
    const found = locateRepository(repo.dir);
    if (!found.ok) throw new Error(found.message);
    expect(readHead(found.repo)).toBe(repo.git(['rev-parse', 'HEAD']).trim());
    const empty = makeRepo();
    repos.push(empty);
    const e = locateRepository(empty.dir);
    expect(e.ok && readHead(e.repo)).toBeNull();
  });

  it('reports a folder outside any repository', () => {
    const repo = makeRepo({ init: false });
    repos.push(repo);
    expect(locateRepository(repo.dir)).toMatchObject({ ok: false, reason: 'not_a_repository' });
  });

  it('refuses SHA-256 repositories', () => {
    const repo = makeRepo({ init: false });
    repos.push(repo);
    repo.git(['init', '-q', '--object-format=sha256']);
    expect(locateRepository(repo.dir)).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});
