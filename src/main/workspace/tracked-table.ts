/**
 * The tracked files of a repository as an {@link EntryTable}, built straight from the bytes of
 * `.git/index`: the first answer of a workspace index in a git repository.
 *
 * Why not paths first: making a string per path and then the table from the strings cost about
 * four times `git ls-files` on 120,000 files (issue 12's "index, tracked" row), half of it garbage
 * collection. Here one pass over the index computes every column from each name's bytes; the
 * names are then gathered into the table's text (joined with `/`) and decoded once, and no path
 * becomes a string of its own.
 *
 * The index is sorted by path, so everything inside a folder is one run of entries. The folders of
 * the current entry are therefore a stack: moving to the next entry keeps the folders it shares
 * with the previous one and opens the rest, which are new (a folder is never met again once left).
 * That gives each folder its row, and each folder part its id, without a hash table of paths.
 *
 * Rows, in order: each listed entry of the index (sorted by path), with the folders that hold it
 * inserted before the first file inside them, deepest first (a folder already listed is not listed
 * again). Symlinks are not rows: the walk judges where they lead, and they are returned apart.
 * Submodules and sparse folders are folder rows that are not marked tracked, so an ignore rule may
 * still drop them.
 *
 * Offsets in the table are UTF-16 units of the decoded text, counted from the UTF-8 bytes as they
 * are copied. That count is right only for valid UTF-8; an index with a name that is not (a
 * Latin-1 name from an old system) is rebuilt from decoded strings instead, the slow and exact way.
 */
import { isUtf8 } from 'node:buffer';
import { ASCII_BITS, EntryTable, FILE, fillFirsts, FOLDER, grown, lowerText, TableBuilder, tieOf, TRACKED, type TableColumns } from './entry-table';
import { IndexCursor } from '../git/storage/index-cursor';
import { largeBuffer } from '../guards/large-buffer';
import type { GitIndexFailure } from './git-index';

/** The table of tracked entries, and the tracked symlinks (path and size) that it leaves out. */
export interface TrackedTable {
  ok: true;
  table: EntryTable;
  symlinks: Array<[string, number]>;
}

const SLASH = 47;
const DOT = 46;

/**
 * One folder of the current entry's folder chain: where its path ends in the current name, its
 * part (its path and `/`, what its children's rows share), and its own name for its row.
 */
interface Level {
  /** Byte length of the folder's path in the name (-1 for the root). */
  cut: number;
  /** Id of its part, given when a row first uses it (ids follow the rows' order), else -1. */
  id: number;
  /** Mask and UTF-16 length of its part. */
  mask: number;
  units: number;
  /** Its name (last component): UTF-16 length, mask and stem length (see {@link tieOf}). */
  nameUnits: number;
  nameMask: number;
  stem: number;
}

function level(cut: number): Level {
  return { cut, id: -1, mask: 0, units: 0, nameUnits: 0, nameMask: 0, stem: 0 };
}

/**
 * Growable columns and text bytes of the rows being built.
 *
 * Versions 2 and 3 of the index hold every name whole, so the rows' bytes are not copied as rows
 * are added: each row records where its bytes are in the index, and {@link joined} then moves them
 * into place inside the index buffer itself: a row's place never starts after its bytes (each entry
 * takes 62 bytes of stat data more than its name), so nothing is overwritten before it is moved.
 * Where the folder rows of a first entry would overtake that (deep, long folder names), the text is
 * gathered into a new buffer instead. Copying byte by byte into a new buffer cost about a third of
 * the build, and a native copy per row costs more in calls than it saves. Version 4 rebuilds each
 * name in a scratch buffer, so its rows are copied as they come.
 */
class Rows {
  count = 0;
  /** Bytes of the joined text (`/` between rows), once copied. */
  length = 0;
  /** UTF-16 units of the joined text (valid UTF-8 assumed; see the module comment). */
  units = 0;
  /** Whether a byte from 0x80 up was met (the text is not ASCII). */
  high = false;
  /** Number of folder-part ids given. */
  folders = 0;
  /** Where each row's bytes start in the joined text. */
  byteStart: Int32Array;
  /** Where each row's bytes are in {@link index} (rows not copied yet). */
  source: Int32Array;
  start: Int32Array;
  baseStart: Int32Array;
  mask: Int32Array;
  baseMask: Int32Array;
  kind: Uint8Array;
  size: Float64Array;
  folder: Int32Array;
  tie: Int32Array;
  flags: Uint8Array;
  /** Bytes of rows copied as they come (version 4). */
  private bytes: Buffer;
  /** Whether every row's bytes can be moved within the index (see the class comment). */
  private inPlace = true;
  private text: Buffer | null = null;

