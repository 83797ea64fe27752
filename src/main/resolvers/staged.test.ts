import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Resolution, Resolved } from '../resolve';
import { expectRefusal } from '../../../test-support/refusals';
import { gitRef, makeRepo, mergeConflict, repoPool, resolveReadOnly, type TestRepo } from '../../../test-support/git';
import { stagedResolver } from './staged';

const repos = repoPool();
afterEach(() => repos.cleanup());
const repoWith = repos.with;

/** Resolves @staged in `workspace`, proving `.git` is untouched by it. */
const resolveStaged = (repo: TestRepo, workspace = repo.dir): Promise<Resolution> => resolveReadOnly(stagedResolver, gitRef('staged'), repo, workspace);

/**
 * Equals native `git diff --staged -M` (renames detected as git's default does),
 * names the same files, and `git apply --check --cached -R` takes it.
 */
async function expectLikeGitStaged(repo: TestRepo, options: { apply?: boolean } = {}): Promise<Resolved> {
  const res = await resolveStaged(repo);
  if (!res.ok) throw new Error(`expected a patch, got ${res.code}: ${res.message}`);
  expect(res.text).toBe(repo.git(['diff', '--staged', '-M']));
  // Both paths of a rename are named (each is judged by the protected list).
  const names = repo.git(['diff', '--staged', '--no-renames', '--name-only', '-z']).split('\0').filter(Boolean);
  expect([...(res.source.paths ?? [])].sort()).toEqual([...new Set(names)].sort());
  if (options.apply !== false) repo.gitRaw(['apply', '--check', '--cached', '-R'], res.text);
  expect(res.target).toBe('index vs HEAD');
  return res;
}

