import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/prng';
import { EntryStore, type WorkspaceEntry } from './entry-store';
import { better, sortRanked, type Ranked } from './ranking';

/** Paths whose tie-breaks are equal or differ in each field, some past the column's caps (a stem over 255, a path over 8191). */
function tiedEntries(): WorkspaceEntry[] {
  const entries: WorkspaceEntry[] = [];
  const deep = `${'d'.repeat(8200)}`;
  for (const folder of ['a', 'b', 'ab', 'src/x', deep]) {
    for (const name of ['index.ts', 'index.js', 'main.ts', 'Index.ts', 'a.b.c', 'x', `${'s'.repeat(300)}.ts`, `${'s'.repeat(301)}.ts`, 'é.ts', 'e.ts']) {
      entries.push({ path: `${folder}/${name}`, kind: 'file', size: 1 });
    }
    entries.push({ path: folder, kind: 'folder', size: -1 });
    entries.push({ path: `${folder}/index`, kind: 'folder', size: -1 });
  }
  return entries;
}

describe('sortRanked', () => {
  it('orders entries exactly as better does, scores tied, tie-break fields equal, differing or capped', () => {
    const store = new EntryStore();
    store.replaceAll(tiedEntries());
    const t = store.snapshot();
    const rnd = seededRandom(27);
    for (let round = 0; round < 200; round++) {
      const rows: Ranked[] = [];
      for (let i = 0; i < t.count; i++) if (rnd() < 0.6) rows.push({ i, s: [10, 20, 20, 30][Math.floor(rnd() * 4)] as number });
      const expected = [...rows].sort((a, b) => (better(t, a.i, a.s, b.i, b.s) ? -1 : better(t, b.i, b.s, a.i, a.s) ? 1 : 0));
      sortRanked(t, rows);
      expect(rows.map((r) => t.path(r.i))).toEqual(expected.map((r) => t.path(r.i)));
    }
  });
});
