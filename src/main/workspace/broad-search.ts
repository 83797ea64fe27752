/**
 * The search for large candidate sets. Aligning every path exactly costs about a microsecond, and a
 * short query (`rea`, `co`, `pac`) matches nearly all of 100,000 paths with scores too close for any
 * cheap bound to prune, so the exact search took 70-250 ms there. This search goes in two tiers:
 *
 * 1. Every candidate gets a cheap score that is a real alignment (a lower bound of the exact one):
 *    the term aligned inside the basename alone (short string), else inside the folder part alone
 *    (computed once per folder: siblings are adjacent in the index), else the whole path. The
 *    whole-name bonuses are exact. The best few hundred go to a bounded heap.
 * 2. Those are aligned exactly and sorted as the exact search sorts them.
 *
 * So the results equal the exact search's whenever fewer than the heap's size match, and otherwise
 * can differ only for paths whose best alignment spans folder and basename while a basename-only or
 * folder-only alignment scored far lower: fzf makes the same trade for long inputs (its "v1").
 */
import { charBit, type IndexedEntry, type IndexSnapshot } from './entry-store';
import { MAX_TERM, maxTermScore, NO_MATCH, scorePositions, scoreRange, scoreTerm } from './fuzzy-score';
import { better, insert, kindBit, queryBonus, scoreEntry, stemLength, type Parsed, type Ranked } from './ranking';

/** Candidates aligned exactly in tier 2: at least this many, or eight times the limit. */
const TIER_TWO_MIN = 400;

/** Tie-breaks folded into one number below the score, so the heap keeps what `better` prefers. */
const SCORE_UNIT = 2 ** 22;

function heapKey(score: number, e: IndexedEntry): number {
  const penalty = Math.min(stemLength(e), 255) * 2 ** 14 + (e.kind === 'file' ? 0 : 2 ** 13) + Math.min(e.path.length, 8191);
  return score * SCORE_UNIT - penalty;
}

/** A bounded min-heap of (key, entry index): keeps the `cap` largest keys offered. */
class TopHeap {
  readonly keys: Float64Array;
  readonly ids: Int32Array;
  size = 0;

  constructor(readonly cap: number) {
    this.keys = new Float64Array(cap);
    this.ids = new Int32Array(cap);
  }

  /** Whether a key of at most `key` would be refused (the heap is full of better ones). */
  refuses(key: number): boolean {
    return this.size === this.cap && key <= (this.keys[0] as number);
  }

  offer(key: number, id: number): void {
    if (this.size < this.cap) {
      let i = this.size++;
      // Sift up.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((this.keys[parent] as number) <= key) break;
        this.keys[i] = this.keys[parent] as number;
        this.ids[i] = this.ids[parent] as number;
        i = parent;
      }
      this.keys[i] = key;
      this.ids[i] = id;
      return;
    }
    if (key <= (this.keys[0] as number)) return;
    // Replace the root and sift down.
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const c = r < this.size && (this.keys[r] as number) < (this.keys[l] as number) ? r : l;
      if ((this.keys[c] as number) >= key) break;
      this.keys[i] = this.keys[c] as number;
      this.ids[i] = this.ids[c] as number;
      i = c;
    }
    this.keys[i] = key;
    this.ids[i] = id;
  }
}

/**
 * One term's folder parts, remembered for the next sibling: for each length k, the score of the
 * rightmost alignment of the term's first k characters inside the folder part, and where it ends.
 */
class FolderMemo {
  prefix = '';
  readonly score: Int32Array;
  readonly end: Int32Array;

  /** The mask bit of the term's last character (0 when it has none: then always scanned). */
  readonly lastBit: number;

  constructor(readonly codes: Int32Array) {
    this.lastBit = charBit(codes[codes.length - 1] as number);
    this.score = new Int32Array(codes.length + 1);
    this.end = new Int32Array(codes.length + 1);
  }

  /** Switches to the folder part of `hay` (its first `base` characters) unless already there. */
  use(hay: string, base: number): void {
    if (this.prefix.length === base && hay.startsWith(this.prefix)) return;
    this.prefix = hay.slice(0, base);
    this.end.fill(UNKNOWN);
  }

  /** Folder part's score for the first `k` characters (NO_MATCH when they do not fit in it). */
  part(hay: string, path: string, base: number, k: number): number {
    if (this.end[k] === UNKNOWN) {
      let i = k - 1;
      for (let j = base - 1; j >= 0 && i >= 0; j--) if (hay.charCodeAt(j) === this.codes[i]) scratch[i--] = j;
      this.end[k] = i >= 0 ? NONE : (scratch[k - 1] as number);
      this.score[k] = i >= 0 ? NO_MATCH : scorePositions(path, base, scratch, 0, k, -1, 0);
    }
    return this.score[k] as number;
  }
}

const UNKNOWN = -2;
const NONE = -3;
const scratch = new Int32Array(MAX_TERM);
const tail = new Int32Array(MAX_TERM);

/**
 * Tier 1 for one term: the score of a real alignment, cheap; NO_MATCH exactly when the term does
 * not match. The basename alone when it holds the whole term; else the rightmost alignment, split
 * into the part inside the basename and the rest inside the folder part (remembered per folder).
 */
