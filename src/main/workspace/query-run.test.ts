import { describe, expect, it } from 'vitest';
import { BENCH_QUERIES } from '../../../bench/generate-workspace';
import { benchSnapshot } from '../../../test-support/bench-paths';
import { EntryStore, type IndexSnapshot } from './entry-store';
import { BROAD_SEARCH_MIN, query } from './fuzzy-query';
import { NO_MATCH } from './fuzzy-score';
import { parse, queryBonus, scoreEntry, type Match } from './ranking';
import { startQuery } from './query-run';

/** A deterministic generator (an LCG), so every run asks the same queries. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const shown = (ms: Match[]): string[] => ms.map((m) => `${m.score} ${m.path} ${m.ranges.join(',')}`);

/** Runs `run` to its end in the smallest slices (one clock check each); returns the slices taken. */
function finish(run: ReturnType<typeof startQuery>): number {
  let slices = 1;
  while (!run.step(0)) slices++;
  return slices;
}

/** Random queries made from the snapshot's own paths: subsequences, capitals, two terms, slashes. */
function randomQueries(snapshot: IndexSnapshot, count: number): string[] {
  const rnd = seeded(27);
  const out: string[] = [];
  while (out.length < count) {
    const path = snapshot.path(Math.floor(rnd() * snapshot.count));
    let text = '';
    const want = 2 + Math.floor(rnd() * 8);
    for (let at = Math.floor(rnd() * path.length); at < path.length && text.length < want; at += 1 + Math.floor(rnd() * 3)) text += path[at];
    const roll = rnd();
    if (roll < 0.15) text = text.slice(0, 1).toUpperCase() + text.slice(1);
    else if (roll < 0.3 && text.length > 3) text = `${text.slice(0, 2)} ${text.slice(2)}`;
    else if (roll < 0.4) text = `${path.split('/')[0]?.slice(0, 3) ?? ''}/${text}`;
    if (text.trim()) out.push(text);
  }
  return out;
}

describe('a query answered in slices', () => {
  const snapshot = benchSnapshot(12_000);

  it('ends, key by key, with exactly the answer query gives, whatever the slicing and abandoned runs', () => {
    // Large enough for the broad search, whose scan is the one cut into slices.
    expect(snapshot.count).toBeGreaterThan(BROAD_SEARCH_MIN);
    const rnd = seeded(5);
    const texts = [...BENCH_QUERIES.map((q) => q.text), ...randomQueries(snapshot, 120)];
    let sliced = 0;
    let abandoned = 0;
    for (const text of texts) {
      const old = { snapshot: () => snapshot };
      const typing = { snapshot: () => snapshot };
      for (let k = 1; k <= text.length; k++) {
        const typed = text.slice(0, k);
        const want = query(old, typed, { limit: 50 });
        // Budget 0: one clock check each, so the slicing does not depend on the machine's speed.
        const run = startQuery(typing, typed, { limit: 50 }, 0);
        // A newer keystroke drops the run now and then, half done, as the worker does.
        if (k < text.length && run.final === null && rnd() < 0.3) {
          run.step(0);
          abandoned++;
          continue;
        }
        if (finish(run) > 1) sliced++;
        expect(shown(run.final ?? []), typed).toEqual(shown(want));
      }
    }
    // The test could not fail on slicing if nothing was sliced or abandoned.
    expect(sliced).toBeGreaterThan(50);
    expect(abandoned).toBeGreaterThan(10);
  });

  it('searches only the entries within, when given: as the same query on a table of those entries alone', () => {
    // The warm-up's way (warm-search.ts): a sample of a large index. Every third entry of a larger
    // workspace, so that the table of those entries alone is large enough for the broad search too.
    const large = benchSnapshot(30_000);
    const within = Int32Array.from({ length: Math.floor(large.count / 3) }, (_, k) => 3 * k);
    const store = new EntryStore();
    store.replaceAll(Array.from(within, (i) => large.entry(i)));
    const alone = store.snapshot();
    expect(alone.count).toBeGreaterThan(BROAD_SEARCH_MIN);
    const members = new Set(Array.from(within, (i) => large.path(i)));
    let sliced = 0;
    for (const text of BENCH_QUERIES.map((q) => q.text)) {
      const typing = { snapshot: () => large };
      const asked = { snapshot: () => alone };
      for (let k = 1; k <= text.length; k++) {
        const typed = text.slice(0, k);
        const run = startQuery(typing, typed, { limit: 50 }, 0, within);
        for (const row of run.first) expect(members.has(row.path), `${typed}: ${row.path}`).toBe(true);
        if (finish(run) > 1) sliced++;
        expect(shown(run.final ?? []), typed).toEqual(shown(query(asked, typed, { limit: 50 })));
      }
    }
    expect(sliced).toBeGreaterThan(20);
  });

  it('shows first rows that are real matches with their exact scores, the name-prefix rows first', () => {
    let compared = 0;
    const indexOf = new Map<string, number>();
    for (let i = 0; i < snapshot.count; i++) indexOf.set(snapshot.path(i), i);
    for (const text of [...BENCH_QUERIES.map((q) => q.text), ...randomQueries(snapshot, 60)]) {
      for (let k = 1; k <= text.length; k++) {
        const typed = text.slice(0, k);
        const run = startQuery({ snapshot: () => snapshot }, typed, { limit: 50 }, 0);
        finish(run);
        const final = run.final ?? [];
        // Every first row is a match, with its exact score (the full alignment and name bonus).
        const p = parse(typed, undefined);
        for (const row of run.first) {
          const i = indexOf.get(row.path) as number;
          expect(row.score, `${typed}: ${row.path}`).toBe(scoreEntry(snapshot, i, p, queryBonus(snapshot, i, p)));
          expect(row.score, `${typed}: ${row.path}`).not.toBe(NO_MATCH);
        }
        // The first rows whose basename starts with a single plain term are the final's first rows.
        if (typed.includes(' ') || typed.includes('/')) continue;
        const lower = typed.toLowerCase();
        const opens = (m: Match): boolean => (m.path.slice(m.path.lastIndexOf('/') + 1).toLowerCase()).startsWith(lower);
        const sure = run.first.filter(opens);
        if (sure.length === 0 || typed !== lower) continue;
        expect(shown(final.slice(0, sure.length)), typed).toEqual(shown(sure));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
