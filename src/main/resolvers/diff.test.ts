import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Resolution, Resolved } from '../resolve';
import { expectRefusal } from '../../../test-support/refusals';
import { gitRef, makeContext, repoPool, resolveReadOnly, type TestRepo } from '../../../test-support/git';
import { diffResolver } from './diff';

const repos = repoPool();
afterEach(() => repos.cleanup());
const repoWith = repos.with;

/** Resolves @diff in `workspace`, proving `.git` is untouched by it. */
const resolveDiff = (repo: TestRepo, workspace = repo.dir): Promise<Resolution> => resolveReadOnly(diffResolver, gitRef('diff'), repo, workspace);

function ok(res: Resolution): Resolved {
  if (!res.ok) throw new Error(`expected a patch, got ${res.code}: ${res.message}`);
  return res;
}

/** The patch equals native `git diff`, names the same files, and `git apply -R --check` takes it. */
async function expectLikeGitDiff(repo: TestRepo, options: { apply?: boolean } = {}): Promise<Resolved> {
  const res = ok(await resolveDiff(repo));
  expect(res.text).toBe(repo.git(['diff']));
  const names = repo.git(['diff', '--name-only', '-z']).split('\0').filter(Boolean);
  expect(res.source.paths).toEqual([...new Set(names)]);
  if (options.apply !== false) repo.gitRaw(['apply', '--check', '-R'], res.text);
  expect(res.language).toBe('diff');
  expect(res.target).toBe('working tree vs index');
  return res;
}

describe('@diff against native git', () => {
  it('shows a modified file with context and the function line', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => (i % 10 === 0 ? `function f${i}() {` : `  line ${i};`));
    const repo = repoWith({ 'a.js': lines.join('\n') + '\n' });
    lines[15] = '  changed;';
    lines[33] = '  changed too;';
    repo.write('a.js', lines.join('\n') + '\n');
    const res = await expectLikeGitDiff(repo);
    expect(res.description).toBe('unstaged changes (1 file)');
    expect(res.source.head).toBe(repo.git(['rev-parse', 'HEAD']).trim());
    expect(res.source.repository).toBe(repo.dir);
  });

  it('shows a deleted file as a deletion', async () => {
    const repo = repoWith({ 'gone.txt': 'bye\n', 'kept.txt': 'hi\n' });
    fs.rmSync(path.join(repo.dir, 'gone.txt'));
    const res = await expectLikeGitDiff(repo);
    expect(res.text).toContain('deleted file mode 100644');
    expect(res.text).toContain('+++ /dev/null');
  });

  it('shows a mode change (chmod +x) without content', async () => {
    const repo = repoWith({ 'run.sh': 'echo hi\n' });
    fs.chmodSync(path.join(repo.dir, 'run.sh'), 0o755);
    const res = await expectLikeGitDiff(repo);
    expect(res.text).toBe('diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n');
  });

  it('shows a mode change together with a content change', async () => {
    const repo = repoWith({ 'run.sh': 'echo hi\n' });
    repo.write('run.sh', 'echo bye\n');
    fs.chmodSync(path.join(repo.dir, 'run.sh'), 0o755);
    await expectLikeGitDiff(repo);
  });

  it('summarises a binary file as git does', async () => {
    const repo = repoWith({ 'img.bin': Buffer.from([0, 1, 2, 3, 0, 9]) });
    repo.write('img.bin', Buffer.from([0, 1, 2, 4, 0, 9, 9]));
    // git apply needs --binary data (or full index lines) for binary files, so only the text is compared.
    const res = await expectLikeGitDiff(repo, { apply: false });
    expect(res.text).toContain('Binary files a/img.bin and b/img.bin differ');
  });

  it('marks files without a trailing newline', async () => {
    const repo = repoWith({ 'n.txt': 'one\ntwo' });
    repo.write('n.txt', 'one\nthree');
    const res = await expectLikeGitDiff(repo);
    expect(res.text).toContain('\\ No newline at end of file');
  });

  it('handles a file emptied and an empty file filled', async () => {
    const repo = repoWith({ 'full.txt': 'content\n', 'empty.txt': '' });
    repo.write('full.txt', '');
    repo.write('empty.txt', 'now something\n');
    await expectLikeGitDiff(repo);
  });

  it('handles files in subfolders, with spaces and unicode in their names', async () => {
    const repo = repoWith({ 'src/deep/x.ts': 'a\n', 'my notes.md': 'a\n', 'naïve/日本.txt': 'a\n' });
    for (const f of ['src/deep/x.ts', 'my notes.md', 'naïve/日本.txt']) repo.write(f, 'b\n');
    const res = await expectLikeGitDiff(repo);
    expect(res.text).toContain('"a/na\\303\\257ve/\\346\\227\\245\\346\\234\\254.txt"');
    expect(res.description).toBe('unstaged changes (3 files)');
  });

  it('keeps CRLF line endings byte for byte', async () => {
    const repo = repoWith({ 'win.txt': 'a\r\nb\r\nc\r\n' });
    repo.write('win.txt', 'a\r\nB\r\nc\r\n');
    const res = await expectLikeGitDiff(repo);
    expect(res.text).toContain('-b\r\n+B\r\n');
  });

  it('shows a symlink retargeted and a file turned into a symlink', async () => {
    const repo = repoWith({ 'target.txt': 'x\n', 'other.txt': 'y\n', 'was-file': 'z\n' });
    fs.symlinkSync('target.txt', path.join(repo.dir, 'link'));
    repo.commitAll('link');
    fs.rmSync(path.join(repo.dir, 'link'));
    fs.symlinkSync('other.txt', path.join(repo.dir, 'link'));
    fs.rmSync(path.join(repo.dir, 'was-file'));
    fs.symlinkSync('target.txt', path.join(repo.dir, 'was-file'));
    await expectLikeGitDiff(repo);
  });

  it('reads a packed repository (git gc) and ignores untracked files', async () => {
    const repo = repoWith({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    repo.write('a.txt', 'uno\n');
    repo.commitAll('second');
    repo.git(['gc', '-q']);
    expect(fs.readdirSync(path.join(repo.dir, '.git/objects/pack')).some((f) => f.endsWith('.pack'))).toBe(true);
    repo.write('a.txt', 'eins\n');
    repo.write('untracked.txt', 'not shown\n');
    const res = await expectLikeGitDiff(repo);
    expect(res.text).not.toContain('untracked');
  });

  it('agrees with git when git rewrote the index right after the edits (racy timestamps)', async () => {
    const repo = repoWith({ 'a.txt': 'aaaa\n', 'b.txt': 'bbbb\n' });
    repo.write('a.txt', 'AAAA\n');
    repo.git(['status', '--porcelain']); // git refreshes and rewrites the index here
    repo.write('b.txt', 'BBBB\n'); // same size, within the same second as the index write
    await expectLikeGitDiff(repo);
  });

  it('shows a file added with intent (git add -N) as new', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.write('later.txt', 'planned\n');
    repo.git(['add', '-N', 'later.txt']);
    await expectLikeGitDiff(repo);
  });

  it('from a workspace in a subfolder shows only the changes inside it, with repository-relative paths', async () => {
    const repo = repoWith({ 'pkg/app/main.ts': 'a\n', 'pkg/lib/util.ts': 'a\n', 'top.txt': 'a\n' });
    repo.write('pkg/app/main.ts', 'b\n');
    repo.write('pkg/lib/util.ts', 'b\n');
    repo.write('top.txt', 'b\n');
    const res = ok(await resolveDiff(repo, path.join(repo.dir, 'pkg/app')));
    expect(res.text).toBe(repo.git(['diff', '--', '.'], path.join(repo.dir, 'pkg/app')));
    expect(res.source.paths).toEqual(['pkg/app/main.ts']);
    expect(res.description).toContain('only the workspace folder pkg/app/ of the repository, 2 changes outside it left out');
    expect(res.description).toContain(`read from the git repository at ${path.join(repo.dir, '.git')}`);
  });
});

