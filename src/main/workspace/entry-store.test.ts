import { describe, expect, it } from 'vitest';
import { EntryStore, type ListedEntry } from './entry-store';

const rows = (store: EntryStore): Array<[string, string, number]> => {
  const t = store.snapshot();
  return Array.from({ length: t.count }, (_, i) => [t.path(i), t.kind[i] === 1 ? 'file' : 'folder', t.size[i] as number]);
};

/** A store holding a few tracked entries, as the tracked table would. */
function trackedStore(): EntryStore {
  const store = new EntryStore();
  store.replaceAll([
    { path: 'src', kind: 'folder', size: -1, tracked: true },
    { path: 'src/a.ts', kind: 'file', size: 1, tracked: true },
    { path: 'src/b.ts', kind: 'file', size: 2, tracked: true },
  ]);
  return store;
}

/** What a walk of the store's entries does: rows the store knows as they are are kept, not returned. */
function walkAgain(store: EntryStore, listed: ListedEntry[]): { walk: ReturnType<EntryStore['startWalk']>; returned: ListedEntry[] } {
  const walk = store.startWalk();
  const returned: ListedEntry[] = [];
  for (const e of listed) {
    const cut = e.path.lastIndexOf('/');
    const row = store.rowOf(cut < 0 ? '' : e.path.slice(0, cut), e.path.slice(cut + 1));
    if (walk && row !== undefined && store.keep(walk, row, e.kind, e.size, e.tracked === true)) continue;
    returned.push({ ...e, row });
  }
  return { walk, returned };
}

const AGAIN: ListedEntry[] = [
  { path: 'src', kind: 'folder', size: -1, tracked: true },
  { path: 'src/a.ts', kind: 'file', size: 1, tracked: true },
  { path: 'src/b.ts', kind: 'file', size: 2, tracked: true },
];

describe('a walk over the store', () => {
  it('keeps the table itself when everything is listed again as it was, and extends it with what is new', () => {
    const store = trackedStore();
    const before = store.snapshot();
    const again = walkAgain(store, AGAIN);
    expect(again.returned).toEqual([]);
    store.replaceAll(again.returned, again.walk);
    expect(store.snapshot()).toBe(before);
    const more = walkAgain(store, [...AGAIN, { path: 'src/new.ts', kind: 'file', size: -1, tracked: false }]);
    expect(more.returned.map((e) => [e.path, e.row])).toEqual([['src/new.ts', -1]]);
    store.replaceAll(more.returned, more.walk);
    expect(rows(store)).toEqual([['src', 'folder', -1], ['src/a.ts', 'file', 1], ['src/b.ts', 'file', 2], ['src/new.ts', 'file', -1]]);
  });

  it('rebuilds when a row is gone, with the rows it kept, and remembers the gone one as tracked', () => {
    const store = trackedStore();
    const again = walkAgain(store, AGAIN.filter((e) => e.path !== 'src/b.ts'));
    store.replaceAll(again.returned, again.walk);
    expect(rows(store)).toEqual([['src', 'folder', -1], ['src/a.ts', 'file', 1]]);
    expect(store.trackedSize('src', 'b.ts')).toBe(2);
  });

  it('keeps nothing in a table that changed during the walk, and loses no kept row', () => {
    const store = trackedStore();
    const walk = store.startWalk();
    if (!walk) throw new Error('a store without held changes starts a walk');
    const row = store.rowOf('src', 'a.ts') as number;
    expect(store.keep(walk, row, 'file', 1, true)).toBe(true);
    // A change lands while the walk is on its way (a rescan): held apart from the table.
    store.set({ path: 'src/c.ts', kind: 'file', size: -1, tracked: false });
    expect(store.keep(walk, store.rowOf('src', 'b.ts') ?? 1, 'file', 2, true)).toBe(false);
    store.replaceAll([{ path: 'src', kind: 'folder', size: -1, tracked: true }, { path: 'src/b.ts', kind: 'file', size: 2, tracked: true }], walk);
    expect(rows(store)).toEqual([['src', 'folder', -1], ['src/a.ts', 'file', 1], ['src/b.ts', 'file', 2]]);
  });

  it('keeps no row by a number from a table made after the walk began', () => {
    const store = new EntryStore();
    store.replaceAll([{ path: 'a.ts', kind: 'file', size: 1, tracked: true }, { path: 'b.ts', kind: 'file', size: 1, tracked: true }]);
    const walk = store.startWalk();
    if (!walk) throw new Error('a store without held changes starts a walk');
    // a.ts is deleted and the change folded into a new table: b.ts is row 0 there, a.ts's number.
    store.delete('a.ts');
    store.snapshot();
    const row = store.rowOf('', 'b.ts') as number;
    expect(row).toBe(0);
    expect(store.keep(walk, row, 'file', 1, true)).toBe(false);
    store.replaceAll([{ path: 'b.ts', kind: 'file', size: 1, tracked: true, row }], walk);
    expect(rows(store)).toEqual([['b.ts', 'file', 1]]);
  });
});
