/**
 * Repositories whose `.git` is not a plain folder keep working (issue 11): a linked worktree, a
 * `.git` file made by `--separate-git-dir`, a `.git` symlink, and a submodule opened as the
 * workspace. Each `@git:1` equals native `git log -1 -p` run there, and the block names the
 * repository that was read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logResolver } from '../resolvers/log';
import { gitRef, makeContext, makeRepo, repoPool } from '../../../test-support/git';

const pool = repoPool();
afterEach(() => pool.cleanup());

describe('repository forms', () => {
  it('a linked worktree reads the main repository', async () => {
    const repo = pool.with({ 'a.txt': 'a\n' });
    const wt = path.join(path.dirname(repo.dir), 'wt');
    repo.git(['worktree', 'add', '-q', '-b', 'side', wt]);
    fs.writeFileSync(path.join(wt, 'a.txt'), 'side\n');
    repo.git(['commit', '-q', '-am', 'on side'], wt);
    const res = await logResolver.resolve(gitRef('git', 1), makeContext(wt));
    if (!res.ok) throw new Error(res.message);
    expect(res.text).toBe(repo.git(['log', '-1', '-p'], wt));
    expect(res.description).toContain(`read from the git repository at ${path.join(repo.dir, '.git')}`);
  });

  it('a .git file (separate git folder) and a .git symlink', async () => {
    const repo = pool.track(makeRepo({ init: false }));
    const store = path.join(path.dirname(repo.dir), 'store.git');
    repo.git(['init', '-q', '--separate-git-dir', store]);
    repo.write('a.txt', 'a\n');
    repo.commitAll('first');
    const viaFile = await logResolver.resolve(gitRef('git', 1), makeContext(repo.dir));
    if (!viaFile.ok) throw new Error(viaFile.message);
    expect(viaFile.text).toBe(repo.git(['log', '-1', '-p']));
    expect(viaFile.description).toContain(`read from the git repository at ${store}`);
    fs.rmSync(path.join(repo.dir, '.git'));
    fs.symlinkSync(store, path.join(repo.dir, '.git'));
    const viaLink = await logResolver.resolve(gitRef('git', 1), makeContext(repo.dir));
    expect(viaLink.ok && viaLink.text).toBe(repo.git(['log', '-1', '-p']));
  });

  it('a submodule opened as the workspace reads its own repository', async () => {
    const inner = pool.with({ 'lib.txt': 'lib\n' });
    const outer = pool.with({ 'top.txt': 'top\n' });
    outer.git(['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', inner.dir, 'vendor/lib']);
    outer.commitAll('add submodule');
    const sub = path.join(outer.dir, 'vendor/lib');
    const res = await logResolver.resolve(gitRef('git', 1), makeContext(sub));
    if (!res.ok) throw new Error(res.message);
    expect(res.text).toBe(outer.git(['log', '-1', '-p'], sub));
    expect(res.description).toContain(`read from the git repository at ${path.join(outer.dir, '.git', 'modules', 'vendor', 'lib')}`);
  });
});
