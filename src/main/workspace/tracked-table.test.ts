import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TableBuilder, type EntryTable } from './entry-table';
import { trackedTable } from './tracked-table';

/**
 * The table built from the index's bytes must equal, column by column, the table the string
 * builder makes from what native git lists (`git ls-files --debug`: tag, mode, stage, path and the
 * size in the index), with each path's folders listed before it, deepest first, once.
 */

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'core.quotePath=false', ...args], { cwd, encoding: 'utf8' });
}

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atmark-tracked-'));
  made.push(root);
  git(root, 'init', '-q');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

interface Listed {
  skip: boolean;
  mode: string;
  stage: string;
  path: string;
  size: number;
}

/** What native git says the index holds. */
function lsFiles(root: string): Listed[] {
  const out: Listed[] = [];
  for (const line of git(root, 'ls-files', '-s', '--debug', '-t').split('\n')) {
    const entry = /^(\S) (\d+) [0-9a-f]+ (\d)\t(.*)$/.exec(line);
    if (entry) out.push({ skip: entry[1] === 'S', mode: entry[2] as string, stage: entry[3] as string, path: entry[4] as string, size: 0 });
    const size = /^\s+size: (\d+)/.exec(line);
    if (size && out.length > 0) (out.at(-1) as Listed).size = Number(size[1]);
  }
  return out;
}

/** The expected table, through the string builder. */
function expected(root: string): { table: EntryTable; symlinks: Array<[string, number]> } {
  const rows = new TableBuilder();
  const folders = new Set<string>();
  const symlinks: Array<[string, number]> = [];
  let last = '';
  for (const e of lsFiles(root)) {
    if (e.skip || (e.stage > '1' && e.path === last)) continue;
    last = e.path;
    const opened: string[] = [];
    for (let dir = path.posix.dirname(e.path); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir)) {
      folders.add(dir);
      opened.push(dir);
    }
    for (const dir of opened) rows.push(dir, 'folder', -1, true);
    if (e.mode === '120000') symlinks.push([e.path, e.size]);
    else if (e.mode === '160000') rows.push(e.path, 'folder', -1, false);
    else rows.push(e.path, 'file', e.size, true);
  }
  return { table: rows.build(1, () => false), symlinks };
}

function built(root: string): { table: EntryTable; symlinks: Array<[string, number]> } {
  const result = trackedTable(readFileSync(path.join(root, '.git', 'index')), 1, () => false);
  if (!result.ok) throw new Error(result.message);
  return result;
}

function expectSameTables(actual: EntryTable, wanted: EntryTable): void {
  const paths = (t: EntryTable) => Array.from({ length: t.count }, (_, i) => t.path(i));
  expect(paths(actual)).toEqual(paths(wanted));
  expect(actual.text).toBe(wanted.text);
  expect(actual.lower).toBe(wanted.lower);
  expect(actual.folders).toBe(wanted.folders);
  for (const column of ['start', 'baseStart', 'mask', 'baseMask', 'kind', 'size', 'folder', 'tie', 'firstLower', 'firstExact', 'flags'] as const) {
    expect([...actual[column]], column).toEqual([...wanted[column]]);
  }
}

const FILES = {
  'README.md': '# hi\n',
  '.github/workflows/ci.yml': 'on: push\n',
  'src/index.ts': 'export {};\n',
  'src/index.test.ts': 'test\n',
  'src/a/b/c/deep.d.ts': 'x\n',
  'src/a.ts': 'a\n',
  'src/a/x.ts': 'x\n',
  'src/ab.ts': 'ab\n',
  'docs/議事録/2024年/第1回 会議.md': '議事\n',
  'docs/회의록/첫 회의.md': '회의\n',
  'docs/emoji/😀.txt': 'smile\n',
  'docs/🎉party/x.txt': 'a folder named with a surrogate pair\n',
  'lib/a/x.ts': 'a folder, then a longer sibling sharing its bytes\n',
  'lib/ab/c.ts': 'c\n',
  'Docs/Upper.MD': 'case\n',
  'docs/.hidden/.env.example': 'A=1\n',
  'weird/..dots../.x.y.z': 'dots\n',
  'İstanbul/ǅemal.txt': 'letters whose lower case is longer or titled\n',
  // Folders of one length that differ in one byte, at each place: each must be a folder of its own.
  // (`…b…` and `…c…` at one place sort next to each other.)
  ...Object.fromEntries(Array.from({ length: 32 }, (_, k) => [`same/${'a'.repeat(k >> 1)}${k & 1 ? 'c' : 'b'}${'a'.repeat(15 - (k >> 1))}/x.ts`, `${k}\n`])),
};

