/**
 * The entries of a workspace index: an immutable {@link EntryTable} that the matcher reads (the
 * snapshot), and the changes the watchers make, kept as a map of plain entries until the next
 * snapshot folds them into a new table.
 */
import type { EntryTable } from './entry-table';
import { extendTable, FILE, folderHash, FOLDER, HIDDEN, JUDGED, SAME_FOLDER, TableBuilder, TRACKED } from './entry-table';
import { trackedTable } from './tracked-table';

/** What an entry is. Symlinks that stay inside the workspace are listed as what they point at. */
export type EntryKind = 'file' | 'folder';

/** One file or folder of the workspace. */
export interface WorkspaceEntry {
  /** Repo-relative POSIX path, no leading `./`, no trailing `/`. */
  readonly path: string;
  readonly kind: EntryKind;
  /** Size in bytes for files when known (git's index records it), else -1; always -1 for folders. */
  readonly size: number;
}

/** An entry as a walk lists it: with whether git tracks it. */
export interface ListedEntry extends WorkspaceEntry {
  /** Tracked by git (a regular file, or a folder holding tracked files): listed even when ignored. */
  readonly tracked?: boolean;
  /** Its row in the table a walk looked it up in (-1: not there), when it did (see EntryStore.rowOf). */
  readonly row?: number;
}

/** A frozen view of the entries at one version: the table the matcher reads. */
export type IndexSnapshot = EntryTable;

/** An entry while changes are applied: the table's row as a value, hidden verdict memo included. */
interface Held {
  path: string;
  kind: EntryKind;
  size: number;
  tracked: boolean;
  /** The table's `flags` bits of the hidden verdict (see EntryTable.isVisible). */
  flags: number;
}

/**
 * What a walk learns about the rows of the table it started from: which rows it listed again
 * exactly as they are. Those it need not return as entries: on 100,000 tracked files, making an
 * entry object for each cost more (in garbage collection) than everything else the walk does
 * after `readdir`. See {@link EntryStore.startWalk}.
 */
export class WalkRows {
  /** 1 for each row the walk listed again unchanged. */
  readonly kept: Uint8Array;

  constructor(readonly table: EntryTable) {
    this.kept = new Uint8Array(table.count);
  }
}

/**
 * A mutable set of entries keyed by path, with a version that changes on every mutation.
 *
 * Also answers which paths git tracks: from the entries' tracked bit, and for tracked paths that are
 * not listed (deleted from disk, symlinks) from a small side list, so the walk's rescans list
 * tracked files under ignore rules without keeping git's whole listing beside the table.
 */
export class EntryStore {
  private table: EntryTable;
  // While changes are applied: every entry by path, in table order then new ones. Folded into a
  // new table by the next snapshot (it costs about as much as the table many times over).
  private map: Map<string, Held> | null = null;
  /** Whether `map` holds changes the table lacks. */
  private dirty = false;
  private version = 0;
  private readonly trackedFiles = new Map<string, number>();
  private readonly trackedFolders = new Set<string>();
  /** The folder {@link rowOf} asked about last, and its hash. */
  private hashed: string | null = null;
  private hash = 0;

  constructor(private readonly isHidden: (relPath: string) => boolean = () => false) {
    this.table = new TableBuilder().build(0, isHidden);
  }

  /** Number of entries. */
  get size(): number {
    return this.map ? this.map.size : this.table.count;
  }

  /**
   * Replaces everything with the tracked entries of `index` (the bytes of `.git/index`; see
   * tracked-table.ts); false, changing nothing, when the index cannot be read.
   */
  loadTracked(index: Buffer): boolean {
    const tracked = trackedTable(index, this.version + 1, this.isHidden);
    if (!tracked.ok) return false;
    this.map = null;
    this.dirty = false;
    this.version++;
    this.table = tracked.table;
    for (const [path, size] of tracked.symlinks) this.addTrackedElsewhere(path, 'file', size);
    return true;
  }

  /** Records tracked paths that are not listed as entries (symlinks wait for the walk to judge them). */
  addTrackedElsewhere(path: string, kind: EntryKind, size: number): void {
    if (kind === 'file') this.trackedFiles.set(path, size);
    else this.trackedFolders.add(path);
  }

