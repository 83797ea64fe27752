/**
 * The entries of a workspace index as one immutable table: every path in one shared string, and
 * every per-entry field the matcher reads in a typed-array column indexed by entry number.
 *
 * One object and two strings per path cost about 450 bytes for 56 bytes of path on 140,000 paths
 * (issue 12's memory row); the table costs the path bytes plus about 40 bytes of columns per
 * entry, and the matcher walks the columns in order, touching the text only for candidates the
 * masks let through. A lower-cased copy of the text is kept only when lower-casing changes more
 * than ASCII letters; otherwise case-insensitive queries fold ASCII letters as they compare
 * (case-fold.ts).
 *
 * Path `i` is `text.slice(start[i], end(i))`. The paths are joined with `/`, so the character
 * before a path's first character reads as a folder separator (and the first path starts at
 * offset 0, which the scorer also treats as a boundary): the boundary bonus at a path's start needs
 * no special case, and offsets stay absolute in `text`.
 */
import type { EntryKind, WorkspaceEntry } from './entry-store';
import { largeColumn } from '../guards/large-buffer';

/** Bit for one character code: see {@link charMask}. */
export function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 65 && code <= 90) return 1 << (code - 65);
  if (code >= 48 && code <= 57) return 1 << 26;
  if (code === 46) return 1 << 27;
  if (code === 47) return 1 << 28;
  if (code === 45 || code === 95) return 1 << 29;
  return 0;
}

// charBit for ASCII, looked up: the mask of 100,000 paths is computed on every build.
export const ASCII_BITS = Int32Array.from({ length: 128 }, (_, code) => charBit(code));

/**
 * The character mask of `text[from..to)`: a-z get bits 0-25 (upper case maps to lower case),
 * digits 26, `.` 27, `/` 28, `-` and `_` 29, anything else none (never required).
 */
export function charMask(text: string, from = 0, to = text.length): number {
  let mask = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    mask |= code < 128 ? (ASCII_BITS[code] as number) : charBit(code);
  }
  return mask;
}

/** Lower-cases without changing the length, so match positions in the lower form fit the original. */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Length of the basename `text[base..end)` up to its first dot after the first character (`Button.stories.tsx` -> 6). */
export function stemLengthIn(text: string, base: number, end: number): number {
  const dot = text.indexOf('.', base + 1);
  return (dot < 0 || dot >= end ? end : dot) - base;
}

/** `kind` column values. */
export const FILE = 1;
export const FOLDER = 2;

/** `flags` column bits: the hidden verdict once taken, and whether git tracks the path. */
export const JUDGED = 1;
export const HIDDEN = 2;
export const TRACKED = 4;
/**
 * Set by a builder's caller on a row whose folder part it knows equals the previous row's (sorted
 * input, or rows copied in table order): the build then skips comparing them. Cleared by the build.
 */
export const SAME_FOLDER = 8;

/** One entry as the builder takes it. */
export interface TableRow {
  path: string;
  kind: EntryKind;
  size: number;
  /** Tracked by git: listed even where ignore rules match it. */
  tracked?: boolean;
}

/** Collects rows, then builds the table in one pass. */
export class TableBuilder {
  readonly paths: string[] = [];
  private kinds = new Uint8Array(1024);
  private sizes = new Float64Array(1024);
  private flags = new Uint8Array(1024);

  get length(): number {
    return this.paths.length;
  }

  /** Adds one row; `flags` may carry a hidden verdict already taken and {@link SAME_FOLDER}. */
  push(path: string, kind: EntryKind, size: number, tracked: boolean, flags = 0): void {
    const i = this.paths.length;
    if (i === this.kinds.length) {
      this.kinds = grown(this.kinds, i * 2);
      this.sizes = grown(this.sizes, i * 2);
      this.flags = grown(this.flags, i * 2);
    }
    this.paths.push(path);
    this.kinds[i] = kind === 'file' ? FILE : FOLDER;
    this.sizes[i] = size;
    this.flags[i] = (flags & (JUDGED | HIDDEN | SAME_FOLDER)) | (tracked ? TRACKED : 0);
  }

  /** The table of the rows pushed so far. */
  build(version: number, isHidden: (relPath: string) => boolean): EntryTable {
    const n = this.paths.length;
    return new EntryTable(version, columnsOf(this.paths, this.kinds.slice(0, n), this.sizes.slice(0, n), this.flags.slice(0, n)), isHidden);
  }
}

/**
 * The table of `old`'s rows followed by `fresh`'s, as {@link TableBuilder} would build it from all
 * of them, without computing `old`'s columns again: a finished walk usually adds a few untracked
 * files to the tracked table, and rebuilding 100,000 rows for them cost a tenth of the walk.
 */
