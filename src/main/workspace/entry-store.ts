/**
 * The entries of a workspace index and the flat, search-ready snapshot the matcher reads. Each entry
 * carries its lower-cased path, character mask and basename offset, computed once when it is added,
 * so a snapshot after a change is only a copy of references.
 */

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

/** An entry with the fields the matcher needs, precomputed. Internal to the workspace folder. */
export interface IndexedEntry extends WorkspaceEntry {
  /** `path` lower-cased, with the same length (characters whose lower case is longer are kept). */
  readonly lower: string;
  /** Bit set of the characters the path contains (see {@link charMask}). */
  readonly mask: number;
  /** Offset of the basename in `path`. */
  readonly baseStart: number;
  /** Character mask of the basename alone (bounds a match's basename bonus). */
  readonly baseMask: number;
  /** Memo of the hidden-path verdict, filled on first need (see {@link EntryStore.isVisible}). */
  hidden?: boolean;
}

/** A frozen view of the entries at one version; the matcher caches per snapshot. */
export interface IndexSnapshot {
  readonly version: number;
  /** Every entry, hidden ones included: filter with `isVisible` before showing any. */
  readonly entries: readonly IndexedEntry[];
  /** Whether an entry may be shown (not a protected path); memoised on the entry. */
  isVisible(entry: IndexedEntry): boolean;
}

/**
 * Bit for one character code: a-z get bits 0-25, digits 26, `.` 27, `/` 28, `-` and `_` 29, anything
 * else 30 (never required). Upper case maps to lower case.
 */
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
const ASCII_BITS = Int32Array.from({ length: 128 }, (_, code) => charBit(code));

/** The character mask of a string (or of `text[from..to)`): the OR of {@link charBit} over its characters. */
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

/**
 * Builds the searchable form of an entry. `folderMask`, when given, is the mask of the folder part
 * (shared by siblings, so a caller walking sorted paths computes it once per folder).
 */
export function indexEntry(entry: WorkspaceEntry, folderMask?: number): IndexedEntry {
  const lower = lowerSameLength(entry.path);
  const baseStart = entry.path.lastIndexOf('/') + 1;
  // Ranges, not slices: this runs for every path of a workspace.
  const baseMask = charMask(lower, baseStart);
  const mask = (folderMask ?? charMask(lower, 0, baseStart)) | baseMask;
  return { path: entry.path, kind: entry.kind, size: entry.size, lower, mask, baseStart, baseMask };
}

/**
 * A mutable set of entries keyed by path, with a version that changes on every mutation.
 *
 * Protected paths are judged lazily: the guard costs microseconds per path, which over 100,000
 * tracked files would double the build, so the verdict is taken when an entry is about to be shown
 * (a query's top results, `get`, `visibleEntries`) and remembered on the entry.
 */
export class EntryStore {
  // Either may be null: a bulk load keeps only the list (searchable at once) and builds the map on
  // the first lookup or change; a change keeps only the map until the next snapshot.
  private byPathMap: Map<string, IndexedEntry> | null = new Map();
  private list: IndexedEntry[] | null = null;
  private version = 0;
  private snap: IndexSnapshot | null = null;

  constructor(private readonly isHidden: (relPath: string) => boolean = () => false) {}

  /** Whether an entry may be shown; the verdict is computed once per entry. */
  readonly isVisible = (entry: IndexedEntry): boolean => {
    entry.hidden ??= this.isHidden(entry.path);
    return !entry.hidden;
  };

  /** Number of entries. */
  get size(): number {
    return this.list ? this.list.length : this.byPath.size;
  }

  /** Replaces everything with already indexed entries; the map is built later, when needed. */
  load(entries: IndexedEntry[]): void {
    this.list = entries;
    this.byPathMap = null;
    this.touch();
  }

  private get byPath(): Map<string, IndexedEntry> {
    if (!this.byPathMap) {
      this.byPathMap = new Map();
      for (const e of this.list ?? []) this.byPathMap.set(e.path, e);
    }
    return this.byPathMap;
  }

  /** Adds or replaces one entry. */
  set(entry: WorkspaceEntry): void {
    const old = this.byPath.get(entry.path);
    if (old && old.kind === entry.kind && old.size === entry.size) return;
    this.byPath.set(entry.path, indexEntry(entry));
    this.list = null;
    this.touch();
  }

  /** Removes one entry and, for a folder, everything under it. */
  delete(path: string): void {
    if (!this.byPath.delete(path)) return;
    const prefix = `${path}/`;
    for (const key of this.byPath.keys()) if (key.startsWith(prefix)) this.byPath.delete(key);
    this.list = null;
    this.touch();
  }

  /** The visible entry at a path, as a plain value, if any. */
  get(path: string): WorkspaceEntry | undefined {
    const e = this.byPath.get(path);
    return e && this.isVisible(e) ? { path: e.path, kind: e.kind, size: e.size } : undefined;
  }

  /** Whether a path is listed at all (hidden or not): for bookkeeping, not for showing. */
  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** Every visible entry as plain values (judges every path: meant for small workspaces and tests). */
  visibleEntries(): WorkspaceEntry[] {
    const out: WorkspaceEntry[] = [];
    for (const e of this.byPath.values()) if (this.isVisible(e)) out.push({ path: e.path, kind: e.kind, size: e.size });
    return out;
  }

  /**
   * Replaces everything at once (a finished walk). Unchanged entries keep their computed fields and
   * their place: entries already listed stay in their order (the tracked files' sorted order, in
   * which they were allocated), new ones follow. The matcher walks the list in order, so keeping it
   * in allocation order keeps its reads sequential in memory (twice as fast on 100,000 paths as the
   * walk's order), and siblings stay adjacent.
   */
  replaceAll(entries: Iterable<WorkspaceEntry>): void {
    const previous = this.byPath;
    const incoming = new Map<string, WorkspaceEntry>();
    for (const e of entries) incoming.set(e.path, e);
    const next = new Map<string, IndexedEntry>();
    for (const [path, old] of previous) {
      const e = incoming.get(path);
      if (!e) continue;
      next.set(path, old.kind === e.kind && old.size === e.size ? old : indexEntry(e));
      incoming.delete(path);
    }
    for (const e of incoming.values()) next.set(e.path, indexEntry(e));
    this.byPathMap = next;
    this.list = null;
    this.touch();
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
    this.snap ??= { version: this.version, entries: this.list ?? [...this.byPath.values()], isVisible: this.isVisible };
    return this.snap;
  }

  private touch(): void {
    this.version++;
    this.snap = null;
  }
}
