/**
 * The patch floor (patch-floor.ts) must never pass what git prints: a view is refused early only
 * when its patch would certainly be over the limit. Checked against `git show` on commits that hold
 * every kind of change the floor counts: edits, additions, deletions, a rename, a type change, a mode
 * change, a binary file and paths that are not ASCII. And a view over the limit stops its walk: the
 * trees after the point where the floor passes are never read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitRef, makeContext, makeRepo, repoPool, type TestRepo } from '../../../../test-support/git';
import { logResolver } from '../../resolvers/log';
import { createDeadline, locateRepository, openSession } from '../storage';
import { readCommits } from './git-views';
import { PatchFloor, ViewTooLarge } from './patch-floor';

const pool = repoPool();
afterEach(() => pool.cleanup());

/** An empty repository, removed after the test. */
const repo = (): TestRepo => pool.track(makeRepo());

/** The floor of each of HEAD's last `count` commits, counted with no limit. */
async function floors(r: TestRepo, count: number): Promise<number[]> {
  const located = locateRepository(r.dir);
  if (!located.ok) throw new Error('no repository');
  const s = openSession(new Map(), located.repo);
  const head = r.git(['rev-parse', 'HEAD']).trim();
  const out: number[] = [];
  const deadline = createDeadline(new AbortController().signal, 30_000);
  for (const { commit } of await readCommits(s, head, count, deadline)) {
    const floor = new PatchFloor(Number.POSITIVE_INFINITY);
    await readCommits(s, commit.oid, 1, deadline, floor);
    out.push(floor.bytes);
  }
  return out;
}

describe('the patch floor', () => {
  it('is never more than the bytes of the patch git prints', async () => {
    const r = repo();
    r.write('README.md', '# Title\n\nIntro.\n');
    r.write('src/app.ts', Array.from({ length: 30 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
    r.write('docs/報告書.md', '第一章\n');
    r.write('link-target.txt', 'target\n');
    r.commitAll('root');
    r.write('src/app.ts', fs.readFileSync(path.join(r.dir, 'src/app.ts'), 'utf8').replace('v7 = 7', 'v7 = 70'));
    r.write('logo.bin', Buffer.from([0x89, 0x50, 0, 1]));
    fs.chmodSync(path.join(r.dir, 'README.md'), 0o755);
    r.commitAll('edit, binary, mode');
    r.git(['mv', 'src/app.ts', 'src/main.ts']);
    fs.rmSync(path.join(r.dir, 'link-target.txt'));
    fs.symlinkSync('README.md', path.join(r.dir, 'link-target.txt'));
    r.write('docs/보고서 초안.md', '초안\n');
    r.commitAll('rename, type change, Korean name');
    const counted = await floors(r, 3);
    const commits = r.git(['log', '-3', '--format=%H']).trim().split('\n');
    expect(counted.every((n) => n > 0)).toBe(true);
    commits.forEach((oid, i) => {
      const printed = Buffer.byteLength(r.git(['show', '--format=', '-M', oid]), 'utf8');
      expect(counted[i]).toBeLessThanOrEqual(printed);
    });
  });

  it('throws once the count passes the limit, counting only the workspace folder', () => {
    const floor = new PatchFloor(40, 'docs');
    floor.count('src/a-long-name-outside-the-workspace-folder.ts');
    expect(floor.bytes).toBe(0);
    floor.count('docs/a.md');
    expect(floor.bytes).toBe(Buffer.byteLength('docs/a.md') + 8);
    expect(() => floor.count('docs/a-second-file-name.md')).toThrow(ViewTooLarge);
  });

  it('ends a commit too large to show before reading all its trees', async () => {
    const r = repo();
    // 26 folders of 20 files: the headers alone are some 20 KB, far over 4x a 1 KiB limit.
    for (const dir of 'abcdefghijklmnopqrstuvwxyz') for (let i = 0; i < 20; i++) r.write(`${dir}/file-number-${i}.txt`, `${dir}${i}\n`);
    r.commitAll('import everything');
    const asked = async () => logResolver.resolve(gitRef('git', 1), makeContext(r.dir, { limits: { maxReferenceBytes: 1024 } }));
    const whole = await asked();
    expect(whole).toMatchObject({ ok: false, code: 'too_large' });
    // The last folder's tree is removed from the store: a walk that reached it would fail to read it.
    const tree = r.git(['rev-parse', 'HEAD:z']).trim();
    fs.rmSync(path.join(r.dir, '.git', 'objects', tree.slice(0, 2), tree.slice(2)));
    const stopped = await asked();
    expect(stopped).toMatchObject({ ok: false, code: 'too_large' });
    expect(stopped.ok === false && stopped.message).toBe(whole.ok === false && whole.message);
  });
});