export function extendTable(old: EntryTable, fresh: TableBuilder, version: number, isHidden: (relPath: string) => boolean): EntryTable {
  const added = fresh.build(version, isHidden);
  const n = old.count;
  const m = added.count;
  if (n === 0) return added;
  if (m === 0) return old;
  // Joined by `join`, not `+` or a template: those make a cons string, whose every `charCodeAt`
  // (the search's inner loops) goes through the pair; `join` makes one flat string.
  const text = [old.text, added.text].join('/');
  const shift = old.text.length + 1;
  // Offsets of the new rows move past the old text and the `/` that joins them.
  const start = joined(old.start.subarray(0, n), added.start);
  const baseStart = joined(old.baseStart, added.baseStart);
  for (let k = n; k <= n + m; k++) start[k] = (start[k] as number) + shift;
  for (let k = n; k < n + m; k++) baseStart[k] = (baseStart[k] as number) + shift;
  // Folder ids: a folder part `old` knows keeps its id, a new one takes the next.
  const known = new Map<string, number>();
  let next = 0;
  for (let i = 0; i < n && next < old.folders; i++) {
    if (old.folder[i] === next) known.set(old.text.slice(old.start[i], old.baseStart[i]), next++);
  }
  const ids = new Int32Array(added.folders).fill(-1);
  let folders = old.folders;
  const folder = joined(old.folder, added.folder);
  for (let k = 0; k < m; k++) {
    const local = added.folder[k] as number;
    if (ids[local] === -1) ids[local] = known.get(added.text.slice(added.start[k], added.baseStart[k])) ?? folders++;
    folder[n + k] = ids[local] as number;
  }
  // Lower-cased text: none kept when neither part needs one (see lowerText); else made afresh.
  // First letters stay as each part computed them: lower-casing a basename's first letter does
  // not depend on what lies beyond the `/` before it.
  const lower = old.lower === null && added.lower === null ? null : lowerText(text, () => Array.from({ length: n + m }, (_, i) => text.slice(start[i], (start[i + 1] as number) - 1)));
  return new EntryTable(version, {
    text,
    lower,
    start,
    baseStart,
    mask: joined(old.mask, added.mask),
    baseMask: joined(old.baseMask, added.baseMask),
    kind: joined(old.kind, added.kind),
    size: joined(old.size, added.size),
    folder,
    folders,
    tie: joined(old.tie, added.tie),
    firstLower: joined(old.firstLower, added.firstLower),
    firstExact: joined(old.firstExact, added.firstExact),
    flags: joined(old.flags, added.flags),
  }, isHidden);
}

type Column = Int32Array | Uint8Array | Uint16Array | Float64Array;

