import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexCursor, type TrackedType } from '../git/storage/index-cursor';
import { findGitDir, readGitIndexBytes } from './git-index';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

const LONG = `${Array.from({ length: 21 }, (_, i) => `${i}${'x'.repeat(200)}`).join('/')}/long.txt`;

/** A repository with nested folders, a path longer than 4095 bytes (git's name-length field), non-ASCII names, an executable and a symlink. */
function makeRepo(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atmark-gitindex-'));
  made.push(root);
  git(root, 'init', '-q');
  const files = ['a.txt', 'src/b.ts', 'src/deep/er/c.ts', 'docs/é-ü.md', 'run.sh', 'src/deep/zz.ts'];
  for (const f of files) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), `content of ${f}\n`);
  }
  execFileSync('chmod', ['+x', path.join(root, 'run.sh')]);
  symlinkSync('a.txt', path.join(root, 'link'));
  git(root, 'add', '-A');
  // Too long for the disk, fine for the index: added by blob id alone.
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: root, input: 'long\n', encoding: 'utf8' }).trim();
  git(root, 'update-index', '--add', '--cacheinfo', `100644,${blob},${LONG}`);
  return root;
}

interface Read {
  path: string;
  type: TrackedType;
  size: number;
}

/** Every entry the cursor lists in the index of git folder `gitDir`, or what it failed with. */
async function readIndex(gitDir: string, cap?: number): Promise<{ ok: true; entries: Read[] } | { ok: false; code: string }> {
  const bytes = await readGitIndexBytes(gitDir, undefined, cap);
  return Buffer.isBuffer(bytes) ? list(bytes) : bytes;
}

function list(bytes: Buffer): { ok: true; entries: Read[] } | { ok: false; code: string; message: string } {
  const cursor = new IndexCursor(bytes);
  const entries: Read[] = [];
  while (cursor.next()) entries.push({ path: cursor.names.toString('utf8', cursor.from, cursor.to), type: cursor.type, size: cursor.size });
  return cursor.failure ?? { ok: true, entries };
}

function lsFiles(root: string): string[] {
  return git(root, '-c', 'core.quotePath=false', 'ls-files', '-z').split('\0').filter(Boolean);
}

describe('git index reader', () => {
  it.each([2, 3, 4])('reads index version %i exactly as git ls-files lists it', async (version) => {
    const root = makeRepo();
    git(root, 'update-index', '--index-version', String(version));
    const gitDir = await findGitDir(root);
    expect(gitDir).toBe(path.join(root, '.git'));
    const result = await readIndex(gitDir as string);
    if (!result.ok) throw new Error(result.code);
    expect(result.entries.map((e) => e.path)).toEqual(lsFiles(root));
    expect(result.entries.find((e) => e.path === 'link')?.type).toBe('symlink');
    expect(result.entries.find((e) => e.path === 'src/b.ts')).toEqual({ path: 'src/b.ts', type: 'file', size: 'content of src/b.ts\n'.length });
    // Added by blob id alone: git records no stat data, so no size.
    expect(result.entries.find((e) => e.path === LONG)).toEqual({ path: LONG, type: 'file', size: 0 });
  });

  it('leaves out skip-worktree entries (sparse checkout)', async () => {
    const root = makeRepo();
    git(root, 'update-index', '--skip-worktree', 'src/b.ts');
    const result = await readIndex(path.join(root, '.git'));
    expect(result.ok && result.entries.map((e) => e.path)).toEqual(lsFiles(root).filter((p) => p !== 'src/b.ts'));
  });

  it('reports unreadable input as values with codes', async () => {
    const root = makeRepo();
    const bytes = readFileSync(path.join(root, '.git', 'index'));
    expect(list(Buffer.from('nonsense')).ok).toBe(false);
    expect(list(bytes.subarray(0, 40))).toMatchObject({ ok: false, code: 'corrupt' });
    expect(await readIndex(path.join(root, 'nope'))).toMatchObject({ ok: false, code: 'no_repository' });
    expect(await readIndex(path.join(root, '.git'), 100)).toMatchObject({ ok: false, code: 'too_large' });
  });

  it('says corrupt, rather than reading past its buffers, for a damaged prefix length or entry count', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atmark-gitindex-'));
    made.push(root);
    git(root, 'init', '-q');
    writeFileSync(path.join(root, 'a.txt'), 'a');
    writeFileSync(path.join(root, 'b.txt'), 'b');
    git(root, 'add', '-A');
    git(root, 'update-index', '--index-version', '4');
    const v4 = readFileSync(path.join(root, '.git', 'index'));
    expect(list(v4)).toMatchObject({ ok: true, entries: [{ path: 'a.txt' }, { path: 'b.txt' }] });
    // The second entry's prefix length (one byte after 62 bytes of stat data) as a five-byte
    // number: shifted in 32 bits it wraps negative, which once made a name two gigabytes long.
    const second = 12 + 62 + 1 + 'a.txt'.length + 1;
    const wrapped = Buffer.concat([v4.subarray(0, second + 62), Buffer.from([0x86, 0xff, 0x80, 0x80, 0x00]), v4.subarray(second + 63)]);
    expect(list(wrapped)).toMatchObject({ ok: false, code: 'corrupt' });
    const counted = Buffer.from(v4);
    counted.writeUInt32BE(0xffffffff, 8);
    expect(list(counted)).toMatchObject({ ok: false, code: 'corrupt', message: 'the git index counts more entries than it holds' });
  });

  it('follows a gitdir file, as worktrees have', async () => {
    const root = makeRepo();
    // A worktree checks files out, and this one cannot be.
    git(root, 'update-index', '--force-remove', LONG);
    git(root, 'commit', '-q', '-m', 'init');
    const tree = path.join(root, '..', `${path.basename(root)}-wt`);
    made.push(tree);
    git(root, 'worktree', 'add', '-q', tree);
    const gitDir = await findGitDir(tree);
    const result = await readIndex(gitDir as string);
    expect(result.ok && result.entries.map((e) => e.path)).toEqual(lsFiles(tree));
  });
});
