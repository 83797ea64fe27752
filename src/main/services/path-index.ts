import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GitMark } from '../../shared/api/contract';
import { indexWorkerScript, openWorkspaceIndex, type Pace } from '../workspace';

/**
 * The services' view of the workspace index (src/main/workspace): built in the background when a
 * workspace opens, kept current by its watchers, searched with its fuzzy matcher. Sizes the index
 * does not know yet (untracked files) are fetched for the matches returned only.
 */

/** One match, relative to the workspace root with `/` separators. */
export interface PathEntry {
  path: string;
  kind: 'file' | 'folder';
  /** Bytes for files; null for folders and unknown sizes. */
  size: number | null;
}

/** Options of a query. */
export interface PathQuery {
  kinds: ReadonlyArray<'file' | 'folder'>;
  /** Most matches returned. Default 50. */
  limit?: number;
  signal?: AbortSignal;
}

/** The first answer of {@link PathIndex.queryFirst}. */
export interface FirstPaths {
  entries: PathEntry[];
  rest: (() => Promise<PathEntry[] | null>) | null;
}

/** A searchable index of a workspace's paths. */
export interface PathIndex {
  /** Best matches for `text`, best first; an empty text lists the shallowest entries. */
  query(text: string, options: PathQuery): Promise<PathEntry[]>;
  /**
   * The same query in two steps: its first rows at once, and `rest`, which gives the final rows (or
   * null when a newer query replaced this one); `rest` is null when the first rows are final.
   */
  queryFirst(text: string, options: PathQuery): Promise<FirstPaths>;
  /** The git status marks of workspace paths, in the order given (see AsyncWorkspaceIndex.gitMarks). */
  gitMarks(items: Array<[string, 'file' | 'folder']>): Promise<GitMark[][]>;
  /** Stops building and watching. */
  close(): void;
  /** Settles when the first build ended (tests, benches). */
  ready(): Promise<unknown>;
}

/**
 * Starts indexing `root` in the background and returns at once; queries answer from what is indexed
 * so far. In the built app and host the index lives in a worker thread (`index-worker` next to the
 * bundle), so walking and fuzzy matching never stall the thread that serves the window; from
 * TypeScript sources (unit tests) it runs in-process.
 */
export function createPathIndex(root: string, pace?: Pace): PathIndex {
  const index = openWorkspaceIndex(root, { workerScript: indexWorkerScript(path.dirname(fileURLToPath(import.meta.url))), pace });
  const whole = async (text: string, options: PathQuery): Promise<PathEntry[]> => {
    const limit = options.limit ?? 50;
    const kinds = [...options.kinds];
    // A query fills in the sizes of untracked files among its matches; the empty listing does not.
    if (text.trim() === '') return entries(await index.shallowest(limit, kinds, options.signal));
    const found = await index.query(text, { limit, kinds, signal: options.signal });
    // Names copied from macOS are stored decomposed (NFD) while IMEs type composed (NFC) text: a
    // query that differs in the other form is asked in both, its own form's matches first.
    const other = otherForm(text);
    if (other === null) return entries(found);
    const more = await index.query(other, { limit, kinds, signal: options.signal });
    const seen = new Set(found.map((m) => m.path));
    return entries([...found, ...more.filter((m) => !seen.has(m.path))].slice(0, limit));
  };
  return {
    query: whole,
    async queryFirst(text, options) {
      // The empty listing and a text asked in both normalization forms are answered whole.
      if (text.trim() === '' || otherForm(text) !== null) return { entries: await whole(text, options), rest: null };
      const first = await index.queryFirst(text, { limit: options.limit ?? 50, kinds: [...options.kinds], signal: options.signal });
      if (first.final) return { entries: entries(first.matches), rest: null };
      return {
        entries: entries(first.matches),
        rest: async () => {
          const found = await index.queryRest(first.run);
          return found && entries(found);
        },
      };
    },
    gitMarks: (items) => index.gitMarks(items),
    close: () => void index.close(),
    ready: () => index.whenReady(),
  };
}

function entries(found: ReadonlyArray<{ path: string; kind: 'file' | 'folder'; size: number }>): PathEntry[] {
  return found.map((m) => ({ path: m.path, kind: m.kind, size: m.kind === 'file' && m.size >= 0 ? m.size : null }));
}

/** `text` in the other Unicode normalization form (NFD when it is composed, else NFC), or null when both are the same. */
function otherForm(text: string): string | null {
  const nfd = text.normalize('NFD');
  if (nfd !== text) return nfd;
  const nfc = text.normalize('NFC');
  return nfc !== text ? nfc : null;
}
