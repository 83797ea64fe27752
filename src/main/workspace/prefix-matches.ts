/**
 * The entries whose basename starts with a query's single term, ranked: the strongest results of
 * any one-term query (the name-prefix bonus outscores every other alignment of a short term). Read
 * from the name-prefix table's range (name-prefix-table.ts) instead of a pass over every entry;
 * the short search answers with them first, and the broad search answers with them alone when they
 * fill the list.
 */
import { occursAt } from './case-fold';
import type { EntryTable } from './entry-table';
import { MAX_TERM, nameStartScore, NO_MATCH } from './fuzzy-score';
import { namePrefixRange } from './name-prefix-table';
import { better, insert, NAME_PREFIX, passesMasks, queryBonus, scoreEntry, uncapped, uppersFor, type Parsed, type Ranked } from './ranking';

/** A membership array of `list` (null for every entry). */
export function membersOf(t: EntryTable, list: Int32Array | null): Uint8Array | null {
  if (!list) return null;
  const member = new Uint8Array(t.count);
  for (let c = 0; c < list.length; c++) member[list[c] as number] = 1;
  return member;
}

/**
 * The visible entries whose basename starts with the (single, slash-free) term, best first, at
 * most `limit`: read from the name-prefix table's range. Each has the exact score of a term at the
 * basename's start plus its name bonus, which is more than the prefix bonus only where the term
 * ends the name or its stem (a `.` or the path's end follows).
 */
export function namePrefixTop(t: EntryTable, list: Int32Array | null, p: Parsed, limit: number, minScore = Number.NEGATIVE_INFINITY): Ranked[] {
  const term = p.terms[0] as string;
  const n = term.length;
  const hay = t.haystack(p.sensitive);
  const fold = t.folds(p.sensitive);
  const atStart = n <= MAX_TERM ? nameStartScore(n) : NO_MATCH;
  const uppers = uppersFor(t, p);
  const member = list && list.length < t.count ? membersOf(t, list) : null;
  const { tie } = t;
  const { order, from, to } = namePrefixRange(t, term);
  // The range folds case: for a term with a capital (`C`, `S`) most of it starts with the other
  // case. The first-letter column (as the query compares it) turns those away before `startsWith`,
  // a call per entry that made single capitals the slowest short keys (2.7-3.2 ms at 141k entries).
  const first = p.sensitive ? t.firstExact : t.firstLower;
  const lead = term.charCodeAt(0);
  const top: Ranked[] = [];
  for (let c = from; c < to; c++) {
    const idx = order[c] as number;
    if (first[idx] !== lead) continue;
    const base = t.baseStart[idx] as number;
    // The term has no `/`, so it cannot run past the path into the next one.
    if (!occursAt(hay, term, base, fold) || !passesMasks(t, idx, p, uppers)) continue;
    if (member && member[idx] === 0) continue;
    const end = t.end(idx);
    const named = base + n === end || hay.charCodeAt(base + n) === 46;
    const s = (atStart === NO_MATCH ? scoreEntry(t, idx, p, 0) : atStart) + (named ? queryBonus(t, idx, p) : NAME_PREFIX);
    if (s <= minScore) continue;
    const last = top.length === limit ? (top[limit - 1] as Ranked) : null;
    if (last && (s < last.s || (s === last.s && plainlyWorse(tie, idx, last.i)))) continue;
    if (last && !better(t, idx, s, last.i, last.s)) continue;
    if (t.isVisible(idx)) insert(t, top, { i: idx, s }, limit);
  }
  return top;
}

/**
 * Whether entry `a` sorts after `b` at equal scores, read from the tie-break column alone: only
 * when neither has a capped field (`tieOf`), where the column orders as `better` does.
 */
function plainlyWorse(tie: Int32Array, a: number, b: number): boolean {
  const ta = tie[a] as number;
  const tb = tie[b] as number;
  return ta > tb && uncapped(ta) && uncapped(tb);
}