  constructor(
    /** The index's bytes: where rows not copied yet are read from. */
    private readonly index: Buffer,
    rows: number,
  ) {
    const n = Math.max(rows, 1024);
    this.bytes = Buffer.alloc(0);
    this.byteStart = new Int32Array(n);
    this.source = new Int32Array(n);
    this.start = new Int32Array(n);
    this.baseStart = new Int32Array(n);
    this.mask = new Int32Array(n);
    this.baseMask = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.size = new Float64Array(n);
    this.folder = new Int32Array(n);
    this.tie = new Int32Array(n);
    this.flags = new Uint8Array(n);
  }

  /**
   * Adds the row whose path is `names[from..to)`, inside folder `parent`, with a basename of
   * `baseUnits` UTF-16 units, mask `baseMask` and a stem of `stemUnits` (see {@link tieOf}).
   */
  push(names: Buffer, from: number, to: number, parent: Level, baseUnits: number, baseMask: number, stemUnits: number, isFile: boolean, size: number, tracked: boolean): void {
    if (parent.id < 0) parent.id = this.folders++;
    const i = this.count;
    if (i === this.kind.length) this.growRows();
    const at = i === 0 ? 0 : this.length + 1;
    const rowUnits = i === 0 ? 0 : this.units + 1;
    this.byteStart[i] = at;
    if (names === this.index) {
      this.source[i] = from;
      // Moved into place later: only if its place starts no later than its bytes.
      if (at > from) this.inPlace = false;
    } else {
      if (at + (to - from) > this.bytes.length) this.growBytes(at + (to - from));
      const bytes = this.bytes;
      if (i > 0) bytes[at - 1] = SLASH;
      let o = at;
      for (let j = from; j < to; j++) bytes[o++] = names[j] as number;
      this.source[i] = -1;
    }
    this.length = at + (to - from);
    this.start[i] = rowUnits;
    this.baseStart[i] = rowUnits + parent.units;
    this.mask[i] = parent.mask | baseMask;
    this.baseMask[i] = baseMask;
    this.kind[i] = isFile ? FILE : FOLDER;
    this.size[i] = size;
    this.folder[i] = parent.id;
    this.tie[i] = tieOf(stemUnits, isFile, parent.units + baseUnits);
    this.flags[i] = tracked ? TRACKED : 0;
    this.units = rowUnits + parent.units + baseUnits;
    this.count = i + 1;
  }

  private growRows(): void {
    const n = this.kind.length * 2;
    this.byteStart = grown(this.byteStart, n);
    this.source = grown(this.source, n);
    this.start = grown(this.start, n);
    this.baseStart = grown(this.baseStart, n);
    this.mask = grown(this.mask, n);
    this.baseMask = grown(this.baseMask, n);
    this.kind = grown(this.kind, n);
    this.size = grown(this.size, n);
    this.folder = grown(this.folder, n);
    this.tie = grown(this.tie, n);
    this.flags = grown(this.flags, n);
  }

  private growBytes(needed: number): void {
    const bytes = largeBuffer(Math.max(this.bytes.length * 2, needed, 1 << 16));
    this.bytes.copy(bytes, 0, 0, this.length);
    this.bytes = bytes;
  }

  /** The joined text's bytes: the rows moved into place in the index, or copied out of it. */
  joined(): Buffer {
    if (this.text) return this.text;
    const n = this.count;
    if (n > 0 && this.source[0] === -1) return (this.text = this.bytes.subarray(0, this.length));
    const index = this.index;
    const target = this.inPlace ? index : largeBuffer(this.length);
    for (let i = 0; i < n; i++) {
      const at = this.byteStart[i] as number;
      const end = i + 1 < n ? (this.byteStart[i + 1] as number) - 1 : this.length;
      const from = this.source[i] as number;
      if (this.inPlace) target.copyWithin(at, from, from + end - at);
      else index.copy(target, at, from, from + end - at);
      if (i + 1 < n) target[end] = SLASH;
    }
    return (this.text = target.subarray(0, this.length));
  }

  /** The table of the rows, or null when the text is not valid UTF-8 (offsets would be wrong). */
  table(version: number, isHidden: (relPath: string) => boolean): EntryTable | null {
    const n = this.count;
    const raw = this.joined();
    if (this.high && !isUtf8(raw)) return null;
    const text = raw.toString(this.high ? 'utf8' : 'latin1');
    const start = new Int32Array(n + 1);
    start.set(this.start.subarray(0, n));
    start[n] = n === 0 ? 0 : this.units + 1;
    // Columns a little longer than the rows are kept as they are rather than copied.
    const fit = <T extends Int32Array | Uint8Array | Float64Array>(column: T): T => (column.length - n <= n >> 2 ? column.subarray(0, n) : column.slice(0, n)) as T;
    const columns: TableColumns = {
      text,
      lower: this.high ? lowerText(text, () => pathsOf(text, start, n)) : null,
      start,
      baseStart: fit(this.baseStart),
      mask: fit(this.mask),
      baseMask: fit(this.baseMask),
      kind: fit(this.kind),
      size: fit(this.size),
      folder: fit(this.folder),
      folders: this.folders,
      tie: fit(this.tie),
      firstLower: new Uint16Array(n),
      firstExact: new Uint16Array(n),
      flags: fit(this.flags),
    };
    fillFirsts(columns, n);
    return new EntryTable(version, columns, isHidden);
  }