/** A new column holding `a`, then `b`. */
function joined<T extends Column>(a: T, b: T): T {
  const out = new (a.constructor as new (length: number) => T)(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Every column of an {@link EntryTable}, as its builders compute them (see the fields there). */
export interface TableColumns {
  text: string;
  lower: string | null;
  start: Int32Array;
  baseStart: Int32Array;
  mask: Int32Array;
  baseMask: Int32Array;
  kind: Uint8Array;
  size: Float64Array;
  folder: Int32Array;
  folders: number;
  tie: Int32Array;
  firstLower: Uint16Array;
  firstExact: Uint16Array;
  flags: Uint8Array;
}

/** The tie-break number of one path: see {@link EntryTable.tie}. `stem` and `length` in UTF-16 units. */
export function tieOf(stem: number, isFile: boolean, length: number): number {
  return Math.min(stem, 255) * 2 ** 14 + (isFile ? 0 : 2 ** 13) + Math.min(length, 8191);
}

/** Fills `firstExact` and `firstLower` from the finished text (one character per row). */
export function fillFirsts(columns: Pick<TableColumns, 'text' | 'lower' | 'start' | 'baseStart' | 'firstExact' | 'firstLower'>, count: number): void {
  const { text, lower, start, baseStart, firstExact, firstLower } = columns;
  for (let i = 0; i < count; i++) {
    const base = baseStart[i] as number;
    if (base >= (start[i + 1] as number) - 1) continue;
    const code = text.charCodeAt(base);
    firstExact[i] = code;
    firstLower[i] = code >= 65 && code <= 90 ? code + 32 : lower === null ? code : lower.charCodeAt(base);
  }
}

/** A column of `length` holding `from` at its start (a builder's column, grown). */
export function grown<T extends Column>(from: T, length: number): T {
  const to = largeColumn(from.constructor as never, length) as T;
  to.set(from);
  return to;
}

/** See the module comment. */
export class EntryTable {
  readonly count: number;
  /** Every path, joined with `/`. */
  readonly text: string;
  /**
   * `text` lower-cased, same length; null when lower-casing changes only ASCII letters (then
   * case-insensitive queries search `text`, folding ASCII letters: see {@link haystack}).
   */
  readonly lower: string | null;
  /** Offset of each path in `text`; `start[count]` is `text.length + 1`. */
  readonly start: Int32Array;
  /** Offset of each basename in `text`. */
  readonly baseStart: Int32Array;
  /** Character mask of the whole path and of the basename alone (see {@link charMask}). */
  readonly mask: Int32Array;
  readonly baseMask: Int32Array;
  /** {@link FILE} or {@link FOLDER}: tested against a query's wanted kinds as bits. */
  readonly kind: Uint8Array;
  /** Bytes, or -1 when unknown (and for folders). */
  readonly size: Float64Array;
  /** Folder-part id, 0 to `folders - 1`: equal exactly when the folder parts are equal. */
  readonly folder: Int32Array;
  readonly folders: number;
  /**
   * The tie-breaks of `better` folded into one number, lower is better: name stem length (capped at
   * 255), folders after files, path length (capped at 8191).
   */
  readonly tie: Int32Array;
  /** First character of the basename, lower-cased and as written (0 for an empty basename). */
  readonly firstLower: Uint16Array;
  readonly firstExact: Uint16Array;
  /** Hidden verdict memo and tracked bit (see {@link TRACKED}). */
  readonly flags: Uint8Array;
  private lookup: Int32Array | null = null;

  constructor(
    /** Changes with every mutation of the store the table was taken from. */
    readonly version: number,
    columns: TableColumns,
    private readonly isHidden: (relPath: string) => boolean,
  ) {
    this.count = columns.kind.length;
    ({ text: this.text, lower: this.lower, start: this.start, baseStart: this.baseStart, mask: this.mask, baseMask: this.baseMask } = columns);
    ({ kind: this.kind, size: this.size, folder: this.folder, folders: this.folders, tie: this.tie } = columns);
    ({ firstLower: this.firstLower, firstExact: this.firstExact, flags: this.flags } = columns);
  }

  /** The string a query searches: `text`, or for a case-insensitive query the lower-cased copy if kept. */
  haystack(sensitive: boolean): string {
    return sensitive || this.lower === null ? this.text : this.lower;
  }

  /** Whether a query must fold ASCII letters as it compares (case-insensitive, no lower-cased copy). */
  folds(sensitive: boolean): boolean {
    return !sensitive && this.lower === null;
  }

  /** End offset (exclusive) of path `i` in `text`. */
  end(i: number): number {
    return (this.start[i + 1] as number) - 1;
  }

  /** Path `i` as a string (a slice of `text`). */
  path(i: number): string {
    return this.text.slice(this.start[i] as number, (this.start[i + 1] as number) - 1);
  }

  /** Entry `i` as a plain value. */
  entry(i: number): WorkspaceEntry {
    return { path: this.path(i), kind: this.kind[i] === FILE ? 'file' : 'folder', size: this.size[i] as number };
  }

  /** Whether git tracks entry `i`. */
  tracked(i: number): boolean {
    return ((this.flags[i] as number) & TRACKED) !== 0;
  }

  /**
   * Whether entry `i` may be shown (not a protected path). The guard costs microseconds per path,
   * which over 100,000 tracked files would double the build, so the verdict is taken when an entry
   * is about to be shown and remembered in `flags`.
   */
  readonly isVisible = (i: number): boolean => {
    let f = this.flags[i] as number;
    if ((f & JUDGED) === 0) {
      f |= JUDGED | (this.isHidden(this.path(i)) ? HIDDEN : 0);
      this.flags[i] = f;
    }
    return (f & HIDDEN) === 0;
  };

  /** The index of `path`, or -1. A hash table over the text, built on the first call. */
  indexOf(path: string): number {
    const table = (this.lookup ??= this.buildLookup());
    const slots = table.length - 1;
    for (let s = hashOn(HASH_START, path, 0, path.length) & slots; ; s = (s + 1) & slots) {
      const i = (table[s] as number) - 1;
      if (i < 0) return -1;
      const at = this.start[i] as number;
      if (this.end(i) - at === path.length && this.text.startsWith(path, at)) return i;
    }
  }

  /**
   * The index of `folder/name` (`name` alone when `folder` is `''`), or -1, where `folderHash` is
   * {@link folderHash}(folder). A walk asks this for every name it lists: the folder's part of the
   * hash is computed once per folder, and no joined path is built, hashed or compared (a joined
   * string is made of two pieces, and reading one character by character is slow).
   */
  indexOfChild(folder: string, hash: number, name: string): number {
    const table = (this.lookup ??= this.buildLookup());
    const slots = table.length - 1;
    const cut = folder === '' ? 0 : folder.length + 1;
    const text = this.text;
    for (let s = hashOn(hash, name, 0, name.length) & slots; ; s = (s + 1) & slots) {
      const i = (table[s] as number) - 1;
      if (i < 0) return -1;
      const at = this.start[i] as number;
      if (this.end(i) - at === cut + name.length && text.startsWith(name, at + cut) && (cut === 0 || (text.charCodeAt(at + cut - 1) === 47 && text.startsWith(folder, at)))) return i;
    }
  }

  private buildLookup(): Int32Array {
    let size = 16;
    while (size < this.count * 2) size *= 2;
    const table = new Int32Array(size);
    const slots = size - 1;
    for (let i = 0; i < this.count; i++) {
      let s = hashOn(HASH_START, this.text, this.start[i] as number, this.end(i)) & slots;
      while (table[s] !== 0) s = (s + 1) & slots;
      table[s] = i + 1;
    }
    return table;
  }
}

/**
 * Every column of the rows `paths` (with their kinds, sizes and flags). Reads the joined text (one
 * flat string) rather than the paths, which may be slices of larger strings: plain loops over it
 * beat the string builtins here, where they run for every path of a workspace.
 */
function columnsOf(paths: readonly string[], kind: Uint8Array, size: Float64Array, flags: Uint8Array): TableColumns {
  const n = paths.length;
  const text = paths.join('/');
  const lower = lowerText(text, () => paths);
  const start = new Int32Array(n + 1);
  const baseStart = new Int32Array(n);
  const mask = new Int32Array(n);
  const baseMasks = new Int32Array(n);
  const folder = new Int32Array(n);
  const tie = new Int32Array(n);
  const ids = new Map<string, number>();
  let id = -1;
  let folderAt = -1;
  let folderCut = -1;
  let folderMask = 0;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const length = (paths[i] as string).length;
    const end = at + length;
    let base = end;
    while (base > at && text.charCodeAt(base - 1) !== 47) base--;
    const cut = base - at;
    start[i] = at;
    baseStart[i] = base;
    // Siblings are mostly adjacent: the folder part's id and mask change only where it changes.
    const known = ((flags[i] as number) & SAME_FOLDER) !== 0 && folderAt >= 0;
    flags[i] = (flags[i] as number) & ~SAME_FOLDER;
    if (!known && (folderAt < 0 || folderCut !== cut || !sameRun(text, folderAt, at, cut))) {
      const part = text.slice(at, base);
      id = ids.get(part) ?? ids.size;
      if (id === ids.size) ids.set(part, id);
      folderMask = charMask(text, at, base);
      folderAt = at;
      folderCut = cut;
    }
    folder[i] = id;
    // One pass over the basename: its mask and where its stem ends (first dot after its first character).
    let baseMask = 0;
    let stemEnd = end;
    for (let j = base; j < end; j++) {
      const code = text.charCodeAt(j);
      baseMask |= code < 128 ? (ASCII_BITS[code] as number) : charBit(code);
      if (code === 46 && stemEnd === end && j > base) stemEnd = j;
    }
    baseMasks[i] = baseMask;
    mask[i] = folderMask | baseMask;
    tie[i] = tieOf(stemEnd - base, kind[i] === FILE, length);
    at = end + 1;
  }
  start[n] = at;
  const columns: TableColumns = {
    text, lower, start, baseStart, mask, baseMask: baseMasks, kind, size, folder, folders: ids.size, tie,
    firstLower: new Uint16Array(n), firstExact: new Uint16Array(n), flags,
  };
  fillFirsts(columns, n);
  return columns;
}

/** Whether `text[a..a+n)` equals `text[b..b+n)`, compared from the end (where folder parts differ). */
function sameRun(text: string, a: number, b: number, n: number): boolean {
  for (let i = n - 1; i >= 0; i--) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/** Where {@link hashOn} starts: FNV-1a's offset basis. */
const HASH_START = 0x811c9dc5 | 0;

/** FNV-1a over `text[from..to)`'s code units, continuing from hash `h`. */
function hashOn(h: number, text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** The hash {@link EntryTable.indexOfChild} takes for the names inside `folder`. */
export function folderHash(folder: string): number {
  return folder === '' ? HASH_START : hashOn(hashOn(HASH_START, folder, 0, folder.length), '/', 0, 1);
}

/**
 * The lower-cased text, or null when lower-casing changes only ASCII letters (every path ASCII, or
 * its other characters without case); path by path when it would change a character's length.
 */
export function lowerText(text: string, pathsOf: () => readonly string[]): string | null {
  const others = text.match(/[^\0-\x7f]+/g);
  if (!others) return null;
  const joined = others.join('');
  if (joined.toLowerCase() === joined) return null;
  const whole = text.toLowerCase();
  if (whole.length === text.length) return whole;
  return pathsOf().map(lowerSameLength).join('/');
}