  /**
   * The table's row of `folder/name` (-1: not in it), or undefined while changes are held apart from the
   * table. A walk hands the rows back to {@link replaceAll} (see {@link keep}), so each path is
   * hashed once, not twice.
   */
  rowOf(folder: string, name: string): number | undefined {
    if (this.map) return undefined;
    // A walk asks for every name of one folder in turn: its hash is kept meanwhile.
    if (folder !== this.hashed) {
      this.hashed = folder;
      this.hash = folderHash(folder);
    }
    return this.table.indexOfChild(folder, this.hash, name);
  }

  /** Starts recording a walk of the whole workspace, or null while changes are held apart from the table. */
  startWalk(): WalkRows | null {
    return this.map ? null : new WalkRows(this.table);
  }

  /**
   * Whether `row` (as {@link rowOf} answered) holds this entry exactly, in the table `walk` started
   * from; if so it is recorded as listed again, and the walk need not return it.
   */
  keep(walk: WalkRows, row: number, kind: EntryKind, size: number, tracked: boolean): boolean {
    const t = walk.table;
    if (this.map || this.table !== t || row < 0) return false;
    if (t.kind[row] !== (kind === 'file' ? FILE : FOLDER) || t.size[row] !== size || t.tracked(row) !== tracked) return false;
    walk.kept[row] = 1;
    return true;
  }

  /**
   * The size git recorded for the tracked file `folder/name` (`name` alone at the root), or
   * undefined when git does not track it. `row` is what {@link rowOf} answered for it, if it was
   * asked: then the joined path is made only when the side lists are not empty.
   */
  trackedSize(folder: string, name: string, row?: number): number | undefined {
    const t = this.table;
    if (row !== undefined && !this.map) {
      if (row >= 0 && t.tracked(row) && t.kind[row] === FILE) return t.size[row] as number;
      return this.trackedFiles.size > 0 ? this.trackedFiles.get(joinPath(folder, name)) : undefined;
    }
    const path = joinPath(folder, name);
    const e = this.find(path);
    return e && e.tracked && e.kind === 'file' ? e.size : this.trackedFiles.get(path);
  }

  /** Whether `folder/name` is a folder that holds tracked files; `row` as for {@link trackedSize}. */
  isTrackedFolder(folder: string, name: string, row?: number): boolean {
    const t = this.table;
    if (row !== undefined && !this.map) {
      if (row >= 0 && t.tracked(row) && t.kind[row] === FOLDER) return true;
      return this.trackedFolders.size > 0 && this.trackedFolders.has(joinPath(folder, name));
    }
    const path = joinPath(folder, name);
    const e = this.find(path);
    return (e !== undefined && e.tracked && e.kind === 'folder') || this.trackedFolders.has(path);
  }

  /** Adds or replaces one entry. */
  set(entry: ListedEntry): void {
    const map = this.byPath;
    const old = map.get(entry.path);
    const tracked = entry.tracked === true;
    if (tracked) this.forgetElsewhere(entry);
    if (old && old.kind === entry.kind && old.size === entry.size && old.tracked === tracked) return;
    if (old?.tracked && !tracked) this.addTrackedElsewhere(old.path, old.kind, old.size);
    // The hidden verdict depends on the path alone: kept.
    map.set(entry.path, { path: entry.path, kind: entry.kind, size: entry.size, tracked, flags: old ? old.flags : 0 });
    this.touch();
  }

  /** Removes one entry and, for a folder, everything under it. */
  delete(path: string): void {
    const map = this.byPath;
    const old = map.get(path);
    if (!old) return;
    this.forget(old);
    map.delete(path);
    const prefix = `${path}/`;
    for (const [key, e] of map) {
      if (!key.startsWith(prefix)) continue;
      this.forget(e);
      map.delete(key);
    }
    this.touch();
  }

  /** The visible entry at a path, as a plain value, if any. */
  get(path: string): WorkspaceEntry | undefined {
    if (this.map) {
      const e = this.map.get(path);
      return e && this.judge(e) ? { path: e.path, kind: e.kind, size: e.size } : undefined;
    }
    const i = this.table.indexOf(path);
    return i >= 0 && this.table.isVisible(i) ? this.table.entry(i) : undefined;
  }

  /** Whether a path is listed at all (hidden or not): for bookkeeping, not for showing. */
  has(path: string): boolean {
    return this.find(path) !== undefined;
  }

