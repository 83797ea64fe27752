/**
 * Readies the search for the first keystroke: the tables (prepareSearch), then the search code
 * itself. V8 compiles a function to fast code only after it has run a while, and it drops that
 * code, and the bytecode, of functions that did not run during the last few major collections:
 * building or updating an index collects many times. So after each build the first keys a person
 * typed ran interpreted, 10 to 40 times slower than the same keys a second time (on the 10k bench
 * workspace, the slowest keystrokes were all first ones; issue 27).
 *
 * Here every path of the search runs once over a sample of the entries, while nobody waits: words
 * taken from the snapshot's own basenames typed key by key (the short search, the name-prefix
 * answer, the broad search narrowing keystroke after keystroke), with a capital (the case-sensitive
 * masks), as two terms, and with a folder and `/`, each key answered as the worker answers one
 * (query-run.ts: first rows with their highlights, the sample, the slices to the final answer).
 * The sample bounds the cost on a large index. Nothing is kept: the searches' memos of these
 * queries are dropped, so answers and memory after the warm-up are what they were without it.
 */
import type { IndexSnapshot } from './entry-store';
import { forgetMemos } from './broad-search';
import { FILE } from './entry-table';
import { FIRST_ROWS_BUDGET_MS, startQuery } from './query-run';
import { prepareSearch } from './short-search';

/** Entries the warm-up searches at most: a few milliseconds of work on any index. */
export const WARM_SAMPLE = 1024;
/**
 * Results asked of each warm-up query: as many as the completion asks where the sample is dense
 * (at least one entry in {@link DENSE_SHARE}), so the code that ranks, sorts and highlights the rows
 * runs as much as a real keystroke's and is compiled before the first one (on the 10k bench
 * workspace, with 8 results, 16-18 search functions were still being compiled during the first
 * typed keys). On a larger index few: the short search fills its list from the prior ranking of
 * every entry, and stops soon only if it needs few of the sample's sparse members (50 results made
 * the warm-up's longest step 36 ms at a million entries instead of 21).
 */
const WARM_LIMIT = 50;
const SPARSE_LIMIT = 8;
const DENSE_SHARE = 64;
/** Words typed, and the longest prefix typed of each. */
const WORDS = 3;
const WORD_KEYS = 9;

/**
 * Builds what searching `snapshot` needs ({@link prepareSearch}), then runs the search code over a
 * sample of it (see the module comment), all at once: for the bench, which measures what the
 * worker's searches cost once it has done the same in steps ({@link warmSteps}).
 */
export function warmSearch(snapshot: IndexSnapshot): void {
  for (const step of warmSteps(snapshot)) step();
}

/**
 * The warm-up of `snapshot` as steps of one keystroke each (the first builds the tables, the last
 * drops the memos), for the worker to run between requests: a query asked meanwhile waits for one
 * step at most, not for the whole warm-up (hundreds of milliseconds of code not yet compiled).
 */
export function* warmSteps(snapshot: IndexSnapshot): Generator<() => void> {
  yield () => prepareSearch(snapshot);
  const within = sampleOf(snapshot);
  const limit = snapshot.count <= WARM_SAMPLE * DENSE_SHARE ? WARM_LIMIT : SPARSE_LIMIT;
  for (const text of typedWords(snapshot, within)) {
    // A new searcher per word, as a new completion is; each key narrows from the one before.
    const searcher = { snapshot: () => snapshot };
    for (let k = 1; k <= Math.min(text.length, WORD_KEYS); k++) {
      // As the worker answers a key (query-run.ts): first rows with their highlights, then the
      // rest. Every other key gives its first rows no time, so that the way of a key whose scan
      // does not end within their budget (the sample, the slices) is run too.
      const budget = k % 2 === 0 ? 0 : FIRST_ROWS_BUDGET_MS;
      yield () => {
        const run = startQuery(searcher, text.slice(0, k), { limit }, budget, within);
        while (!run.step(Number.POSITIVE_INFINITY));
      };
    }
  }
  yield () => forgetMemos(snapshot);
}

/** What the warm-up types: words from the sample lower-cased, one capitalised, with its folder, and two terms. */
function typedWords(snapshot: IndexSnapshot, within: Int32Array | null): string[] {
  const words = wordsOf(snapshot, within);
  if (words.length === 0) return [];
  const first = words[0] as { folder: string; name: string };
  const last = words[words.length - 1] as { folder: string; name: string };
  return [
    ...words.map((w) => w.name.toLowerCase()),
    capitalised(first.name),
    `${first.folder}/${first.name.slice(0, 3)}`,
    `${first.name.slice(0, 3)} ${last.name.slice(0, 2)}`.toLowerCase(),
  ];
}

/** Every `step`-th entry, at most {@link WARM_SAMPLE}; null (every entry) when the index is that small. */
function sampleOf(t: IndexSnapshot): Int32Array | null {
  if (t.count <= WARM_SAMPLE) return null;
  const step = Math.floor(t.count / WARM_SAMPLE);
  return Int32Array.from({ length: WARM_SAMPLE }, (_, i) => i * step);
}

/** Up to {@link WORDS} file basenames (without extension) of at least three characters, from the sample, with their folder's name. */
function wordsOf(t: IndexSnapshot, within: Int32Array | null): Array<{ folder: string; name: string }> {
  const words: Array<{ folder: string; name: string }> = [];
  const count = within ? within.length : t.count;
  // Spread over the sample: the first, middle and last thirds.
  for (let w = 0; w < WORDS; w++) {
    for (let c = Math.floor((w * count) / WORDS); c < count; c++) {
      const idx = within ? (within[c] as number) : c;
      if (t.kind[idx] !== FILE) continue;
      const path = t.path(idx);
      const cut = path.lastIndexOf('/');
      const name = path.slice(cut + 1).replace(/\..*$/, '');
      if (name.length < 3 || /\s/.test(name)) continue;
      const folder = cut < 0 ? '' : path.slice(path.lastIndexOf('/', cut - 1) + 1, cut);
      words.push({ folder, name });
      break;
    }
  }
  return words;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
