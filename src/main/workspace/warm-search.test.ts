import { describe, expect, it } from 'vitest';
import { benchSnapshot } from '../../../test-support/bench-paths';
import { seededRandom } from '../../../test-support/prng';
import { EntryStore, type IndexSnapshot } from './entry-store';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';
import { WARM_SAMPLE, warmSearch, warmSteps } from './warm-search';

/** Queries typed key by key: pieces of random paths of the snapshot, some with a capital, some with two terms. */
function typedQueries(snapshot: IndexSnapshot, seed: number, count: number): string[] {
  const rnd = seededRandom(seed);
  const queries: string[] = [];
  for (let q = 0; q < count; q++) {
    const path = snapshot.path(Math.floor(rnd() * snapshot.count));
    const from = Math.floor(rnd() * Math.max(1, path.length - 4));
    let text = path.slice(from, from + 2 + Math.floor(rnd() * 8)).replace(/^[\s/]+/, '');
    if (rnd() < 0.2) text = text.charAt(0).toUpperCase() + text.slice(1);
    if (rnd() < 0.2) text = `${text} ${path.slice(-3)}`;
    if (text.trim()) queries.push(text);
  }
  return queries;
}

/** Every keystroke's top 50 of `queries`, typed key by key on one searcher each. */
function typedAnswers(snapshot: IndexSnapshot, queries: readonly string[]): string[][] {
  const answers: string[][] = [];
  for (const text of queries) {
    const typing = { snapshot: () => snapshot };
    for (let k = 1; k <= text.length; k++) answers.push(query(typing, text.slice(0, k), { limit: 50 }).map((m) => `${m.score} ${m.path}`));
  }
  return answers;
}

describe('warming the search', () => {
  // Two snapshots of the same paths: one warmed, one never searched before its answers are taken.
  it.each([
    ['a large index (broad and short searches, a sample)', 14_000],
    ['a small index (exact search, every entry)', 400],
  ])('leaves every answer as it was on %s', (_name, files) => {
    const warmed = benchSnapshot(files);
    const cold = benchSnapshot(files);
    expect(warmed.count > BROAD_SEARCH_MIN).toBe(files > 10_000);
    expect(warmed.count > WARM_SAMPLE).toBe(files > 10_000);
    const queries = typedQueries(cold, files, 40);
    const expected = typedAnswers(cold, queries);
    warmSearch(warmed);
    expect(typedAnswers(warmed, queries)).toEqual(expected);
  });

  it('runs in steps of one keystroke, the tables first, and searches words of the index itself', () => {
    const snapshot = benchSnapshot(12_000);
    const steps = [...warmSteps(snapshot)];
    // The tables, then at least three words typed key by key, then dropping the memos.
    expect(steps.length).toBeGreaterThan(3 * 3 + 2);
    for (const step of steps) step();
    // A query after the warm-up answers as one on a snapshot never warmed.
    const fresh = benchSnapshot(12_000);
    expect(query(snapshot, 'package', { limit: 20 })).toEqual(query(fresh, 'package', { limit: 20 }));
  });

  it('does nothing on an empty index', () => {
    const store = new EntryStore();
    store.replaceAll([]);
    expect(() => warmSearch(store.snapshot())).not.toThrow();
  });
});
