import { describe, expect, it } from 'vitest';
import { BENCH_QUERIES, workspacePaths } from '../../../bench/generate-workspace';
import { EntryStore, type WorkspaceEntry } from './entry-store';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';

/** The bench's generated workspace, smaller (its paths are built in memory, nothing is written). */
function benchStore(files: number): EntryStore {
  const entries = new Map<string, WorkspaceEntry>();
  for (const file of workspacePaths(files)) {
    entries.set(file, { path: file, kind: 'file', size: 1 });
    for (let cut = file.lastIndexOf('/'); cut > 0; cut = file.lastIndexOf('/', cut - 1)) entries.set(file.slice(0, cut), { path: file.slice(0, cut), kind: 'folder', size: -1 });
  }
  const store = new EntryStore();
  store.replaceAll(entries.values());
  return store;
}

describe('typing a query', () => {
  it('gives, on every keystroke, the top 50 the same query asked cold gives, ties included', () => {
    const snapshot = benchStore(12_000).snapshot();
    // Large enough that keystrokes narrow from thousands of candidates, under and over the size
    // that once chose the exact search for the narrowed ones.
    expect(snapshot.count).toBeGreaterThan(BROAD_SEARCH_MIN);
    for (const { text } of BENCH_QUERIES) {
      const typing = { snapshot: () => snapshot };
      for (let k = 1; k <= text.length; k++) {
        const typed = query(typing, text.slice(0, k), { limit: 50 }).map((m) => `${m.score} ${m.path}`);
        // A new source object each time: nothing narrowed from an earlier query.
        const cold = query({ snapshot: () => snapshot }, text.slice(0, k), { limit: 50 }).map((m) => `${m.score} ${m.path}`);
        expect(typed, text.slice(0, k)).toEqual(cold);
      }
    }
  });
});
