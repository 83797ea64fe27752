/**
 * A completion query answered twice: first rows at once, then the final answer after the rest of
 * the work, done in slices that the caller spreads over idle time (issue 27).
 *
 * The slow keystrokes of a large index are the broad ones (the fourth to sixth characters of a
 * term, where most entries pass the character masks and each needs its tier-1 score). No pass over
 * every entry fits a frame at 300,000 entries, so such a query answers first with what it can rank
 * within a small budget:
 * - the rows whose basename starts with the term: they outscore every other entry, so they are
 *   the final answer's first rows (`sure`);
 * - then the best of a sample scanned within the budget: the rows the last keystroke on the same
 *   searcher showed, when the query extends it (typing on keeps most of them), then the
 *   shallowest entries (the prior order), which are what a short or early query usually means.
 * The full scan then runs in slices (`step`), exactly as `query` runs it in one go, so the final
 * answer is `query`'s own (a random test compares them). A caller that starts a newer query drops
 * this one; nothing it did half-way is shared (broad-search.ts keeps its memos to itself until it
 * finishes).
 *
 * Every other query (short, exact on a small index, or one the name-prefix rows fill) is answered
 * whole at once: its first rows are final.
 */
import { TwoTierScan } from './broad-search';
import { beginQuery, snapshotOf, type QueryOptions, type Searchable } from './fuzzy-query';
import type { IndexSnapshot } from './entry-store';
import { sortRanked, toMatch, type Match, type Ranked } from './ranking';
import { priorOrder } from './short-search';

/** How long the first rows may take to compute (the real scan, then the sample), in ms. */
export const FIRST_ROWS_BUDGET_MS = 3;
/** Most entries of the prior order in the sample. */
const SAMPLE_ENTRIES = 16_384;
/**
 * The sample takes at most this share of the index's entries: on a small index (17,000 entries at
 * 10,000 files) a sample of 16,384 was nearly the whole scan again, and the first rows of a key the
 * real scan could not finish in its half of the budget cost the whole budget (issue 27).
 */
const SAMPLE_SHARE = 8;

/** The rows last shown on each searcher: its first rows, then its final ones once there. */
const shownLast = new WeakMap<object, { snapshot: IndexSnapshot; text: string; rows: Int32Array }>();

/**
 * The entries of the sample: the rows shown for a query that `text` extends, then the prior order
 * (or the entries `within`, when the query searches only those).
 */
function sampleOf(t: IndexSnapshot, key: object, text: string, within: Int32Array | null): Int32Array {
  const order = within ?? priorOrder(t);
  const last = shownLast.get(key);
  const kept = last && last.snapshot === t && text.startsWith(last.text) ? last.rows : new Int32Array(0);
  const sample = new Int32Array(Math.min(Math.ceil(order.length / SAMPLE_SHARE), SAMPLE_ENTRIES) + kept.length);
  sample.set(kept);
  const seen = new Set(kept);
  let n = kept.length;
  for (let c = 0; c < order.length && n < sample.length; c++) if (!seen.has(order[c] as number)) sample[n++] = order[c] as number;
  return sample.subarray(0, n);
}

/** Records the rows shown for `text` on `key`, offered to its next keystroke's sample. */
function remember(t: IndexSnapshot, key: object, text: string, rows: readonly Ranked[]): void {
  shownLast.set(key, { snapshot: t, text, rows: Int32Array.from(rows, (r) => r.i) });
}

/** A query under way; see the module comment. */
export interface QueryRun {
  /** The rows to show at once, best first. */
  readonly first: Match[];
  /** The final answer (equal to `query`'s) once {@link step} returned true; null before. */
  readonly final: Match[] | null;
  /** Works on until about `budgetMs` have passed; true once the final answer is there. */
  step(budgetMs: number): boolean;
}

/**
 * Starts `text` on `index` (see the module comment). `firstBudgetMs` bounds the first rows: half
 * for the real scan (the answer is final at once when it ends there), the rest for the sample.
 * `within`: the entries searched, when not every entry (the warm-up's sample, warm-search.ts).
 */
export function startQuery(index: Searchable, text: string, options: QueryOptions = {}, firstBudgetMs = FIRST_ROWS_BUDGET_MS, within: Int32Array | null = null): QueryRun {
  const begun = beginQuery(index, text, options, within);
  if ('matches' in begun) {
    remember(snapshotOf(index), index, text, begun.top);
    return { first: begun.matches, final: begun.matches, step: () => true };
  }
  const { snapshot: t, parsed: p, limit, scan, sure } = begun;
  // Half the budget on the real scan first: on a small index (or a narrowed list) it ends there,
  // and the answer is final at once, without a sample that would repeat most of its work.
  const started = performance.now();
  if (scan.run(started + firstBudgetMs / 2)) {
    const settled = begun.settle();
    remember(t, index, text, settled.top);
    return { first: settled.matches, final: settled.matches, step: () => true };
  }
  // The sample shares the real scan's folder memos: both run on this thread, one at a time, and
  // a memo's cells depend only on the term, not on which entries asked for them.
  const sample = new TwoTierScan(t, sampleOf(t, index, text, within), p, limit, limit, scan.memos);
  sample.run(started + firstBudgetMs);
  const rows: Ranked[] = [...sure];
  const taken = new Set(sure.map((r) => r.i));
  for (const r of sample.finish().top) {
    if (rows.length >= limit) break;
    if (!taken.has(r.i)) rows.push(r);
  }
  // The sure rows outscore the rest; the sample's are ranked among themselves as the final are.
  sortRanked(t, rows);
  const first = rows.map(({ i, s }) => toMatch(t, i, s, p));
  remember(t, index, text, rows);
  let final: Match[] | null = null;
  return {
    first,
    get final() {
      return final;
    },
    step(budgetMs: number): boolean {
      if (final) return true;
      if (!scan.run(performance.now() + budgetMs)) return false;
      const settled = begun.settle();
      remember(t, index, text, settled.top);
      final = settled.matches;
      return true;
    },
  };
}
