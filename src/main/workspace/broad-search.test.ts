import { describe, expect, it } from 'vitest';
import { MEMO_CELLS, searchBroad } from './broad-search';
import { EntryStore, type IndexSnapshot, type WorkspaceEntry } from './entry-store';
import { FILE } from './entry-table';
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
  const all: Array<{ i: number; s: number }> = [];
  for (let i = 0; i < snapshot.count; i++) {
    if (!((p.kinds & (snapshot.kind[i] as number)) !== 0 && snapshot.isVisible(i))) continue;
    const s = scoreEntry(snapshot, i, p, queryBonus(snapshot, i, p));
    if (s !== NO_MATCH) all.push({ i, s });
  }
  all.sort((a, b) => (better(snapshot, a.i, a.s, b.i, b.s) ? -1 : better(snapshot, b.i, b.s, a.i, a.s) ? 1 : 0));
  return all.slice(0, limit).map(({ i, s }) => ({ path: snapshot.path(i), score: s }));
}

/** The broad search itself (query() sends one- to three-character queries to short-search.ts instead). */
function found(snapshot: IndexSnapshot, text: string, limit: number, kinds?: Array<'file' | 'folder'>): Array<{ path: string; score: number }> {
  return searchBroad(snapshot, null, parse(text, kinds), limit).top.map(({ i, s }) => ({ path: snapshot.path(i), score: s }));
}

describe('broad search', () => {
  const store = workspace();
  const snapshot = store.snapshot();

  it('is what a large workspace takes (more entries than the exact search handles)', () => {
    expect(snapshot.count).toBeGreaterThan(BROAD_SEARCH_MIN);
  });

  it('equals the exact answer when few entries match', () => {
    // Each matches fewer entries than tier 2 aligns, so nothing may differ from brute force.
    // The last, a whole path without its slashes, is long enough that folders share memo slots
    // (see MEMO_CELLS in broad-search.ts).
    const files = paths(snapshot).filter((_, i) => snapshot.kind[i] === FILE);
    const file = files.reduce((a, b) => (b.length > a.length ? b : a));
    const long = file.toLowerCase().replace(/\//g, '');
    expect(long.length).toBeGreaterThan(50);
    expect(snapshot.folders * (long.length + 1)).toBeGreaterThan(MEMO_CELLS);
    // Terms that run across several folder names (the folder cells build on their parents' cells,
    // see folder-tree.ts), with and without the slashes between them.
    const across = files.filter((f) => f.startsWith('packages/')).slice(0, 3).flatMap((f) => {
      const [, pkg, , area, word] = f.split('/') as string[];
      return [`${pkg}${area}${word}`, `src/${area}/${word}`, `${pkg}/src/${area}`];
    });
    for (const text of ['readme', 'ci.yml', 'tsconfig', 'cachetoken', 'Settings', 'profile modal', 'UserCard.test', 'ModalQ', 'Query Result', ...across, long]) {
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
      for (let k = 0; k < got.length; k++) {
        const e = snapshot.indexOf((got[k] as { path: string }).path);
        expect((got[k] as { score: number }).score, `${text}: ${snapshot.path(e)}`).toBe(scoreEntry(snapshot, e, p, queryBonus(snapshot, e, p)));
        if (k > 0) {
          const prev = snapshot.indexOf((got[k - 1] as { path: string }).path);
          expect(better(snapshot, e, (got[k] as { score: number }).score, prev, (got[k - 1] as { score: number }).score), `${text}: order at ${k}`).toBe(false);
        }
      }
    }
  });

  it('keeps every match as a candidate for the next keystroke', () => {
    // With capitals (smart case): only the paths that hold them are searched (upper-masks.ts).
    for (const text of ['pac', 'rea', 'src', 'ts', 'cmp', 'Us', 'UserC', 'CardP', 'hooksM']) {
      const p = parse(text, undefined);
      const survivors = new Set(searchBroad(snapshot, null, p, 50).survivors);
      const missed = paths(snapshot).filter((_, i) => scoreEntry(snapshot, i, p, 0) !== NO_MATCH && !survivors.has(i));
      expect(missed, text).toEqual([]);
      // And no path without one of the query's capitals is kept for the next keystroke.
      const capitals = [...text].filter((ch) => ch >= 'A' && ch <= 'Z');
      const stray = [...survivors].filter((i) => capitals.some((ch) => !snapshot.path(i).includes(ch)));
      expect(stray, text).toEqual([]);
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

describe('entry table', () => {
  it('numbers folder parts so that equal ids mean equal folders, and folds the tie-breaks in order', () => {
    const t = workspace().snapshot();
    const idOf = new Map<string, number>();
    paths(t).forEach((path, i) => {
      const base = path.lastIndexOf('/') + 1;
      const folder = path.slice(0, base);
      const id = t.folder[i] as number;
      expect(idOf.get(folder) ?? id, folder).toBe(id);
      idOf.set(folder, id);
      expect((t.baseStart[i] as number) - (t.start[i] as number)).toBe(base);
      expect(t.firstLower[i]).toBe(path.toLowerCase().charCodeAt(base));
      expect(t.indexOf(path)).toBe(i);
    });
    expect(t.indexOf('no/such/path')).toBe(-1);
    expect(new Set(idOf.values()).size).toBe(idOf.size);
    expect(t.folders).toBe(idOf.size);
    // A shorter stem is preferred, whatever the path lengths.
    const a = paths(t).findIndex((_, i) => stemLength(t, i) === 3);
    const b = paths(t).findIndex((_, i) => stemLength(t, i) > 10);
    expect(t.tie[a] as number).toBeLessThan(t.tie[b] as number);
  });
});

/** Every path of a snapshot, in table order. */
function paths(t: IndexSnapshot): string[] {
  return Array.from({ length: t.count }, (_, i) => t.path(i));
}