  /** Every visible entry as plain values (judges every path: meant for small workspaces and tests). */
  visibleEntries(): WorkspaceEntry[] {
    const table = this.snapshot();
    const out: WorkspaceEntry[] = [];
    for (let i = 0; i < table.count; i++) if (table.isVisible(i)) out.push(table.entry(i));
    return out;
  }

  /**
   * Replaces everything at once (a finished walk). Entries already listed keep their place (the
   * tracked files' sorted order), new ones follow: the matcher walks the table in order, and
   * siblings stay adjacent, which its per-folder memo relies on. Tracked entries that are no longer
   * listed are remembered as tracked elsewhere.
   */
  replaceAll(entries: Iterable<ListedEntry>, walk: WalkRows | null = null): void {
    let list = Array.isArray(entries) ? (entries as ListedEntry[]) : [...entries];
    const valid = walk !== null && walk.table === this.table && !this.map;
    // Rows kept in a table that has changed since: back to plain entries.
    if (walk && !valid) list = list.concat(keptEntries(walk));
    const version = this.version + 1;
    const merged = this.map ? this.mergeMap(list).build(version, this.isHidden) : this.mergeTable(list, valid ? walk : null, version);
    this.map = null;
    this.dirty = false;
    // Nothing changed: the same table, at the same version.
    if (merged === this.table) return;
    this.version = version;
    this.table = merged;
  }

  /** The rows of {@link replaceAll} while changes are held in the map. */
  private mergeMap(entries: Iterable<ListedEntry>): TableBuilder {
    const incoming = new Map<string, ListedEntry>();
    for (const e of entries) incoming.set(e.path, e);
    const builder = new TableBuilder();
    for (const old of (this.map as Map<string, Held>).values()) {
      const e = incoming.get(old.path);
      if (!e) {
        if (old.tracked) this.addTrackedElsewhere(old.path, old.kind, old.size);
        continue;
      }
      this.take(builder, e, old.flags);
      incoming.delete(old.path);
    }
    for (const e of incoming.values()) this.take(builder, e, 0);
    return builder;
  }

  /**
   * The rows of {@link replaceAll} from the table: each incoming path is looked up in the table's
   * hash index (built already by the walk's tracked look-ups) instead of a map of 100,000 paths.
   * When every row is listed again as it was (the usual walk after the tracked files), the result
   * is the table itself, or the table extended with the new rows (see extendTable).
   */
  private mergeTable(list: readonly ListedEntry[], walk: WalkRows | null, version: number): EntryTable {
    const t = this.table;
    const kept = walk?.kept ?? new Uint8Array(t.count);
    const rowOf = new Int32Array(t.count).fill(-1);
    const fresh = new Map<string, number>();
    for (let k = 0; k < list.length; k++) {
      const { path, row } = list[k] as ListedEntry;
      const i = walk && row !== undefined ? row : t.indexOf(path);
      // The last of equal paths wins, as a map would have it.
      if (i >= 0) rowOf[i] = k;
      else fresh.set(path, k);
    }
    if (this.unchangedRows(rowOf, kept, list)) {
      if (fresh.size === 0) return t;
      const added = new TableBuilder();
      for (const k of fresh.values()) this.take(added, list[k] as ListedEntry, 0);
      return extendTable(t, added, version, this.isHidden);
    }
    const builder = new TableBuilder();
    let previous = -1;
    for (let i = 0; i < t.count; i++) {
      const k = rowOf[i] as number;
      if (k >= 0 || kept[i] === 1) {
        // Rows copied in table order: the previous one's folder id says whether the folder part is the same.
        const same = previous >= 0 && t.folder[previous] === t.folder[i] ? SAME_FOLDER : 0;
        this.take(builder, k >= 0 ? (list[k] as ListedEntry) : rowEntry(t, i), ((t.flags[i] as number) & (JUDGED | HIDDEN)) | same);
        previous = i;
      } else if (t.tracked(i)) this.addTrackedElsewhere(t.path(i), t.kind[i] === FILE ? 'file' : 'folder', t.size[i] as number);
    }
    for (const k of fresh.values()) this.take(builder, list[k] as ListedEntry, 0);
    return builder.build(version, this.isHidden);
  }

