/**
 * Fuzzy path search over an index snapshot: a bit-mask prefilter, the fzf-style scorer over the
 * survivors, then whole-name bonuses, keeping only the best `limit`. When the new query extends the
 * previous one (the person typed on), only the previous survivors are searched. Large indexes go
 * to short-search.ts for one to three characters, and to the two-tier search of broad-search.ts
 * for longer queries, however few candidates the last keystroke left.
 *
 * Query syntax: terms separated by spaces must all match; a term may contain `/` to match path
 * segments; a leading `./` is ignored. Smart case: all-lower-case queries ignore case, a query with
 * an upper-case letter matches case exactly.
 */
import type { EntryKind, IndexSnapshot } from './entry-store';
import { NO_MATCH } from './fuzzy-score';
import { beginBroad, type TwoTierScan } from './broad-search';
import { isShortQuery, searchShort } from './short-search';
import { better, insert, parse, passesMasks, queryBonus, scoreEntry, toMatch, upperBound, uppersFor, type Match, type Parsed, type Ranked } from './ranking';

export type { Match } from './ranking';

/** Options of {@link query}. */
export interface QueryOptions {
  /** Most results returned. Default 50. */
  limit?: number;
  /** Kinds to return. Default both. */
  kinds?: readonly EntryKind[];
}

/** Something with a snapshot: a `WorkspaceIndex` (or an `EntryStore`), or a snapshot itself. */
export type Searchable = { snapshot(): IndexSnapshot } | IndexSnapshot;

/**
 * Indexes with more entries than this use the short and two-tier broad searches; smaller ones are
 * aligned exactly (with pruning), which costs at most a few milliseconds at this size.
 */
export const BROAD_SEARCH_MIN = 10_000;

interface NarrowCache {
  snapshot: IndexSnapshot;
  parsed: Parsed;
  /** Read only when the next query narrows: a short query's survivors are computed on that read. */
  found: { readonly survivors: Int32Array; readonly masksOnly?: true };
}

const caches = new WeakMap<object, NarrowCache>();

/**
 * The snapshot to search. Told apart by the `snapshot` method, which only sources have: a
 * `WorkspaceIndex` also has an `entries` member (a method), so testing for `entries` would take
 * the index for a snapshot and search nothing.
 */
export function snapshotOf(index: Searchable): IndexSnapshot {
  return 'snapshot' in index && typeof index.snapshot === 'function' ? index.snapshot() : (index as IndexSnapshot);
}

/** Whether every path that matches `next` also matches `prev`, so prev's survivors suffice. */
function narrows(prev: Parsed, next: Parsed): boolean {
  if (prev.kinds !== next.kinds || (prev.sensitive && !next.sensitive)) return false;
  if (prev.terms.length > next.terms.length) return false;
  // Each earlier term must be a prefix of the term in its place (or of a later term, kept simple: same place).
  return prev.terms.every((t, i) => {
    const n = next.terms[i] as string;
    return (prev.sensitive ? n : n.toLowerCase()).startsWith(t);
  });
}

function candidates(snapshot: IndexSnapshot, key: object, p: Parsed): Int32Array | null {
  const cache = caches.get(key);
  // Survivors that only passed the previous query's masks are a pass over every entry to compute,
  // and the search's own mask test drops the same entries: every entry is searched instead.
  if (!cache || cache.snapshot !== snapshot || cache.found.masksOnly || !narrows(cache.parsed, p)) return null;
  return cache.found.survivors;
}

/**
 * Searches the entries of `index` for `text` and returns the best matches, best first. An empty
 * query returns nothing. Passing the same `index` object keystroke after keystroke lets each query
 * search only what the previous one matched.
 */
export function query(index: Searchable, text: string, options: QueryOptions = {}): Match[] {
  const begun = beginQuery(index, text, options);
  if ('matches' in begun) return begun.matches;
  begun.scan.run(Number.POSITIVE_INFINITY);
  return begun.settle().matches;
}

/**
 * A query begun by {@link beginQuery}: answered, or a broad scan left to run (at once or in slices,
 * query-run.ts). `sure` are the rows known to open the answer (maybe none); `settle`, called once
 * the scan is done, records it for the next keystroke and gives the answer {@link query} gives
 * (with its entries, `top`).
 */
export type BegunQuery =
  | { matches: Match[]; top: Ranked[] }
  | { snapshot: IndexSnapshot; parsed: Parsed; limit: number; scan: TwoTierScan; sure: Ranked[]; settle(): { matches: Match[]; top: Ranked[] } };