function cheapTermScore(hay: string, e: IndexedEntry, term: string, termMask: number, memo: FolderMemo | null): number {
  const base = e.baseStart;
  if (!memo) return scoreTerm(hay, e.path, base, term);
  if ((e.baseMask & termMask) === termMask) {
    const s = scoreRange(hay, e.path, base, term, base, hay.length);
    if (s !== NO_MATCH) return s;
  }
  const codes = memo.codes;
  // The term's last characters, as late as possible in the basename; none when the basename lacks
  // the last one (most paths for a broad query: no scan then).
  let i = codes.length - 1;
  if ((e.baseMask & memo.lastBit) !== 0 || memo.lastBit === 0) {
    for (let j = hay.length - 1; j >= base && i >= 0; j--) if (hay.charCodeAt(j) === codes[i]) tail[i--] = j;
  }
  const k = i + 1;
  if (k === 0) return scorePositions(e.path, base, tail, 0, codes.length, -1, 0);
  if (base === 0) return NO_MATCH;
  memo.use(hay, base);
  const folder = memo.part(hay, e.path, base, k);
  if (folder === NO_MATCH) return NO_MATCH;
  return scorePositions(e.path, base, tail, k, codes.length, memo.end[k] as number, folder);
}

function codesOf(term: string): Int32Array {
  const codes = new Int32Array(term.length);
  for (let i = 0; i < term.length; i++) codes[i] = term.charCodeAt(i);
  return codes;
}

/** What {@link searchBroad} found: the ranked top and every index that matched (for narrowing). */
export interface BroadResult {
  top: Ranked[];
  survivors: Int32Array;
}

/**
 * Searches the candidates (`list` of entry indexes, or every entry when null) for the parsed query;
 * returns at most `limit` visible entries, best first, and the indexes of all matches.
 */
export function searchBroad(snapshot: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): BroadResult {
  return namePrefixesSuffice(snapshot, list, p, limit) ?? searchTwoTier(snapshot, list, p, limit);
}

/**
 * The early answer for one plain term: an entry whose basename starts with the term earns a name
 * bonus of at least 200, more than any other entry can score (a short term scores at most
 * `maxTermScore`). When `limit` visible entries earn it, they are the answer and nothing else needs
 * aligning. Null when they do not suffice. Survivors are then every entry passing the mask (a
 * superset of the matches, which is all narrowing needs).
 */
function namePrefixesSuffice(snapshot: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): BroadResult | null {
  if (p.terms.length !== 1 || p.slashed) return null;
  const term = p.terms[0] as string;
  const others = maxTermScore(term.length, true);
  const entries = snapshot.entries;
  const count = list ? list.length : entries.length;
  const survivors = new Int32Array(count);
  let kept = 0;
  const prefixed: Ranked[] = [];
  for (let c = 0; c < count; c++) {
    const idx = list ? (list[c] as number) : c;
    const e = entries[idx] as IndexedEntry;
    if ((e.mask & p.mask) !== p.mask || (kindBit(e) & p.kinds) === 0) continue;
    survivors[kept++] = idx;
    if (!(p.sensitive ? e.path : e.lower).startsWith(term, e.baseStart)) continue;
    const s = scoreEntry(e, p, queryBonus(e, p));
    if (s <= others) continue;
    // A bounded insertion: thousands may qualify (`c`), sorting them all would cost more than the scan.
    const last = prefixed.length === limit ? (prefixed[limit - 1] as Ranked) : null;
    if (last && !better(e, s, last.e, last.s)) continue;
    if (snapshot.isVisible(e)) insert(prefixed, { e, s }, limit);
  }
  if (prefixed.length < limit) return null;
  return { top: prefixed, survivors: survivors.subarray(0, kept) };
}

function compareRanked(a: Ranked, b: Ranked): number {
  return better(a.e, a.s, b.e, b.s) ? -1 : better(b.e, b.s, a.e, a.s) ? 1 : 0;
}

/** Tiers 1 and 2 (see the module comment). */
function searchTwoTier(snapshot: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): BroadResult {
  const entries = snapshot.entries;
  const count = list ? list.length : entries.length;
  const survivors = new Int32Array(count);
  let kept = 0;
  const heap = new TopHeap(Math.max(TIER_TWO_MIN, limit * 8));
  // One character, a `/` (segments) or a very long term: scored exactly, which is cheap for them.
  const memos = p.terms.map((t) => (t.length === 1 || t.length > MAX_TERM || t.includes('/') ? null : new FolderMemo(codesOf(t))));
  const terms = p.terms;
  // A name bonus needs the basename to start with the term (unless the term has a `/`).
  const bonusFirst = p.terms.length === 1 && !p.slashed ? (p.terms[0] as string).charCodeAt(0) : -1;
  for (let c = 0; c < count; c++) {
    const idx = list ? (list[c] as number) : c;
    const e = entries[idx] as IndexedEntry;
    if ((e.mask & p.mask) !== p.mask || (kindBit(e) & p.kinds) === 0) continue;
    const hay = p.sensitive ? e.path : e.lower;
    let s = 0;
    for (let t = 0; t < terms.length; t++) {
      const ts = cheapTermScore(hay, e, terms[t] as string, p.termMasks[t] as number, memos[t] as FolderMemo | null);
      if (ts === NO_MATCH) { s = NO_MATCH; break; }
      s += ts;
    }
    if (s === NO_MATCH) continue;
    survivors[kept++] = idx;
    if (bonusFirst < 0 || hay.charCodeAt(e.baseStart) === bonusFirst) s += queryBonus(e, p);
    // Most candidates stop here: even with no tie-break penalty they cannot enter the heap.
    if (heap.refuses(s * SCORE_UNIT)) continue;
    heap.offer(heapKey(s, e), idx);
  }
  const ranked: Ranked[] = [];
  for (let i = 0; i < heap.size; i++) {
    const e = entries[heap.ids[i] as number] as IndexedEntry;
    ranked.push({ e, s: scoreEntry(e, p, queryBonus(e, p)) });
  }
  ranked.sort(compareRanked);
  const top: Ranked[] = [];
  for (const r of ranked) {
    if (top.length >= limit) break;
    if (snapshot.isVisible(r.e)) top.push(r);
  }
  return { top, survivors: survivors.subarray(0, kept) };
}