describe('the tracked table', () => {
  it.each([2, 3, 4])('equals the string-built table of what git lists, index version %i', (version) => {
    const root = repo(FILES);
    execFileSync('chmod', ['+x', path.join(root, 'src/index.ts')]);
    symlinkSync('README.md', path.join(root, 'link'));
    git(root, 'add', '-A');
    git(root, 'update-index', '--index-version', String(version));
    const { table, symlinks } = built(root);
    const wanted = expected(root);
    expectSameTables(table, wanted.table);
    expect(symlinks).toEqual(wanted.symlinks);
    expect(symlinks).toEqual([['link', 'README.md'.length]]);
    // Folders come before what they hold, deepest first where an entry opens several.
    const at = (p: string) => Array.from({ length: table.count }, (_, i) => table.path(i)).indexOf(p);
    expect(at('src/a/b/c')).toBeLessThan(at('src/a/b'));
    expect(at('src/a/b')).toBeLessThan(at('src/a/b/c/deep.d.ts'));
    expect(at('docs/議事録/2024年')).toBeLessThan(at('docs/議事録/2024年/第1回 会議.md'));
  });

  it('lists a submodule as an untracked folder, leaves out skip-worktree entries, and lists a conflict once', () => {
    const root = repo({ 'a.txt': 'base\n', 'keep/b.txt': 'b\n', 'sparse/c.txt': 'c\n' });
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'base');
    git(root, 'checkout', '-q', '-b', 'other');
    writeFileSync(path.join(root, 'a.txt'), 'other\n');
    git(root, 'commit', '-q', '-am', 'other');
    git(root, 'checkout', '-q', '-');
    writeFileSync(path.join(root, 'a.txt'), 'mine\n');
    git(root, 'commit', '-q', '-am', 'mine');
    expect(() => git(root, 'merge', '-q', 'other')).toThrow();
    git(root, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},vendor/lib`);
    git(root, 'update-index', '--skip-worktree', 'sparse/c.txt');
    const listed = lsFiles(root);
    expect(listed.filter((e) => e.path === 'a.txt').map((e) => e.stage)).toEqual(['1', '2', '3']);
    const { table } = built(root);
    expectSameTables(table, expected(root).table);
    const paths = Array.from({ length: table.count }, (_, i) => table.path(i));
    expect(paths).toEqual(['a.txt', 'keep', 'keep/b.txt', 'vendor', 'vendor/lib']);
    expect(table.tracked(paths.indexOf('vendor/lib'))).toBe(false);
  });

  it('gathers the text outside the index when the folders of the first entry would overtake it', () => {
    const deep = `${Array.from({ length: 12 }, (_, i) => `${i}${'f'.repeat(30)}`).join('/')}/file.txt`;
    const root = repo({ [deep]: 'deep\n', 'z.txt': 'z\n' });
    git(root, 'add', '-A');
    expectSameTables(built(root).table, expected(root).table);
  });

  it('reads a name that is not UTF-8 the slow way, with the replacement character', () => {
    const root = repo({ 'ok.txt': 'ok\n' });
    // "café.txt" written in Latin-1, and a lone continuation byte: names Linux allows and git
    // stores as they are.
    writeFileSync(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]), 'latin1\n');
    writeFileSync(Buffer.concat([Buffer.from(`${root}/lone`), Buffer.from([0x80]), Buffer.from('.txt')]), 'lone\n');
    git(root, 'add', '-A');
    const { table } = built(root);
    expectSameTables(table, expected(root).table);
    expect([table.path(0), table.path(1)]).toEqual(['caf\uFFFD.txt', 'lone\uFFFD.txt']);
  });

  it('refuses an index whose entries are out of order, which would list a folder twice', () => {
    const root = repo({ 'a/x.txt': 'x', 'a/z.txt': 'z', 'b/y.txt': 'y', 'a-b/w.txt': 'w' });
    git(root, 'add', '-A');
    const bytes = readFileSync(path.join(root, '.git', 'index'));
    // Git's order: a-b/w.txt, a/x.txt, a/z.txt, b/y.txt (`-` sorts before `/`): the tracked table
    // reads it as it is.
    expect(lsFiles(root).map((e) => e.path)).toEqual(['a-b/w.txt', 'a/x.txt', 'a/z.txt', 'b/y.txt']);
    expectSameTables(built(root).table, expected(root).table);
    // The same entries with b/y.txt moved before a/z.txt: folder `a` would be met again.
    const entries: Buffer[] = [];
    let at = 12;
    for (let k = 0; k < 4; k++) {
      const nameLength = bytes.readUInt16BE(at + 60) & 0xfff;
      const size = (62 + nameLength + 8) & ~7;
      entries.push(bytes.subarray(at, at + size));
      at += size;
    }
    const shuffled = Buffer.concat([bytes.subarray(0, 12), entries[0] as Buffer, entries[1] as Buffer, entries[3] as Buffer, entries[2] as Buffer, bytes.subarray(at)]);
    expect(trackedTable(shuffled, 1, () => false)).toMatchObject({ ok: false, code: 'corrupt', message: 'the git index lists its entries out of order' });
  });

  it('answers an index it cannot read with a value naming why', () => {
    const root = repo({ 'a.txt': 'a\n' });
    git(root, 'add', '-A');
    const bytes = readFileSync(path.join(root, '.git', 'index'));
    expect(trackedTable(Buffer.from('nonsense'), 1, () => false)).toMatchObject({ ok: false, code: 'corrupt' });
    expect(trackedTable(bytes.subarray(0, 40), 1, () => false)).toMatchObject({ ok: false, code: 'corrupt' });
    const v9 = Buffer.from(bytes);
    v9.writeUInt32BE(9, 4);
    expect(trackedTable(v9, 1, () => false)).toMatchObject({ ok: false, code: 'unsupported', message: 'git index version 9 is not supported' });
  });
});