  /** The same rows through {@link TableBuilder}, each path decoded on its own (invalid bytes replaced). */
  decodedTable(version: number, isHidden: (relPath: string) => boolean): EntryTable {
    const builder = new TableBuilder();
    const raw = this.joined();
    for (let i = 0; i < this.count; i++) {
      const end = i + 1 < this.count ? (this.byteStart[i + 1] as number) - 1 : this.length;
      const flags = this.flags[i] as number;
      builder.push(raw.toString('utf8', this.byteStart[i], end), this.kind[i] === FILE ? 'file' : 'folder', this.size[i] as number, (flags & TRACKED) !== 0);
    }
    return builder.build(version, isHidden);
  }
}

function pathsOf(text: string, start: Int32Array, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(text.slice(start[i], (start[i + 1] as number) - 1));
  return out;
}

/**
 * Measures `names[from..to)` (one name, no `/`) into `into`: UTF-16 length, mask, stem. Sets
 * `rows.high` on a byte from 0x80 up.
 */
function measureName(names: Buffer, from: number, to: number, into: Level, rows: Rows): void {
  let units = 0;
  let mask = 0;
  let stem = -1;
  for (let j = from; j < to; j++) {
    const b = names[j] as number;
    if (b < 0x80) {
      if (b === DOT && stem < 0 && j > from) stem = units;
      mask |= ASCII_BITS[b] as number;
      units++;
    } else {
      rows.high = true;
      if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
    }
  }
  into.nameUnits = units;
  into.nameMask = mask;
  into.stem = stem < 0 ? units : stem;
}

/**
 * The name of the last folder closed at each depth, while its parent stays open. The stack of
 * folders holds only for an index sorted as git sorts it (by path bytes): the next folder opened
 * at that depth must sort after it, compared as `name/`. One that does not would be listed twice
 * with two folder-part ids, so such an index is refused (git never writes one).
 */
class ClosedFolders {
  private readonly names: Buffer[] = [];
  private readonly lengths: number[] = [];

  /** Folder `bytes[from..to)` at `depth` was closed: its children's records end with it. */
  remember(depth: number, bytes: Uint8Array, from: number, to: number): void {
    let name = this.names[depth];
    if (!name || name.length < to - from) name = this.names[depth] = Buffer.alloc(Math.max(64, (to - from) * 2));
    for (let i = from; i < to; i++) name[i - from] = bytes[i] as number;
    this.lengths[depth] = to - from;
    for (let d = depth + 1; d < this.lengths.length; d++) this.lengths[d] = -1;
  }

  /** Whether a folder named `bytes[from..to)` may be opened at `depth` (it sorts after the last closed there); forgets what was closed below it. */
  before(depth: number, bytes: Uint8Array, from: number, to: number): boolean {
    for (let d = depth + 1; d < this.lengths.length; d++) this.lengths[d] = -1;
    const length = this.lengths[depth] ?? -1;
    if (length < 0) return true;
    const last = this.names[depth] as Buffer;
    // Byte by byte, each name ending in `/` (so `a-b/` sorts before `a/`, as git has it).
    for (let i = 0; ; i++) {
      const a = from + i < to ? (bytes[from + i] as number) : from + i === to ? SLASH : -1;
      const b = i < length ? (last[i] as number) : i === length ? SLASH : -1;
      if (a !== b) return a > b;
      if (a === -1) return false;
    }
  }
}

const SLASH_BIT = ASCII_BITS[SLASH] as number;

/**
 * Builds the table of the tracked entries in `index` (the bytes of `.git/index`; see the module
 * comment for the rows). `version` and `isHidden` are the table's (see {@link EntryTable}). The
 * bytes of `index` are overwritten: the table's text is gathered inside them.
 */