  /** Whether every row of the table is kept or listed again with the same kind, size and tracked bit. */
  private unchangedRows(rowOf: Int32Array, kept: Uint8Array, list: readonly ListedEntry[]): boolean {
    const t = this.table;
    for (let i = 0; i < t.count; i++) {
      const k = rowOf[i] as number;
      if (k < 0) {
        if (kept[i] === 1) continue;
        return false;
      }
      const e = list[k] as ListedEntry;
      if ((e.kind === 'file' ? FILE : FOLDER) !== t.kind[i] || e.size !== t.size[i] || (e.tracked === true) !== t.tracked(i)) return false;
    }
    // Listed again, tracked ones are no longer tracked elsewhere (as `take` would have it).
    if (this.trackedFiles.size + this.trackedFolders.size > 0) {
      for (let i = 0; i < t.count; i++) if (t.tracked(i)) this.forgetElsewhere(rowEntry(t, i));
    }
    return true;
  }

  /** Adds a listed entry to `builder`, keeping the hidden verdict in `flags`. */
  private take(builder: TableBuilder, e: ListedEntry, flags: number): void {
    if (e.tracked) this.forgetElsewhere(e);
    builder.push(e.path, e.kind, e.size, e.tracked === true, flags);
  }

  /** Paths directly inside a folder (`''` for the root). */
  children(folder: string): string[] {
    const prefix = folder ? `${folder}/` : '';
    const out: string[] = [];
    for (const key of this.byPath.keys()) {
      if (key.startsWith(prefix) && key.indexOf('/', prefix.length) < 0) out.push(key);
    }
    return out;
  }

  /** The current snapshot; the same object until the next mutation. */
  snapshot(): IndexSnapshot {
    if (this.map && !this.dirty) this.map = null;
    if (this.map) {
      const builder = new TableBuilder();
      for (const e of this.map.values()) builder.push(e.path, e.kind, e.size, e.tracked, e.flags);
      this.table = builder.build(this.version, this.isHidden);
      this.map = null;
      this.dirty = false;
    }
    return this.table;
  }

  private get byPath(): Map<string, Held> {
    if (!this.map) {
      const t = this.table;
      const map = new Map<string, Held>();
      for (let i = 0; i < t.count; i++) {
        const flags = t.flags[i] as number;
        map.set(t.path(i), { path: t.path(i), kind: t.kind[i] === FILE ? 'file' : 'folder', size: t.size[i] as number, tracked: (flags & TRACKED) !== 0, flags });
      }
      this.map = map;
    }
    return this.map;
  }

  private find(path: string): Held | undefined {
    if (this.map) return this.map.get(path);
    const t = this.table;
    const i = t.indexOf(path);
    if (i < 0) return undefined;
    return { path, kind: t.kind[i] === FILE ? 'file' : 'folder', size: t.size[i] as number, tracked: t.tracked(i), flags: t.flags[i] as number };
  }

  /** Whether a held entry may be shown; the verdict is memoised in its flags. */
  private judge(e: Held): boolean {
    if ((e.flags & JUDGED) === 0) e.flags |= JUDGED | (this.isHidden(e.path) ? HIDDEN : 0);
    return (e.flags & HIDDEN) === 0;
  }

  private forget(e: Held): void {
    if (e.tracked) this.addTrackedElsewhere(e.path, e.kind, e.size);
  }

  private forgetElsewhere(e: WorkspaceEntry): void {
    // Usually empty: checked first, so a walk of 100,000 tracked entries hashes no path here.
    if (e.kind === 'file') { if (this.trackedFiles.size > 0) this.trackedFiles.delete(e.path); }
    else if (this.trackedFolders.size > 0) this.trackedFolders.delete(e.path);
  }

  private touch(): void {
    this.dirty = true;
    this.version++;
  }
}

/** Row `i` of `t` as a listed entry. */
function rowEntry(t: EntryTable, i: number): ListedEntry {
  return { path: t.path(i), kind: t.kind[i] === FILE ? 'file' : 'folder', size: t.size[i] as number, tracked: t.tracked(i) };
}

/** The rows a walk kept, as listed entries. */
function keptEntries(walk: WalkRows): ListedEntry[] {
  const out: ListedEntry[] = [];
  for (let i = 0; i < walk.kept.length; i++) if (walk.kept[i] === 1) out.push(rowEntry(walk.table, i));
  return out;
}

/** `folder/name`, or `name` at the root (`folder` is `''`). */
export function joinPath(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}
