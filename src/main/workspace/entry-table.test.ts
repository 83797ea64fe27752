import { describe, expect, it } from 'vitest';
import { extendTable, folderHash, JUDGED, TableBuilder, type EntryTable } from './entry-table';

/** Rows as the builder takes them: path, kind, size, tracked. */
type Row = [string, 'file' | 'folder', number, boolean];

function builderOf(rows: readonly Row[]): TableBuilder {
  const builder = new TableBuilder();
  for (const [path, kind, size, tracked] of rows) builder.push(path, kind, size, tracked);
  return builder;
}

function expectSameTables(actual: EntryTable, wanted: EntryTable): void {
  expect(actual.text).toBe(wanted.text);
  expect(actual.lower).toBe(wanted.lower);
  expect(actual.folders).toBe(wanted.folders);
  expect(actual.count).toBe(wanted.count);
  for (const column of ['start', 'baseStart', 'mask', 'baseMask', 'kind', 'size', 'folder', 'tie', 'firstLower', 'firstExact', 'flags'] as const) {
    expect([...actual[column]], column).toEqual([...wanted[column]]);
  }
}

const TRACKED: Row[] = [
  ['src', 'folder', -1, true],
  ['src/index.ts', 'file', 10, true],
  ['src/a.ts', 'file', 3, true],
  ['docs', 'folder', -1, true],
  ['docs/議事録', 'folder', -1, true],
  ['docs/議事録/第1回.md', 'file', 30, true],
  ['README.md', 'file', 5, true],
];

describe('extendTable', () => {
  it.each<[string, Row[]]>([
    ['untracked files in known folders and a new one', [['src/new.ts', 'file', -1, false], ['dist', 'folder', -1, false], ['dist/out.js', 'file', -1, false], ['docs/議事録/メモ.txt', 'file', -1, false]]],
    ['nothing new', []],
    ['names whose lower case needs a copy (Turkish İ, Greek capitals, Korean)', [['ΣΟΦΙΑ.md', 'file', -1, false], ['İstanbul/x.ts', 'file', -1, false], ['회의록/첫 회의.md', 'file', -1, false]]],
  ])('equals the table built from all rows at once: %s', (_, fresh) => {
    const old = builderOf(TRACKED).build(1, () => false);
    expectSameTables(extendTable(old, builderOf(fresh), 2, () => false), builderOf([...TRACKED, ...fresh]).build(2, () => false));
  });

  it('starts from the fresh rows when the old table is empty, and keeps hidden verdicts already taken', () => {
    const fresh: Row[] = [['a/b.ts', 'file', -1, false]];
    const empty = new TableBuilder().build(0, () => false);
    expectSameTables(extendTable(empty, builderOf(fresh), 1, () => false), builderOf(fresh).build(1, () => false));
    const old = builderOf(TRACKED).build(1, (p) => p === 'README.md');
    expect(old.isVisible(6)).toBe(false);
    const extended = extendTable(old, builderOf(fresh), 2, () => false);
    expect((extended.flags[6] as number) & JUDGED).toBe(JUDGED);
    expect(extended.isVisible(6)).toBe(false);
    expect(extended.path(7)).toBe('a/b.ts');
    expect(extended.indexOf('a/b.ts')).toBe(7);
  });
});

describe('indexOfChild', () => {
  it('finds every row by its folder and name, as indexOf finds it by its path, and nothing else', () => {
    const rows: Row[] = [...TRACKED, ['ab', 'folder', -1, false], ['ab/c', 'file', 1, false], ['a', 'folder', -1, false], ['a/bc', 'file', 1, false]];
    const table = builderOf(rows).build(1, () => false);
    rows.forEach(([path], i) => {
      const cut = path.lastIndexOf('/');
      const folder = cut < 0 ? '' : path.slice(0, cut);
      expect(table.indexOfChild(folder, folderHash(folder), path.slice(cut + 1)), path).toBe(i);
      expect(table.indexOf(path)).toBe(i);
    });
    expect(table.indexOfChild('a', folderHash('a'), 'bc')).toBe(10);
    expect(table.indexOfChild('ab', folderHash('ab'), 'c')).toBe(8);
    for (const [folder, name] of [['a', 'c'], ['', 'bc'], ['docs', '第1回.md'], ['src', 'index'], ['sr', 'c/a.ts']]) {
      expect(table.indexOfChild(folder as string, folderHash(folder as string), name as string), `${folder}|${name}`).toBe(-1);
    }
    // Rows that would match but for the `/` (axbc for a/bc), many, so that probing meets them.
    const crowd = builderOf(Array.from({ length: 200 }, (_, i): Row => [`a${String.fromCharCode(0x4e00 + i)}bc`, 'file', 1, false])).build(1, () => false);
    expect(crowd.indexOfChild('a', folderHash('a'), 'bc')).toBe(-1);
  });
});
