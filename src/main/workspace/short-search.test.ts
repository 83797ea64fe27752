import { describe, expect, it } from 'vitest';
import { EntryStore, type WorkspaceEntry } from './entry-store';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';
import { NO_MATCH } from './fuzzy-score';
import { parse, queryBonus, scoreEntry } from './ranking';
import { priorOrder, searchShort } from './short-search';

/** A workspace larger than the exact search handles: deep generated files plus a few shallow ones. */
function workspace(): EntryStore {
  const entries = new Map<string, WorkspaceEntry>();
  const add = (file: string): void => {
    entries.set(file, { path: file, kind: 'file', size: 1 });
    for (let cut = file.lastIndexOf('/'); cut > 0; cut = file.lastIndexOf('/', cut - 1)) entries.set(file.slice(0, cut), { path: file.slice(0, cut), kind: 'folder', size: -1 });
  };
  for (const f of ['README.md', 'package.json', 'src/main.ts', 'secret/keys.pem', 'docs/setup.md']) add(f);
  for (let i = 0; entries.size < BROAD_SEARCH_MIN + 2000; i++) add(`packages/p${i % 40}/src/area${i % 7}/module${i}/file${i}.ts`);
  const store = new EntryStore((p) => p.startsWith('secret'));
  store.replaceAll(entries.values());
  return store;
}

describe('short queries on a large index', () => {
  const snapshot = workspace().snapshot();

  it('puts basenames that start with the term first, then the shallowest matches', () => {
    const got = query(snapshot, 'sr', { limit: 10 }).map((m) => m.path);
    expect(got[0]).toBe('src'); // the only basename starting with `sr`
    // After the prefixed ones, each result is at most as deep as the next.
    const depth = (p: string): number => p.split('/').length;
    for (let i = 2; i < got.length; i++) expect(depth(got[i - 1] as string)).toBeLessThanOrEqual(depth(got[i] as string));
  });

  it('returns only real, visible matches with their exact scores', () => {
    for (const text of ['s', 'se', 'sec', 'ts', 'md', 'Pa', 'x']) {
      const p = parse(text, undefined);
      for (const m of query(snapshot, text, { limit: 50 })) {
        const e = snapshot.indexOf(m.path);
        expect(e >= 0 && snapshot.isVisible(e), `${text}: ${m.path}`).toBe(true);
        expect(m.score, `${text}: ${m.path}`).toBe(scoreEntry(snapshot, e, p, queryBonus(snapshot, e, p)));
        expect(m.score).not.toBe(NO_MATCH);
      }
    }
  });

  it('keeps every match as a candidate, so the next keystroke loses nothing', () => {
    for (const text of ['p', 'sr', 'mod', 'Pa']) {
      const p = parse(text, undefined);
      const survivors = new Set(searchShort(snapshot, null, p, 20).survivors);
      const missed = Array.from({ length: snapshot.count }, (_, i) => i).filter((i) => scoreEntry(snapshot, i, p, 0) !== NO_MATCH && !survivors.has(i));
      expect(missed.map((i) => snapshot.path(i)), text).toEqual([]);
    }
    // Typed keystroke by keystroke (narrowed) equals the same query asked cold.
    const typing = { snapshot: () => snapshot };
    for (const k of ['m', 'mo', 'mod', 'modu', 'modul', 'module1']) {
      expect(query(typing, k, { limit: 20 }).map((m) => m.path), k).toEqual(query(snapshot, k, { limit: 20 }).map((m) => m.path));
    }
  });

  it('ranks by the prior: fewer folders first', () => {
    const order = priorOrder(snapshot);
    const depth = (i: number): number => snapshot.path(i).split('/').length;
    for (let i = 1; i < order.length; i++) expect(depth(order[i - 1]!)).toBeLessThanOrEqual(depth(order[i]!));
  });
});
