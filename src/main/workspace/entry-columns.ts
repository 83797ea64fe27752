/**
 * The per-entry fields the broad search reads for every candidate, laid out as typed arrays (one
 * column per field, indexed like `snapshot.entries`). Scanning 100,000 entry objects and their
 * lower-cased strings misses the cache on nearly every entry; the columns are a few hundred
 * kilobytes read in order, so a candidate that the masks or the basename's first character rule out
 * never touches its entry object at all.
 *
 * Built once per snapshot, on first need, and remembered with it (a snapshot never changes).
 */
import type { IndexedEntry, IndexSnapshot } from './entry-store';
import { stemLength } from './ranking';

/** The columns of one snapshot; see the module comment. */
export interface EntryColumns {
  /** Character mask of the whole path (`IndexedEntry.mask`). */
  readonly mask: Int32Array;
  /** Character mask of the basename (`IndexedEntry.baseMask`). */
  readonly baseMask: Int32Array;
  /** Offset of the basename (`IndexedEntry.baseStart`). */
  readonly baseStart: Int32Array;
  /** 1 for files, 2 for folders (as `kindBit`). */
  readonly kind: Uint8Array;
  /**
   * Folder-part id, 0 to `folders - 1`: equal exactly when the folder parts are equal, so a
   * per-folder memo is an array lookup instead of a string comparison.
   */
  readonly folder: Int32Array;
  /** Number of distinct folder parts. */
  readonly folders: number;
  /**
   * The tie-breaks of `better` folded into one number, lower is better: name stem length (capped at
   * 255), folders after files, path length (capped at 8191). The broad search's heap ranks by it.
   */
  readonly tie: Int32Array;
  /** First character of the basename, lower-cased and as written (0 for an empty basename). */
  readonly firstLower: Uint16Array;
  readonly firstExact: Uint16Array;
}

const built = new WeakMap<readonly IndexedEntry[], EntryColumns>();

/** The columns of `snapshot`, built on the first call for its entry list (about 10 ms for 100,000). */
export function columnsOf(snapshot: IndexSnapshot): EntryColumns {
  let columns = built.get(snapshot.entries);
  if (!columns) {
    columns = buildColumns(snapshot.entries);
    built.set(snapshot.entries, columns);
  }
  return columns;
}

/** Builds the columns of an entry list (exported for tests). */
export function buildColumns(entries: readonly IndexedEntry[]): EntryColumns {
  const n = entries.length;
  const mask = new Int32Array(n);
  const baseMask = new Int32Array(n);
  const baseStart = new Int32Array(n);
  const kind = new Uint8Array(n);
  const folder = new Int32Array(n);
  const tie = new Int32Array(n);
  const firstLower = new Uint16Array(n);
  const firstExact = new Uint16Array(n);
  const ids = new Map<string, number>();
  let id = -1;
  let current: string | null = null;
  for (let i = 0; i < n; i++) {
    const e = entries[i] as IndexedEntry;
    mask[i] = e.mask;
    baseMask[i] = e.baseMask;
    baseStart[i] = e.baseStart;
    kind[i] = e.kind === 'file' ? 1 : 2;
    // Compare the folder parts in place (no slices: this runs for every entry of a workspace).
    // Siblings are mostly adjacent: a string key is made only where the folder part changes.
    if (current === null || current.length !== e.baseStart || !e.path.startsWith(current)) {
      current = e.path.slice(0, e.baseStart);
      id = ids.get(current) ?? ids.size;
      if (id === ids.size) ids.set(current, id);
    }
    folder[i] = id;
    tie[i] = Math.min(stemLength(e), 255) * 2 ** 14 + (e.kind === 'file' ? 0 : 2 ** 13) + Math.min(e.path.length, 8191);
    if (e.baseStart < e.path.length) {
      const code = e.path.charCodeAt(e.baseStart);
      firstExact[i] = code;
      // ASCII lower-cased here: reading the lower-cased string too would cost a cache miss per entry.
      firstLower[i] = code >= 65 && code <= 90 ? code + 32 : code < 128 ? code : e.lower.charCodeAt(e.baseStart);
    }
  }
  return { mask, baseMask, baseStart, kind, folder, folders: ids.size, tie, firstLower, firstExact };
}

