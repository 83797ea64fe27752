/**
 * The line diff's time limit (issue 11, row 6b): a 500,000-line rewrite, committed and in the working
 * tree, is shown through `@git:1` and `@diff` as native git shows it (both sides share no line), and
 * the fallback for a diff that cannot finish in time is a valid patch that `git apply` accepts. The
 * tests use the real engine on real repositories; the 500,000-line case must end within the git
 * deadline plus one second (the test's own timeout), never hang.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffResolver } from '../../resolvers/diff';
import { logResolver } from '../../resolvers/log';
import { formatFilePatch } from './patch-format';
import { hashBlob, MODE_FILE } from '../views/file-change';
import { gitRef, makeContext, repoPool } from '../../../../test-support/git';

const pool = repoPool();
afterEach(() => pool.cleanup());

const LINES = 500_000;
const GIT_TIMEOUT_MS = 30_000;
const numbered = (prefix: string, n: number): string => Array.from({ length: n }, (_, i) => `${prefix}${i}\n`).join('');

describe('a 500,000-line rewrite', () => {
  it(
    '@git:1 and @diff finish and equal native git',
    async () => {
      const repo = pool.with({ 'big.txt': numbered('a', LINES) });
      repo.write('big.txt', numbered('b', LINES));
      repo.commitAll('rewrite');
      repo.write('big.txt', numbered('c', LINES));
      const ctx = makeContext(repo.dir, { limits: { maxReferenceBytes: 64 * 1024 * 1024, gitTimeoutMs: GIT_TIMEOUT_MS } });
      const log = await logResolver.resolve(gitRef('git', 1), ctx);
      expect(log.ok && log.text === repo.git(['log', '-1', '-p'])).toBe(true);
      const diff = await diffResolver.resolve(gitRef('diff'), ctx);
      expect(diff.ok && diff.text === repo.git(['diff'])).toBe(true);
    },
    GIT_TIMEOUT_MS + 1000,
  );

  it('with the default limit, the patch is refused as too large, with a sentence', async () => {
    const repo = pool.with({ 'big.txt': numbered('a', LINES) });
    repo.write('big.txt', numbered('b', LINES));
    repo.commitAll('rewrite');
    const res = await logResolver.resolve(gitRef('git', 1), makeContext(repo.dir));
    expect(res.ok ? 'attached' : res.code).toBe('too_large');
  }, GIT_TIMEOUT_MS + 1000);
});

describe('a diff that cannot finish in time', () => {
  const cases: Array<[string, string, string]> = [
    ['edits scattered through the file', numbered('x', 400), numbered('x', 400).replace(/x(\d*7)\n/g, 'y$1\n')],
    ['a missing final newline', 'keep\nold\nend', 'keep\nnew\nend'],
    ['lines added at the end', numbered('x', 50), numbered('x', 60)],
    ['a shared first and last line', 'top\na\nb\nbottom\n', 'top\nc\nbottom\n'],
  ];
  it.each(cases)('%s: the whole-file replacement applies with git apply', (_label, before, after) => {
    const repo = pool.with({ 'f.txt': before });
    const patch = formatFilePatch(
      { path: 'f.txt', old: { oid: hashBlob(Buffer.from(before)), mode: MODE_FILE }, new: { oid: hashBlob(Buffer.from(after)), mode: MODE_FILE } },
      { old: Buffer.from(before), new: Buffer.from(after) },
      0,
    );
    fs.writeFileSync(path.join(repo.dir, 'fix.patch'), patch);
    repo.git(['apply', '--check', 'fix.patch']);
    repo.git(['apply', 'fix.patch']);
    expect(fs.readFileSync(path.join(repo.dir, 'f.txt'), 'utf8')).toBe(after);
  });
});