describe('@diff refusals', () => {
  it('is not_found when nothing changed', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.write('untracked.txt', 'x\n');
    const res = await resolveDiff(repo);
    expectRefusal(res, 'not_found', /^no unstaged changes/);
  });

  it('fails with a clear sentence outside any repository', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-norepo-')));
    try {
      const res = await diffResolver.resolve(gitRef('diff'), makeContext(dir));
      expect(res).toMatchObject({ ok: false, code: 'failed' });
      expect(res.ok ? '' : res.message).toBe(
        `not a git repository: ${dir} (nor any of its parent folders); open a folder inside a git repository`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is blocked, naming the path, when a protected file changed', async () => {
    const repo = repoWith({ '.env': 'TOKEN=old\n', 'a.txt': 'a\n' });
    repo.write('.env', 'TOKEN=new\n');
    repo.write('a.txt', 'b\n');
    const res = await resolveDiff(repo);
    expectRefusal(res, 'blocked', { contains: '.env' });
    expect(JSON.stringify(res)).not.toContain('TOKEN=new');
  });

  it('fails when the git time limit passes, and when the caller cancels', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.write('a.txt', 'b\n');
    const late = await diffResolver.resolve(gitRef('diff'), makeContext(repo.dir, { limits: { gitTimeoutMs: -1 } }));
    expectRefusal(late, 'failed', /took longer than/);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await diffResolver.resolve(gitRef('diff'), makeContext(repo.dir, { signal: controller.signal }));
    expect(cancelled).toMatchObject({ ok: false, code: 'failed', message: 'reading git was cancelled' });
  });

  it('is too_large when the patch is far past the per-reference limit', async () => {
    const repo = repoWith({ 'big.txt': 'x\n' });
    repo.write('big.txt', 'y'.repeat(100) + '\n'.repeat(2000));
    const res = await diffResolver.resolve(gitRef('diff'), makeContext(repo.dir, { limits: { maxReferenceBytes: 500 } }));
    expect(res).toMatchObject({ ok: false, code: 'too_large' });
  });
});
