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
 * Tier 1 reads the per-entry fields from the table's typed-array columns (entry-table.ts) and
 * touches the text only when an entry's basename may hold part of the term; on a single short term, an
 * entry whose best possible score cannot enter the heap skips tier 1 altogether.
 *
 * So the results equal the exact search's whenever fewer than the heap's size match, and otherwise
 * can differ only for paths whose best alignment spans folder and basename while a basename-only or
 * folder-only alignment scored far lower: fzf makes the same trade for long inputs (its "v1").
 */
import type { IndexSnapshot } from './entry-store';
import { foldedTerm, occursAt } from './case-fold';
import { charBit, type EntryTable } from './entry-table';
import { folderTree, type FolderTree } from './folder-tree';
import { MAX_TERM, maxOffStartScore, maxTermScore, NO_MATCH, scorePositions, scoreRange, scoreTerm } from './fuzzy-score';
import { maskSurvivors, passesMasks, queryBonus, scoreEntry, sortRanked, uppersFor, type Parsed, type Ranked } from './ranking';
import { namePrefixTop } from './prefix-matches';

/** Candidates aligned exactly in tier 2: at least this many, or eight times the limit. */
const TIER_TWO_MIN = 400;

/** Tie-breaks (`EntryTable.tie`) fold into one number below the score, so the heap keeps what `better` prefers. */
const SCORE_UNIT = 2 ** 22;

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
 * One term's folder parts: for each folder part and each length k, the score of the rightmost
 * alignment of the term's first k characters inside it, and where it ends. A direct-mapped cache
 * over folder ids (one slot per folder unless the term is long), so siblings that the index does
 * not keep adjacent (files after a subfolder's contents, folders listed after files) still hit.
 *
 * A cell depends only on the term's first k characters, so the memo outlives its query: when the
 * next keystroke extends the term, it is taken over ({@link FolderMemo.extend}) and only the cells
 * of the new lengths are computed. Slots leave room for a few more characters when the cell budget
 * allows.
 */
class FolderMemo {
  readonly stride: number;
  private readonly slots: number;
  /** Folder id held by each slot, -1 for none. */
  private readonly tag: Int32Array;
  readonly score: Int32Array;
  readonly end: Int32Array;
  /** Offset of the current folder's slot in `score` and `end`. */
  at = 0;
  /** The mask bit of each of the term's characters (0 for one that has none: then always looked for). */
  bits: Int32Array;

  /** The table's folder parts as a tree: a cell is computed from the parent's. */
  private readonly tree: FolderTree;

  constructor(
    /** What the cells were computed on: the table, the string searched and the case folding. */
    readonly table: EntryTable,
    public hay: string,
    public term: string,
    public codes: Int32Array,
    public folds: Int32Array,
  ) {
    this.bits = codes.map(charBit);
    this.tree = folderTree(table);
    const folders = Math.max(1, table.folders);
    this.stride = strideFor(table, codes.length);
    this.slots = Math.max(1, Math.min(folders, Math.floor(MEMO_CELLS / this.stride)));
    this.tag = new Int32Array(this.slots).fill(-1);
    this.score = new Int32Array(this.slots * this.stride);
    this.end = new Int32Array(this.slots * this.stride);
  }

  /** Takes the memo over for `term`, which extends its own on the same table and string; false when it cannot. */
  extend(table: EntryTable, hay: string, term: string, fold: boolean): boolean {
    if (table !== this.table || hay !== this.hay || term.length + 1 > this.stride || !term.startsWith(this.term)) return false;
    if (term.length === this.term.length) return true;
    const { codes, folds } = foldedTerm(term, fold);
    if (!folds.subarray(0, this.folds.length).every((f, i) => f === this.folds[i])) return false;
    // Cells past the old length were never computed (a slot is emptied whole when taken).
    this.term = term;
    this.codes = codes;
    this.folds = folds;
    this.bits = codes.map(charBit);
    return true;
  }

  /**
   * Takes the memo's cells over for another term on the same table whose {@link strideFor} is this
   * memo's: every slot emptied (a slot's cells are reset when a folder takes it), nothing allocated.
   */
  reuse(hay: string, term: string, codes: Int32Array, folds: Int32Array): this {
    this.tag.fill(-1);
    this.hay = hay;
    this.term = term;
    this.codes = codes;
    this.folds = folds;
    this.bits = codes.map(charBit);
    return this;
  }

  /** Switches to folder part `folder`, emptying its slot if another folder held it. */
  use(folder: number): void {
    const slot = folder % this.slots;
    this.at = slot * this.stride;
    if (this.tag[slot] === folder) return;
    this.tag[slot] = folder;
    this.end.fill(UNKNOWN, this.at, this.at + this.stride);
  }

  /** Whether the current folder's part for the first `k` characters is computed. */
  known(k: number): boolean {
    return this.end[this.at + k] !== UNKNOWN;
  }

  /**
   * Computes folder part `folder`'s cell for the first `k` characters (score NO_MATCH when they do
   * not fit), for the path starting at `from` in the text, whose folder part ends at `base`; the
   * current folder must be `folder`. The end is kept relative to the path's start: siblings share
   * the folder part at different offsets of the text.
   *
   * Scans only the folder's last name: the characters that do not fit there are aligned as far
   * right as they go in the parent part, which is the parent's cell for fewer characters (computed
   * here when missing). Falls back to scanning the whole part when the parent shares this slot.
   */
  compute(hay: string, text: string, from: number, base: number, k: number, folder: number): void {
    const codes = this.codes;
    const folds = this.folds;
    const up = this.tree.parent[folder] as number;
    if (up < 0 || up % this.slots === folder % this.slots) {
      this.scanWhole(hay, text, from, base, k);
      return;
    }
    const stop = from + (this.tree.nameStart[folder] as number);
    let i = k - 1;
    let code = codes[i] as number;
    let f = folds[i] as number;
    for (let j = base - 1; j >= stop; j--) {
      if ((hay.charCodeAt(j) | f) !== code) continue;
      scratch[i] = j;
      if (--i < 0) break;
      code = codes[i] as number;
      f = folds[i] as number;
    }
    if (i < 0) {
      this.end[this.at + k] = (scratch[k - 1] as number) - from;
      this.score[this.at + k] = scorePositions(text, base, scratch, 0, k, -1, 0);
      return;
    }
    // The first `rest` characters go into the parent part, as far right as they fit there.
    const rest = i + 1;
    this.use(up);
    if (!this.known(rest)) this.compute(hay, text, from, stop, rest, up);
    const upScore = this.score[this.at + rest] as number;
    const upEnd = this.end[this.at + rest] as number;
    // Back to this folder's slot (a folder further up may have taken it when there are fewer
    // slots than folders: it is then emptied and this cell alone computed).
    this.use(folder);
    if (upScore === NO_MATCH) {
      this.end[this.at + k] = NONE;
      this.score[this.at + k] = NO_MATCH;
      return;
    }
    if (rest < k && (scratch[rest] as number) === upEnd + from + 1) {
      // A run across the `/` (a term with `/`): its bonus carries on, which the parent's score
      // does not tell. Rare: scored whole.
      this.scanWhole(hay, text, from, base, k);
      return;
    }
    this.end[this.at + k] = rest === k ? upEnd : (scratch[k - 1] as number) - from;
    this.score[this.at + k] = rest === k ? upScore : scorePositions(text, base, scratch, rest, k, upEnd + from, upScore);
  }

  /** The current folder's cell for `k` characters from a scan of its whole part. */
  private scanWhole(hay: string, text: string, from: number, base: number, k: number): void {
    let i = k - 1;
    for (let j = base - 1; j >= from && i >= 0; j--) if ((hay.charCodeAt(j) | (this.folds[i] as number)) === this.codes[i]) scratch[i--] = j;
    this.end[this.at + k] = i >= 0 ? NONE : (scratch[k - 1] as number) - from;
    this.score[this.at + k] = i >= 0 ? NO_MATCH : scorePositions(text, base, scratch, 0, k, -1, 0);
  }
}

/** The memos of the last broad query on each table, offered to the next one (see FolderMemo). */
const lastMemos = new WeakMap<EntryTable, FolderMemo[]>();

/** Drops the memos the last broad query on `t` left for the next one: the warm-up's queries are not the person's (warm-search.ts). */
export function forgetMemos(t: EntryTable): void {
  lastMemos.delete(t);
}

/** The cells a memo of a term of `length` characters keeps per folder part on `t`. */
function strideFor(t: EntryTable, length: number): number {
  return Math.max(length + 1, Math.min(MEMO_ROOM, Math.floor(MEMO_CELLS / Math.max(1, t.folders))));
}

/**
 * A memo for each term (null for one character or a very long term, scored exactly): the last
 * query's memo of a term this one extends, taken over; else the cells of one of its other memos,
 * emptied (a memo is up to 2 MiB of cells: made afresh for every new term, they were most of what a
 * broad keystroke allocated outside the heap, and the collections they brought on landed on single
 * keystrokes); else a new one.
 */
function memosFor(t: EntryTable, hay: string, terms: readonly string[], fold: boolean, spare: FolderMemo[]): Array<FolderMemo | null> {
  const memos = terms.map((term): FolderMemo | null | undefined => {
    if (term.length === 1 || term.length > MAX_TERM) return null;
    const at = spare.findIndex((m) => m.extend(t, hay, term, fold));
    return at >= 0 ? (spare.splice(at, 1)[0] as FolderMemo) : undefined;
  });
  return memos.map((memo, k) => {
    if (memo !== undefined) return memo;
    const term = terms[k] as string;
    const { codes, folds } = foldedTerm(term, fold);
    const at = spare.findIndex((m) => m.table === t && m.stride === strideFor(t, codes.length));
    return at >= 0 ? (spare.splice(at, 1)[0] as FolderMemo).reuse(hay, term, codes, folds) : new FolderMemo(t, hay, term, codes, folds);
  });
}

/** Most characters a slot leaves room for, when the cell budget allows one slot per folder. */
const MEMO_ROOM = 16;
/** Memo cells per term (each an Int32 in two arrays): bounds its memory on long terms. */
export const MEMO_CELLS = 1 << 18;
const UNKNOWN = -2;
const NONE = -3;
const scratch = new Int32Array(MAX_TERM);
const tail = new Int32Array(MAX_TERM);

/**
 * Tier 1 for one term of entry `idx`: the score of a real alignment, cheap; NO_MATCH exactly when
 * the term does not match. The basename alone when it holds the whole term; else the rightmost
 * alignment, split into the part inside the basename and the rest inside the folder part
 * (remembered per folder). Reads the text only when the columns cannot decide: most entries of a
 * broad query are settled by the basename mask and the folder memo alone.
 */
function cheapTermScore(t: EntryTable, idx: number, hay: string, fold: boolean, term: string, memo: FolderMemo | null): number {
  const from = t.start[idx] as number;
  const to = t.end(idx);
  const base = t.baseStart[idx] as number;
  if (!memo) return scoreTerm(hay, t.text, from, to, base, term, fold);
  const baseMask = t.baseMask[idx] as number;
  const { codes, folds } = memo;
  // The term's last characters, as late as possible in the basename. The scan stops at the first
  // character (from the end) that the basename's mask lacks: none when it lacks the last one (most
  // paths for a broad query), and no scan to the basename's start for one that is not there.
  const bits = memo.bits;
  let i = codes.length - 1;
  if (((bits[i] as number) & baseMask) === bits[i]) {
    // The character looked for, held in locals: this loop reads most basenames of a broad query.
    let code = codes[i] as number;
    let f = folds[i] as number;
    for (let j = to - 1; j >= base; j--) {
      if ((hay.charCodeAt(j) | f) !== code) continue;
      tail[i--] = j;
      if (i < 0 || ((bits[i] as number) & baseMask) !== bits[i]) break;
      code = codes[i] as number;
      f = folds[i] as number;
    }
  }
  const k = i + 1;
  // The whole term inside the basename: aligned there alone. Found by the scan above, which the
  // basenames that hold the term's characters out of order (most of those the mask lets through)
  // need anyway, rather than by a failing alignment first.
  if (k === 0) return scoreRange(hay, t.text, base, term, base, to, fold);
  if (base === from) return NO_MATCH;
  memo.use(t.folder[idx] as number);
  if (!memo.known(k)) memo.compute(hay, t.text, from, base, k, t.folder[idx] as number);
  const folder = memo.score[memo.at + k] as number;
  if (folder === NO_MATCH) return NO_MATCH;
  // The whole term inside the folder part: nothing of the basename to score.
  if (k === codes.length) return folder;
  return scorePositions(t.text, base, tail, k, codes.length, (memo.end[memo.at + k] as number) + from, folder);
}

/** What {@link searchBroad} found: the ranked top and every index that matched (for narrowing). */
export interface BroadResult {
  top: Ranked[];
  readonly survivors: Int32Array;
  /** Set when the survivors are only the entries that pass the masks (see ShortResult). */
  readonly masksOnly?: true;
}

/**
 * Searches the candidates (`list` of entry indexes, or every entry when null) for the parsed query;
 * returns at most `limit` visible entries, best first, and the indexes of all matches.
 */
export function searchBroad(t: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): BroadResult {
  const begun = beginBroad(t, list, p, limit);
  if ('result' in begun) return begun.result;
  begun.scan.run(Number.POSITIVE_INFINITY);
  return begun.scan.finish();
}

/**
 * A broad search begun: answered already from the name-prefix rows, or a scan to run (in one go or
 * in slices) with `sure`, the rows known to open its answer (the name-prefix rows, fewer than the
 * limit; empty when the query is not one plain term).
 */
export type BroadBegun = { result: BroadResult } | { scan: TwoTierScan; sure: Ranked[] };

/** Begins {@link searchBroad}: see {@link BroadBegun}. */
export function beginBroad(t: IndexSnapshot, list: Int32Array | null, p: Parsed, limit: number): BroadBegun {
  const prefixed = namePrefixRows(t, list, p, limit);
  if (prefixed.length >= limit) {
    // Computed when the next keystroke narrows, if it does.
    let survivors: Int32Array | null = null;
    return { result: { top: prefixed, get survivors(): Int32Array { return (survivors ??= maskSurvivors(t, list, p)); }, masksOnly: true } };
  }
  return { scan: new TwoTierScan(t, list, p, limit), sure: prefixed };
}

/**
 * The early answer for one plain term: an entry whose basename starts with the term earns a name
 * bonus of at least 200, more than any other entry can score (a short term scores at most
 * `maxTermScore`). When `limit` visible entries earn it, they are the answer and nothing else needs
 * aligning; fewer open the answer. Read from the name-prefix table's range (prefix-matches.ts), not
 * from a pass over the entries: on the broad queries that fall through to tier 1, it costs next to
 * nothing. Empty for other queries.
 */
function namePrefixRows(t: EntryTable, list: Int32Array | null, p: Parsed, limit: number): Ranked[] {
  if (p.terms.length !== 1 || p.slashed) return [];
  const others = maxTermScore((p.terms[0] as string).length, true);
  return namePrefixTop(t, list, p, limit, others);
}

/**
 * The query's whole-name bonus for entry `idx` (queryBonus), looked for only where it can be:
 * every name bonus of one plain term (`bonusFirst` its first character) needs the basename to
 * start with the whole term.
 */
function nameBonusOf(t: EntryTable, idx: number, p: Parsed, hay: string, fold: boolean, bonusFirst: number, first: Uint16Array): number {
  if (bonusFirst >= 0 && (first[idx] !== bonusFirst || !occursAt(hay, p.terms[0] as string, t.baseStart[idx] as number, fold))) return 0;
  return queryBonus(t, idx, p);
}

/** Entries scanned between two looks at the clock in {@link TwoTierScan.run}. */
const CLOCK_EVERY = 512;

/**
 * Tiers 1 and 2 as a scan that can stop and resume (completion-run.ts answers a query's first rows
 * at once and finishes it in slices). The slices do exactly what the single pass did, in the same
 * order, so the finished answer is the same whatever the slicing.
 *
 * The folder memos are published for the next keystroke only when the scan finishes: a scan
 * abandoned half-way (a newer keystroke) leaves nothing that another scan may share while this
 * one could still change it.
 */
export class TwoTierScan {
  private readonly count: number;
  /** Allocated on the first slice: the first rows (query-run.ts) are asked before it. */
  private survivors: Int32Array | null = null;
  private kept = 0;
  private c = 0;
  private readonly heap: TopHeap;
  private readonly hay: string;
  private readonly fold: boolean;
  readonly memos: Array<FolderMemo | null>;
  private readonly bonusFirst: number;
  private readonly first: Uint16Array;
  private readonly only: Int32Array | null;
  private readonly bound: number;
  private readonly uppers: Int32Array | null;
  private readonly sharing: boolean;
  private handedOn = false;

  constructor(
    private readonly t: EntryTable,
    private readonly list: Int32Array | null,
    private readonly p: Parsed,
    private readonly limit: number,
    /** Tier 2's size: the default is what the single pass always used. */
    heapSize = Math.max(TIER_TWO_MIN, limit * 8),
    /** Memos to share (a sample scan beside the real one, run synchronously between its slices). */
    shared?: Array<FolderMemo | null>,
  ) {
    this.count = list ? list.length : t.count;
    this.heap = new TopHeap(heapSize);
    // One character or a very long term: scored exactly, which is cheap for them. A term with `/`
    // splits like any other: its slashes can only match in the folder part.
    this.hay = t.haystack(p.sensitive);
    this.fold = t.folds(p.sensitive);
    this.sharing = shared !== undefined;
    if (shared) this.memos = shared;
    else {
      this.memos = memosFor(t, this.hay, p.terms, this.fold, lastMemos.get(t) ?? []);
      // Taken (and the unused ones dropped, as before): the next scan makes its own until this
      // one finishes and hands them on.
      lastMemos.delete(t);
    }
    // A name bonus needs the basename to start with the term (unless the term has a `/`).
    this.bonusFirst = p.terms.length === 1 && !p.slashed ? (p.terms[0] as string).charCodeAt(0) : -1;
    this.first = p.sensitive ? t.firstExact : t.firstLower;
    // A bound for one plain term on entries whose basename starts with none of its characters (no
    // name bonus, no segment bonus inside the basename). Short terms score near it on thousands of
    // paths (`ts`: every `x.ts`), so once the heap holds such scores most entries skip tier 1.
    this.only = this.bonusFirst >= 0 && this.memos[0] ? (this.memos[0] as FolderMemo).codes : null;
    this.bound = this.only ? maxOffStartScore(this.only.length) * SCORE_UNIT : 0;
    this.uppers = uppersFor(t, p);
  }

  /** Whether every candidate has been through tier 1. */
  get done(): boolean {
    return this.c >= this.count;
  }

  /** Tier 1 over the next candidates until `deadline` (a `performance.now()` time) passes; returns {@link done}. */
  run(deadline: number): boolean {
    const { t, list, p, heap, hay, fold, memos, bonusFirst, first, only, bound, uppers } = this;
    const survivors = (this.survivors ??= new Int32Array(this.count));
    const { tie } = t;
    const terms = p.terms;
    const count = this.count;
    let kept = this.kept;
    let c = this.c;
    while (c < count) {
      const stop = Math.min(count, c + CLOCK_EVERY);
      for (; c < stop; c++) {
        const idx = list ? (list[c] as number) : c;
        if (!passesMasks(t, idx, p, uppers)) continue;
        if (only && heap.refuses(bound - (tie[idx] as number)) && !only.includes(first[idx] as number)) {
          // Cannot enter the top. Kept as a candidate for the next keystroke (a superset is enough).
          survivors[kept++] = idx;
          continue;
        }
        let s = 0;
        for (let k = 0; k < terms.length; k++) {
          const ts = cheapTermScore(t, idx, hay, fold, terms[k] as string, memos[k] as FolderMemo | null);
          if (ts === NO_MATCH) { s = NO_MATCH; break; }
          s += ts;
        }
        if (s === NO_MATCH) continue;
        survivors[kept++] = idx;
        s += nameBonusOf(t, idx, p, hay, fold, bonusFirst, first);
        // Scores cluster (thousands tie), so the key with its tie-breaks, from a column, decides.
        const key = s * SCORE_UNIT - (tie[idx] as number);
        if (!heap.refuses(key)) heap.offer(key, idx);
      }
      if (c < count && performance.now() >= deadline) break;
    }
    this.kept = kept;
    this.c = c;
    return c >= count;
  }

  /** Tier 2 over what tier 1 kept so far: the answer once {@link done}, and hands the memos on. */
  finish(): BroadResult {
    const { t, p, heap } = this;
    // Once: the next scan may take the memos over (and reuse their cells) as soon as they are handed on.
    if (this.done && !this.sharing && !this.handedOn) {
      this.handedOn = true;
      lastMemos.set(t, this.memos.filter((m): m is FolderMemo => m !== null));
    }
    const ranked: Ranked[] = [];
    for (let h = 0; h < heap.size; h++) {
      const idx = heap.ids[h] as number;
      ranked.push({ i: idx, s: scoreEntry(t, idx, p, queryBonus(t, idx, p)) });
    }
    sortRanked(t, ranked);
    const top: Ranked[] = [];
    for (const r of ranked) {
      if (top.length >= this.limit) break;
      if (t.isVisible(r.i)) top.push(r);
    }
    return { top, survivors: (this.survivors ?? new Int32Array(0)).subarray(0, this.kept) };
  }
}