describe('@staged against native git', () => {
  it('shows staged modifications, additions and deletions, ignoring unstaged edits', async () => {
    const repo = repoWith({ 'a.txt': 'a\nb\nc\n', 'old.txt': 'old\n', 'src/keep.ts': 'k\n' });
    repo.write('a.txt', 'a\nB\nc\n');
    repo.write('src/new file.ts', 'export const x = 1;\n');
    fs.rmSync(path.join(repo.dir, 'old.txt'));
    repo.git(['add', '-A']);
    repo.write('a.txt', 'unstaged edit\n');
    const res = await expectLikeGitStaged(repo);
    expect(res.description).toBe('staged changes (3 files)');
    expect(res.text).not.toContain('unstaged edit');
  });

  it('shows a rename as git does (rename from / rename to)', async () => {
    const repo = repoWith({ 'before.txt': 'same content\n' });
    repo.git(['mv', 'before.txt', 'after.txt']);
    const res = await expectLikeGitStaged(repo);
    expect(res.source.paths).toEqual(['before.txt', 'after.txt']);
    expect(res.text).toContain('rename from before.txt\nrename to after.txt');
  });

  it('shows mode changes, binary files, empty files and missing final newlines', async () => {
    const repo = repoWith({ 'run.sh': 'echo\n', 'tail.txt': 'x\ny' });
    fs.chmodSync(path.join(repo.dir, 'run.sh'), 0o755);
    repo.write('tail.txt', 'x\nz');
    repo.write('blob.bin', Buffer.from([1, 0, 2]));
    repo.write('empty.txt', '');
    repo.write('ünïcode dir/file.txt', 'u\r\n');
    repo.git(['add', '-A']);
    await expectLikeGitStaged(repo, { apply: false });
    // Without the binary file, git apply takes the rest.
    repo.git(['rm', '-q', '--cached', 'blob.bin']);
    await expectLikeGitStaged(repo);
  });

  it('replaces a file by a folder of the same name', async () => {
    const repo = repoWith({ thing: 'file\n' });
    repo.git(['rm', '-q', 'thing']);
    repo.write('thing/inside.txt', 'now a folder\n');
    repo.git(['add', '-A']);
    await expectLikeGitStaged(repo);
  });

  it('finds each folder among names that sort around `/` (a-b, a.txt, a/, a0), Japanese and emoji folders', async () => {
    // The index is read folder by folder from its sorted entries: `a/`'s entries lie between
    // `a.txt` and `a0`, and a non-BMP name sorts by code point as git sorts by bytes.
    const files = {
      'a-b/x.txt': '1\n', 'a.txt': '2\n', 'a/b/c.txt': '3\n', 'a/b.txt': '4\n', 'a0/d.txt': '5\n',
      'ドキュメント/メモ.md': '6\n', 'ドキュメント/下書き/案.md': '7\n', '🙂/e.txt': '8\n', '\uffee/f.txt': '9\n',
    };
    const repo = repoWith(files);
    for (const file of ['a-b/x.txt', 'a/b/c.txt', 'a0/d.txt', 'ドキュメント/下書き/案.md', '🙂/e.txt', '\uffee/f.txt']) repo.write(file, 'changed\n');
    repo.write('a/new/g.txt', 'a folder only in the index\n');
    fs.rmSync(path.join(repo.dir, 'a/b.txt'));
    repo.git(['add', '-A']);
    const res = await expectLikeGitStaged(repo);
    expect(res.description).toBe('staged changes (8 files)');
  });

  it('reads a packed repository and a v4 index', async () => {
    const repo = repoWith(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`dir${i % 3}/f${i}.txt`, `${i}\n`])));
    repo.git(['gc', '-q']);
    repo.write('dir1/f4.txt', 'changed\n');
    repo.write('dir2/extra.txt', 'extra\n');
    repo.git(['add', '-A']);
    repo.git(['update-index', '--index-version', '4']);
    await expectLikeGitStaged(repo);
  });

  it('treats everything staged before the first commit as new', async () => {
    const repo = repos.track(makeRepo());
    repo.write('first.txt', 'hello\n');
    repo.git(['add', '-A']);
    const res = await expectLikeGitStaged(repo);
    expect(res.source.head).toBeNull();
  });

  it('lists conflicted paths as git does', async () => {
    const repo = repoWith({ 'c.txt': 'base\n' });
    mergeConflict(repo, 'c.txt', { 'd.txt': 'also staged\n' });
    repo.write('e.txt', 'new\n');
    repo.git(['add', 'e.txt']);
    const res = await resolveStaged(repo);
    if (!res.ok) throw new Error(res.message);
    expect(res.text).toContain('* Unmerged path c.txt\n');
    expect(res.text).toContain(repo.git(['diff', '--staged', '--', 'e.txt']));
  });
});

describe('@staged refusals', () => {
  it('is not_found with nothing staged', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.write('a.txt', 'unstaged only\n');
    const res = await resolveStaged(repo);
    expectRefusal(res, 'not_found', /^no staged changes/);
  });

  it('is blocked, naming the path, when a staged file is protected', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.write('config/.env.production', 'SECRET=1\n');
    repo.write('a.txt', 'b\n');
    repo.git(['add', '-A']);
    const res = await resolveStaged(repo);
    expectRefusal(res, 'blocked', { contains: 'config/.env.production' });
  });

  it('from a workspace in a subfolder shows only the changes inside it', async () => {
    const repo = repoWith({ 'sub/a.txt': 'a\n', 'b.txt': 'b\n' });
    repo.write('b.txt', 'B\n');
    repo.git(['add', '-A']);
    const none = await resolveStaged(repo, path.join(repo.dir, 'sub'));
    expect(none).toMatchObject({ ok: false, code: 'not_found', source: { paths: [], repository: repo.dir } });
    expect(none.ok ? '' : none.message).toMatch(/^no staged changes inside the workspace folder sub\/: the 1 change/);
    repo.write('sub/a.txt', 'A\n');
    repo.git(['add', '-A']);
    const res = await resolveStaged(repo, path.join(repo.dir, 'sub'));
    expect(res).toMatchObject({ ok: true, source: { paths: ['sub/a.txt'], repository: repo.dir } });
    expect(res.ok && res.text).toBe(repo.git(['diff', '--staged', '--', '.'], path.join(repo.dir, 'sub')));
  });
});