export function trackedTable(index: Buffer, version: number, isHidden: (relPath: string) => boolean): TrackedTable | GitIndexFailure {
  const cursor = new IndexCursor(index);
  // Folders are usually far fewer than files.
  const rows = new Rows(index, cursor.entries + (cursor.entries >> 2));
  const symlinks: Array<[string, number]> = [];
  // The folder chain of the current entry: levels[0] is the root, levels[depth - 1] its folder.
  const levels: Level[] = [level(-1)];
  let depth = 1;
  const closed = new ClosedFolders();
  // The previous entry's folder path: `dir[dirAt..dirAt + dirLength)`. In versions 2 and 3 that is
  // the previous name in the index (untouched until the rows are joined); in version 4 a copy.
  let dir: Buffer = index;
  let dirAt = 0;
  let dirLength = -1;
  let copy: Buffer | null = null;
  // The index as 32-bit words, for comparing names (only if its bytes start on a 4-byte boundary).
  const words = index.byteOffset % 4 === 0 ? new Uint32Array(index.buffer, index.byteOffset, index.length >> 2) : null;
  while (cursor.next()) {
    const { names, from, to, type, size } = cursor;
    // The basename, read backwards from the end: its mask, length in UTF-16 units, where its stem
    // ends (the first dot after its first character: the last dot seen, or the one before it).
    let j = to - 1;
    let baseMask = 0;
    let units = 0;
    let dotAt = -1;
    let dotAfter = 0;
    let nextDotAfter = -1;
    for (; j >= from; j--) {
      const b = names[j] as number;
      if (b === SLASH) break;
      if (b < 0x80) {
        if (b === DOT) {
          nextDotAfter = dotAt < 0 ? -1 : dotAfter;
          dotAt = j;
          dotAfter = units;
        }
        baseMask |= ASCII_BITS[b] as number;
        units++;
      } else {
        rows.high = true;
        // A lead byte: one unit, two for a 4-byte sequence (a surrogate pair). No mask bit.
        if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
      }
    }
    const after = dotAt === j + 1 ? nextDotAfter : dotAt < 0 ? -1 : dotAfter;
    const stem = after < 0 ? units : units - after - 1;
    const length = j < from ? 0 : j - from;
    // Bytes shared with the previous entry's folder (a loop: Buffer#compare costs more per call).
    // Four at a time where both names sit alike on 4-byte boundaries, as version 2 and 3 entries
    // do (each is padded to 8 bytes): siblings share the whole folder, tens of bytes.
    let same = 0;
    const limit = Math.min(length, dirLength);
    if (words !== null && dir === names && ((dirAt ^ from) & 3) === 0) {
      while (same < limit && ((from + same) & 3) !== 0 && dir[dirAt + same] === names[from + same]) same++;
      if (((from + same) & 3) === 0) {
        let a = (dirAt + same) >> 2;
        let b = (from + same) >> 2;
        while (same + 4 <= limit && words[a] === words[b]) {
          same += 4;
          a++;
          b++;
        }
      }
    }
    while (same < limit && dir[dirAt + same] === names[from + same]) same++;
    if (same !== length || length !== dirLength) {
      // Keep the folders shared with the previous entry's folder: same bytes up to where their
      // path ends, and a folder boundary there in this name too.
      while (depth > 1) {
        const cut = (levels[depth - 1] as Level).cut;
        if (cut <= same && (cut === length || names[from + cut] === SLASH)) break;
        depth--;
        // Closing this folder: remember its name (it is in the previous entry's folder path);
        // what was closed inside it no longer matters.
        closed.remember(depth, dir, dirAt + (levels[depth - 1] as Level).cut + 1, dirAt + cut);
      }
      // Open the rest of this entry's folders, one per remaining component.
      const opened = depth;
      for (let at = (levels[depth - 1] as Level).cut + 1; at < length; ) {
        let end = at;
        while (end < length && names[from + end] !== SLASH) end++;
        if (!closed.before(depth, names, from + at, from + end)) return { ok: false, code: 'corrupt', message: 'the git index lists its entries out of order' };
        const parent = levels[depth - 1] as Level;
        const next = (levels[depth] ??= level(0));
        measureName(names, from + at, from + end, next, rows);
        next.cut = end;
        next.id = -1;
        next.mask = parent.mask | next.nameMask | SLASH_BIT;
        next.units = parent.units + next.nameUnits + 1;
        depth++;
        at = end + 1;
      }
      // Their rows, deepest first, before the entry.
      for (let k = depth - 1; k >= opened; k--) {
        const folder = levels[k] as Level;
        rows.push(names, from, from + folder.cut, levels[k - 1] as Level, folder.nameUnits, folder.nameMask, folder.stem, false, -1, true);
      }
      dirLength = length;
    }
    if (names === index) {
      dir = index;
      dirAt = from;
    } else {
      if (!copy || length > copy.length) copy = Buffer.alloc(Math.max(256, length * 2));
      for (let k = 0; k < length; k++) copy[k] = names[from + k] as number;
      dir = copy;
      dirAt = 0;
    }
    if (type === 'symlink') symlinks.push([names.toString('utf8', from, to), size]);
    else rows.push(names, from, to, levels[depth - 1] as Level, units, baseMask, stem, type === 'file', type === 'file' ? size : -1, type === 'file');
  }
  if (cursor.failure) return cursor.failure;
  return { ok: true, table: rows.table(version, isHidden) ?? rows.decodedTable(version, isHidden), symlinks };
}
