import { describe, expect, it } from 'vitest';
import { BENCH_QUERIES } from '../../../bench/generate-workspace';
import { benchSnapshot } from '../../../test-support/bench-paths';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';

describe('typing a query', () => {
  it('gives, on every keystroke, the top 50 the same query asked cold gives, ties included', () => {
    const snapshot = benchSnapshot(12_000);
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
