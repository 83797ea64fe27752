import { createWorkspaceIndex, query, type WorkspaceIndex } from '../workspace';

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

/** A searchable index of a workspace's paths. */
export interface PathIndex {
  /** Best matches for `text`, best first; an empty text lists the shallowest entries. */
  query(text: string, options: PathQuery): Promise<PathEntry[]>;
  /** Stops building and watching. */
  close(): void;
  /** Settles when the first build ended (tests, benches). */
  ready(): Promise<unknown>;
}

/** Starts indexing `root` in the background and returns at once; queries answer from what is indexed so far. */
export function createPathIndex(root: string): PathIndex {
  const index: WorkspaceIndex = createWorkspaceIndex(root);
  return {
    async query(text, options) {
      const limit = options.limit ?? 50;
      // The snapshot, not the index: `query` tells the two apart by an `entries` key, which the
      // index class also has (as a method), so passing the index finds nothing.
      const found = text.trim() === '' ? shallowest(index, options.kinds, limit) : query(index.snapshot(), text, { limit, kinds: options.kinds });
      const unknown = found.filter((m) => m.kind === 'file' && m.size < 0).map((m) => m.path);
      const sizes = unknown.length > 0 ? await index.sizes(unknown, options.signal) : new Map<string, number>();
      return found.map((m) => {
        const size = m.kind === 'folder' ? null : m.size >= 0 ? m.size : (sizes.get(m.path) ?? null);
        return { path: m.path, kind: m.kind, size: size !== null && size >= 0 ? size : null };
      });
    },
    close: () => index.close(),
    ready: () => index.whenReady(),
  };
}

/** What `@file:` offers before anything is typed: the top of the tree, folders by depth then name. */
function shallowest(index: WorkspaceIndex, kinds: ReadonlyArray<'file' | 'folder'>, limit: number) {
  const depth = (p: string) => p.split('/').length;
  return index
    .entries()
    .filter((e) => kinds.includes(e.kind))
    .sort((a, b) => depth(a.path) - depth(b.path) || a.path.localeCompare(b.path))
    .slice(0, limit);
}