/**
 * Begins {@link query}: what is quick is done, a broad scan is left to the caller (see
 * {@link BegunQuery}). `within` (entry indexes) searches those entries only, unless the last
 * keystroke narrowed further: warm-search.ts runs the search code on a sample this way.
 */
export function beginQuery(index: Searchable, text: string, options: QueryOptions = {}, within: Int32Array | null = null): BegunQuery {
  const snapshot = snapshotOf(index);
  const p = parse(text, options.kinds);
  if (p.terms.length === 0) return { matches: [], top: [] };
  const limit = Math.max(1, options.limit ?? 50);
  const found = begin(snapshot, index, p, limit, within);
  const toMatches = (top: Ranked[]): Match[] => top.map(({ i, s }) => toMatch(snapshot, i, s, p));
  if ('top' in found) return { matches: toMatches(found.top), top: found.top };
  const { scan, sure } = found;
  return {
    snapshot, parsed: p, limit, scan, sure,
    settle: () => {
      const result = scan.finish();
      caches.set(index, { snapshot, parsed: p, found: result });
      return { matches: toMatches(result.top), top: result.top };
    },
  };
}

/**
 * Picks the search for the index's size and the query, over `within` unless the last keystroke
 * narrowed it. Answers at once, recording the answer for the next keystroke, except a broad scan,
 * which is returned to run and record by the caller.
 */
function begin(snapshot: IndexSnapshot, index: Searchable, p: Parsed, limit: number, within: Int32Array | null): { top: Ranked[] } | { scan: TwoTierScan; sure: Ranked[] } {
  // A short query on a large index reads its tables, not the candidates: narrowing would only
  // cost the pass that computes them.
  const short = snapshot.count > BROAD_SEARCH_MIN && isShortQuery(p);
  const list = short ? within : (candidates(snapshot, index, p) ?? within);
  // Chosen by the index's size, not by how many candidates the last keystroke left: the narrowed
  // search then finds what the same query asked cold finds (the searches give the same answer on
  // any superset of the matches), and the broad search is the faster one on a few thousand
  // candidates of a large index too.
  if (snapshot.count > BROAD_SEARCH_MIN && !short) {
    const begun = beginBroad(snapshot, list, p, limit);
    if ('scan' in begun) return begun;
    caches.set(index, { snapshot, parsed: p, found: begun.result });
    return { top: begun.result.top };
  }
  const found = snapshot.count <= BROAD_SEARCH_MIN ? searchExact(snapshot, list, p, limit) : searchShort(snapshot, list, p, limit);
  caches.set(index, { snapshot, parsed: p, found });
  return { top: found.top };
}

/** Every candidate aligned exactly, skipping those whose cheap upper bound cannot enter the top. */
function searchExact(t: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): { top: Ranked[]; survivors: Int32Array } {
  const count = list ? list.length : t.count;
  const survivors = new Int32Array(count);
  let kept = 0;
  const top: Ranked[] = [];
  const first = (p.terms[0] as string).charCodeAt(0);
  const firsts = p.sensitive ? t.firstExact : t.firstLower;
  const uppers = uppersFor(t, p);
  // Two passes: basenames starting with the first character first. They fill the top with strong
  // results early, so the second pass can skip most entries on a cheap upper bound.
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c < count; c++) {
      const idx = list ? (list[c] as number) : c;
      if (!passesMasks(t, idx, p, uppers)) continue;
      const startsHere = firsts[idx] === first;
      if (startsHere !== (pass === 0)) continue;
      const last = top.length === limit ? (top[limit - 1] as Ranked) : null;
      // Outside the first pass the basename does not start with the term, so only a term with `/`
      // (whole trailing names) or the whole path can still earn a name bonus.
      const bonus = startsHere || p.slashed ? queryBonus(t, idx, p) : 0;
      if (last) {
        const bound = upperBound(t, idx, p, bonus);
        // Cannot enter the top: keep it as a candidate for the next keystroke without aligning it.
        if (bound < last.s || (bound === last.s && !better(t, idx, bound, last.i, last.s))) {
          survivors[kept++] = idx;
          continue;
        }
      }
      const s = scoreEntry(t, idx, p, bonus);
      if (s === NO_MATCH) continue;
      survivors[kept++] = idx;
      if (last && !better(t, idx, s, last.i, last.s)) continue;
      if (!t.isVisible(idx)) continue;
      insert(t, top, { i: idx, s }, limit);
    }
  }
  return { top, survivors: survivors.subarray(0, kept) };
}
