/**
 * Renames (issue 11, row 11) against native `git log -p -M` and `git diff --staged -M` on real
 * repositories: exact and edited renames, a pair just under 50% (not a rename), a rename with a mode
 * change, several candidates, renames into another folder; each patch must pass `git apply --check`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logResolver } from '../../resolvers/log';
import { stagedResolver } from '../../resolvers/staged';
import { gitRef, makeContext, repoPool, type TestRepo } from '../../../../test-support/git';

const pool = repoPool();
afterEach(() => pool.cleanup());

const lines = (tag: string, n: number, from = 0): string => Array.from({ length: n }, (_, i) => `${tag} line ${i + from}\n`).join('');
/** 20 lines of which the first `changed` are rewritten. */
const edited = (changed: number): string => lines('new', changed) + lines('old', 20 - changed, changed);

type Step = (repo: TestRepo) => void;
const CASES: Array<[string, Step]> = [
  ['an exact rename', (r) => r.git(['mv', 'a.txt', 'b.txt'])],
  ['a rename with 30% edited', (r) => (r.git(['mv', 'a.txt', 'b.txt']), r.write('b.txt', edited(6)))],
  ['a rename with 45% edited', (r) => (r.git(['mv', 'a.txt', 'b.txt']), r.write('b.txt', edited(9)))],
  ['a pair 60% edited (not a rename)', (r) => (r.git(['mv', 'a.txt', 'b.txt']), r.write('b.txt', edited(12)))],
  ['a rename into a folder with a mode change', (r) => (r.git(['mv', 'a.txt', 'dir/b.sh']), fs.chmodSync(path.join(r.dir, 'dir/b.sh'), 0o755))],
  ['two candidates for one source', (r) => (r.write('c1.txt', edited(2)), r.write('c2.txt', edited(8)), fs.rmSync(path.join(r.dir, 'a.txt')))],
  ['a name with spaces and unicode', (r) => r.git(['mv', 'a.txt', 'ñew näme.txt'])],
];

function start(): TestRepo {
  const repo = pool.with({ 'a.txt': lines('old', 20), 'keep.txt': 'keep\n' });
  fs.mkdirSync(path.join(repo.dir, 'dir'), { recursive: true });
  return repo;
}

describe('renames as git shows them', () => {
  it.each(CASES)('@git:1, %s: equals git log -1 -p -M and applies', async (_label, step) => {
    const repo = start();
    step(repo);
    repo.commitAll('change');
    const res = await logResolver.resolve(gitRef('git', 1), makeContext(repo.dir));
    if (!res.ok) throw new Error(res.message);
    expect(res.text).toBe(repo.git(['log', '-1', '-p', '-M']));
    const patch = res.text.slice(res.text.indexOf('diff --git'));
    repo.git(['checkout', '-q', 'HEAD~1']);
    repo.gitRaw(['apply', '--check'], patch);
  });

  it.each(CASES)('@staged, %s: equals git diff --staged -M and applies in reverse', async (_label, step) => {
    const repo = start();
    step(repo);
    repo.git(['add', '-A']);
    const res = await stagedResolver.resolve(gitRef('staged'), makeContext(repo.dir));
    if (!res.ok) throw new Error(res.message);
    expect(res.text).toBe(repo.git(['diff', '--staged', '-M']));
    repo.gitRaw(['apply', '--check', '--cached', '-R'], res.text);
  });
});
