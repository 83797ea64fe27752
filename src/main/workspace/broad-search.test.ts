import { describe, expect, it } from 'vitest';
import { MEMO_CELLS, searchBroad } from './broad-search';
import { buildColumns } from './entry-columns';
import { EntryStore, type IndexedEntry, type IndexSnapshot, type WorkspaceEntry } from './entry-store';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';
import { NO_MATCH } from './fuzzy-score';
import { better, parse, queryBonus, scoreEntry, stemLength } from './ranking';

/** A deterministic generator (an LCG), so every run searches the same workspace. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const PACKAGES = ['editor', 'core', 'auth', 'ui', 'search', 'db', 'billing', 'charts', 'maps', 'media', 'chat', 'admin'];
const AREAS = ['components', 'hooks', 'utils', 'services', 'store', 'api', 'models', 'views', 'lib', 'panels'];
const WORDS = ['User', 'Profile', 'Card', 'List', 'Item', 'Button', 'Modal', 'Settings', 'Panel', 'Query',
  'Result', 'Table', 'Row', 'Header', 'Footer', 'Menu', 'Dialog', 'Form', 'Field', 'Input', 'Token', 'Cache'];
const EXTENSIONS = ['.ts', '.tsx', '.test.ts', '.css', '.md'];

/** About 13,000 files plus their folders: enough that a cold query takes the broad search. */
function workspace(): EntryStore {
  const rnd = seeded(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const entries = new Map<string, WorkspaceEntry>();
  const add = (file: string): void => {
    entries.set(file, { path: file, kind: 'file', size: 1 });
    for (let cut = file.lastIndexOf('/'); cut > 0; cut = file.lastIndexOf('/', cut - 1)) {
      entries.set(file.slice(0, cut), { path: file.slice(0, cut), kind: 'folder', size: -1 });
    }
  };
  for (const file of ['package.json', 'README.md', 'tsconfig.json', '.github/workflows/ci.yml', 'secret/keys.pem']) add(file);
  while (entries.size < BROAD_SEARCH_MIN + 3000) {
    const folder = `packages/${pick(PACKAGES)}/src/${pick(AREAS)}/${pick(WORDS).toLowerCase()}${Math.floor(rnd() * 4)}`;
    add(`${folder}/${pick(WORDS)}${pick(WORDS)}${pick(EXTENSIONS)}`);
  }
  const store = new EntryStore((p) => p.startsWith('secret'));
  store.replaceAll(entries.values());
  return store;
}

/** The exact answer, by brute force: every entry aligned exactly and sorted as the search sorts. */
function reference(snapshot: IndexSnapshot, text: string, limit: number, kinds?: Array<'file' | 'folder'>): Array<{ path: string; score: number }> {
  const p = parse(text, kinds);
  const all: Array<{ e: IndexedEntry; s: number }> = [];
  for (const e of snapshot.entries) {
    if (!((p.kinds & (e.kind === 'file' ? 1 : 2)) !== 0 && snapshot.isVisible(e))) continue;
    const s = scoreEntry(e, p, queryBonus(e, p));
    if (s !== NO_MATCH) all.push({ e, s });
  }
  all.sort((a, b) => (better(a.e, a.s, b.e, b.s) ? -1 : better(b.e, b.s, a.e, a.s) ? 1 : 0));
  return all.slice(0, limit).map(({ e, s }) => ({ path: e.path, score: s }));
}

/** The broad search itself (query() sends one- to three-character queries to short-search.ts instead). */
function found(snapshot: IndexSnapshot, text: string, limit: number, kinds?: Array<'file' | 'folder'>): Array<{ path: string; score: number }> {
  return searchBroad(snapshot, null, parse(text, kinds), limit).top.map(({ e, s }) => ({ path: e.path, score: s }));
}

describe('broad search', () => {
  const store = workspace();
  const snapshot = store.snapshot();

  it('is what a large workspace takes (more entries than the exact search handles)', () => {
    expect(snapshot.entries.length).toBeGreaterThan(BROAD_SEARCH_MIN);
  });

  it('equals the exact answer when few entries match', () => {
    // Each matches fewer entries than tier 2 aligns, so nothing may differ from brute force.
    // The last, a whole path without its slashes, is long enough that folders share memo slots
    // (see MEMO_CELLS in broad-search.ts).
    const files = snapshot.entries.filter((e) => e.kind === 'file');
    const file = files.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    const long = file.lower.replace(/\//g, '');
    expect(long.length).toBeGreaterThan(50);
    expect(buildColumns(snapshot.entries).folders * (long.length + 1)).toBeGreaterThan(MEMO_CELLS);
    for (const text of ['readme', 'ci.yml', 'tsconfig', 'cachetoken', 'Settings', 'profile modal', 'UserCard.test', long]) {
      const exact = reference(snapshot, text, 20);
      expect(exact.length).toBeGreaterThan(0);
      expect(found(snapshot, text, 20), text).toEqual(exact);
    }
  });

  it('puts the best match first on queries nearly every path matches, with exact scores, sorted', () => {
    for (const text of ['pac', 'ts', 'src', 'rea', 'ci', 'Se', 'ui']) {
      const exact = reference(snapshot, text, 50);
      const got = found(snapshot, text, 50);
      expect(got.length, text).toBe(50);
      expect(got[0], text).toEqual(exact[0]);
      const p = parse(text, undefined);
      const byPath = new Map(snapshot.entries.map((e) => [e.path, e]));
      for (let i = 0; i < got.length; i++) {
        const e = byPath.get((got[i] as { path: string }).path) as IndexedEntry;
        expect((got[i] as { score: number }).score, `${text}: ${e.path}`).toBe(scoreEntry(e, p, queryBonus(e, p)));
        if (i > 0) {
          const prev = byPath.get((got[i - 1] as { path: string }).path) as IndexedEntry;
          expect(better(e, (got[i] as { score: number }).score, prev, (got[i - 1] as { score: number }).score), `${text}: order at ${i}`).toBe(false);
        }
      }
    }
  });

  it('keeps every match as a candidate for the next keystroke', () => {
    for (const text of ['pac', 'rea', 'src', 'ts', 'cmp', 'Us']) {
      const p = parse(text, undefined);
      const survivors = new Set(searchBroad(snapshot, null, p, 50).survivors);
      const missed = snapshot.entries.filter((e, i) => scoreEntry(e, p, 0) !== NO_MATCH && !survivors.has(i));
      expect(missed.map((e) => e.path), text).toEqual([]);
    }
  });

  it('finds the best of thousands of equal scores, listed last (the bound that skips tier 1 is tight)', () => {
    const files = Array.from({ length: BROAD_SEARCH_MIN + 500 }, (_, i) => `src/component-number-${i}.ts`);
    const tied = new EntryStore();
    tied.replaceAll([...files, 'zz/ab.ts'].map((path) => ({ path, kind: 'file' as const, size: 1 })));
    const best = reference(tied.snapshot(), 'ts', 5);
    expect(best[0]?.path).toBe('zz/ab.ts');
    expect(found(tied.snapshot(), 'ts', 5)).toEqual(best);
  });

  it('filters kinds and honours case, as the exact search does', () => {
    expect(found(snapshot, 'hooks', 5, ['folder'])).toEqual(reference(snapshot, 'hooks', 5, ['folder']));
    const upper = found(snapshot, 'Pa', 30);
    expect(upper.length).toBeGreaterThan(0);
    for (const m of upper) expect(m.path).toMatch(/P[^]*a/);
  });

  it('never returns hidden entries', () => {
    expect(found(snapshot, 'keys', 10).map((m) => m.path)).not.toContain('secret/keys.pem');
    expect(found(snapshot, 's', 50).map((m) => m.path).filter((p) => p.startsWith('secret'))).toEqual([]);
  });

  it('gives the same answers keystroke by keystroke as asked cold', () => {
    for (const text of ['package.json', 'readme', 'userc', 'src/comp']) {
      const typing = workspace();
      for (let k = 1; k <= text.length; k++) {
        const typed = query(typing, text.slice(0, k), { limit: 20 }).map((m) => m.path);
        expect(typed, text.slice(0, k)).toEqual(query(typing.snapshot(), text.slice(0, k), { limit: 20 }).map((m) => m.path));
      }
    }
  });
});

describe('entry columns', () => {
  it('numbers folder parts so that equal ids mean equal folders, and folds the tie-breaks in order', () => {
    const entries = workspace().snapshot().entries;
    const columns = buildColumns(entries);
    const idOf = new Map<string, number>();
    entries.forEach((e, i) => {
      const folder = e.path.slice(0, e.baseStart);
      const id = columns.folder[i] as number;
      expect(idOf.get(folder) ?? id, folder).toBe(id);
      idOf.set(folder, id);
      expect(columns.baseStart[i]).toBe(e.baseStart);
      expect(columns.firstLower[i]).toBe(e.lower.charCodeAt(e.baseStart));
    });
    expect(new Set(idOf.values()).size).toBe(idOf.size);
    expect(columns.folders).toBe(idOf.size);
    // A shorter stem is preferred, whatever the path lengths.
    const a = entries.findIndex((e) => stemLength(e) === 3);
    const b = entries.findIndex((e) => stemLength(e) > 10);
    expect(columns.tie[a] as number).toBeLessThan(columns.tie[b] as number);
  });
});
