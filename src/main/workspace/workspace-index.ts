/**
 * The workspace index behind @-completion: every file and folder of a workspace that git would not
 * ignore, minus protected paths, built in the background and kept current as files change.
 *
 * How it is built, fastest first:
 * 1. In a git repository, `.git/index` is parsed (no git process): the tracked files and their
 *    folders are searchable after about the time `git ls-files` takes (event `tracked`).
 * 2. A walk then adds untracked files that no ignore rule matches and drops tracked files
 *    deleted from disk (event `ready`). Outside git, only this step runs.
 * 3. Each listed folder is watched; changes trigger a debounced rescan of that folder (event
 *    `updated`). See `folder-watcher.ts` for why this is not a recursive watch.
 *
 * Sizes come from git's index for tracked files; other files report -1 until {@link WorkspaceIndex.sizes}
 * fetches them, which the completion does only for the options it shows.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isProtectedRelativePath } from '../guards/protected-paths';
import { EntryStore, type EntryKind, type IndexSnapshot, type WorkspaceEntry } from './entry-store';
import { FolderWatcher } from './folder-watcher';
import { findGitDir, readGitIndexBytes } from './git-index';
import { IgnoreChain, rootIgnoreChain } from './ignore-rules';
import { listFolder, walkWorkspace, type WalkContext } from './walk';

/** What the index reports while it builds and afterwards. */
export type IndexEvent =
  | { type: 'progress'; folders: number; entries: number }
  | { type: 'tracked'; entries: number; ms: number }
  | { type: 'ready'; entries: number; ms: number }
  | { type: 'updated'; entries: number; folders: string[] }
  | { type: 'failed'; code: 'not_found' | 'failed'; message: string };

/** Options of {@link createWorkspaceIndex}. */
export interface WorkspaceIndexOptions {
  /** Stops the build and every watcher when aborted. */
  signal?: AbortSignal;
  /** Receives every {@link IndexEvent}; same as calling `subscribe` at once. */
  onProgress?: (event: IndexEvent) => void;
  /** Keep the index current with file watchers. Default true. */
  watch?: boolean;
  /** Quiet time before changed folders are rescanned, in ms. Default 100. */
  debounceMs?: number;
  /** Paths never listed. Default: the protected-path guard's verdict. */
  isHidden?: (relPath: string) => boolean;
}

/** The state of an index. */
export type IndexState = 'building' | 'ready' | 'failed' | 'closed';

const defaultHidden = (rel: string): boolean => isProtectedRelativePath(rel).protected;

/** A workspace's live file index. Create it with {@link createWorkspaceIndex}. */
export class WorkspaceIndex {
  /** Current state; `ready` once the walk finished. */
  state: IndexState = 'building';
  private readonly store: EntryStore;
  private readonly listeners = new Set<(event: IndexEvent) => void>();
  private readonly controller = new AbortController();
  /**
   * The ignore chain of each walked folder whose own `.gitignore` changed it; any other folder
   * uses its nearest such ancestor's (or the root's): one entry per `.gitignore`, not per folder.
   */
  private readonly ownChains = new Map<string, IgnoreChain>();
  private watcher: FolderWatcher | null = null;
  private ctx: WalkContext | null = null;
  private rootChain = IgnoreChain.empty();
  private gitDir: string | null = null;
  private readonly done: Promise<IndexState>;

  constructor(
    /** The workspace folder as given; the real path is used for reading. */
    readonly root: string,
    private readonly options: WorkspaceIndexOptions = {},
  ) {
    this.store = new EntryStore(options.isHidden ?? defaultHidden);
    if (options.onProgress) this.listeners.add(options.onProgress);
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    if (options.signal?.aborted) this.close();
    this.done = this.build().then(
      () => this.state,
      (error: unknown) => {
        if (this.state !== 'closed') this.fail('failed', `the workspace could not be indexed: ${String(error)}`);
        return this.state;
      },
    );
  }

  /** The entries now: a frozen snapshot that the matcher reads (building indexes answer partially). */
  snapshot(): IndexSnapshot {
    return this.store.snapshot();
  }

  /** The entry at a repo-relative path, if listed and not protected. */
  get(relPath: string): WorkspaceEntry | undefined {
    return this.store.get(relPath);
  }

  /** Every listed, unprotected entry (judges each path: for small workspaces and tests; search with `query`). */
  entries(): WorkspaceEntry[] {
    return this.store.visibleEntries();
  }

  /** Listens to events; returns the function that stops listening. */
  subscribe(listener: (event: IndexEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with the final build state (`ready`, `failed` or `closed`); never rejects. */
  whenReady(): Promise<IndexState> {
    return this.done;
  }

  /** Resolves once change events received so far have been applied. */
  async settle(): Promise<void> {
    await this.done;
    await this.watcher?.settle();
  }

  /**
   * Sizes of files (`lstat`, fetched now), for the few options a completion shows. Folders and
   * paths that vanished are left out.
   */
  async sizes(relPaths: readonly string[], signal?: AbortSignal): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const real = this.ctx?.root ?? this.root;
    await Promise.all(relPaths.map(async (rel) => {
      signal?.throwIfAborted();
      const info = await lstat(path.join(real, rel)).catch(() => null);
      if (info?.isFile()) out.set(rel, info.size);
    }));
    return out;
  }

  /** Stops building and watching. The last snapshot stays readable. */
  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.controller.abort(new Error('the workspace index was closed'));
    this.watcher?.close();
  }

  private emit(event: IndexEvent): void {
    // After a change the table is built now (tens of milliseconds on a large index), rather than
    // inside the next keystroke's query.
    if (event.type === 'updated') this.store.snapshot();
    for (const l of this.listeners) l(event);
  }

  /** The ignore chain that applies inside walked folder `rel`. */
  private chainOf(rel: string): IgnoreChain {
    for (let at = rel.length; at > 0; at = rel.lastIndexOf('/', at - 1)) {
      const own = this.ownChains.get(rel.slice(0, at));
      if (own) return own;
    }
    return this.rootChain;
  }

  /** Records the chain of a walked folder (kept only where its own `.gitignore` changed it). */
  private setChain(rel: string, chain: IgnoreChain): void {
    if (rel !== '' && chain !== this.chainOf(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '')) this.ownChains.set(rel, chain);
    else this.ownChains.delete(rel);
  }

  private fail(code: 'not_found' | 'failed', message: string): void {
    this.state = 'failed';
    this.emit({ type: 'failed', code, message });
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const signal = this.controller.signal;
    const root = await realpath(this.root).catch(() => null);
    if (!root) return this.fail('not_found', 'workspace folder not found; open an existing folder');
    const isHidden = this.options.isHidden ?? defaultHidden;
    const gitDir = await findGitDir(root);
    this.gitDir = gitDir;
    if (gitDir) await this.loadTracked(gitDir, signal, started);
    signal.throwIfAborted();
    this.rootChain = await rootIgnoreChain(root, gitDir);
    // What git tracks is answered by the store: its entries carry a tracked bit.
    const store = this.store;
    this.ctx = {
      root, isHidden, signal,
      rowOf: (folder, name) => store.rowOf(folder, name),
      trackedSize: (folder, name, row) => store.trackedSize(folder, name, row),
      isTrackedFolder: (folder, name, row) => store.isTrackedFolder(folder, name, row),
    };
    this.watcher = this.options.watch === false ? null : new FolderWatcher({
      root, debounceMs: this.options.debounceMs, rescan: (folders) => this.rescan(folders),
    });
    await this.walkAll(this.ctx);
    this.state = 'ready';
    this.emit({ type: 'ready', entries: this.store.size, ms: performance.now() - started });
  }

  /** Step 2: the whole walk; replaces every entry. */
  private async walkAll(ctx: WalkContext): Promise<void> {
    // Entries the index holds already, as they are, are recorded rather than returned.
    const walk = this.store.startWalk();
    const known = walk ? (row: number, kind: EntryKind, size: number, tracked: boolean) => this.store.keep(walk, row, kind, size, tracked) : undefined;
    const entries = await walkWorkspace(ctx, this.rootChain, {
      known,
      onProgress: (folders, found) => { if (folders % 500 === 0) this.emit({ type: 'progress', folders, entries: found }); },
      onFolder: (rel, chain, own) => { if (own) this.ownChains.set(rel, chain); this.watcher?.add(rel); },
    });
    ctx.signal.throwIfAborted();
    this.store.replaceAll(entries, walk);
  }

  /** Step 1: tracked files from `.git/index`, searchable before the walk. */
  private async loadTracked(gitDir: string, signal: AbortSignal, started: number): Promise<void> {
    const bytes = await readGitIndexBytes(gitDir, signal);
    if (!Buffer.isBuffer(bytes)) return; // Unreadable index: the walk alone lists everything.
    signal.throwIfAborted();
    // Protected paths stay in the store but are never shown (judged lazily, see EntryTable).
    if (!this.store.loadTracked(bytes)) return;
    this.emit({ type: 'tracked', entries: this.store.size, ms: performance.now() - started });
  }

  /** Step 3: re-lists changed folders; new subfolders are walked, vanished ones dropped. */
  private async rescan(folders: string[]): Promise<void> {
    const ctx = this.ctx;
    if (!ctx || this.state !== 'ready') return;
    if (folders.includes('')) {
      // The root's rules (.gitignore, .git/info/exclude) apply everywhere: if they changed, walk again.
      const rootChain = await rootIgnoreChain(ctx.root, this.gitDir);
      if (rootChain.key !== this.rootChain.key) {
        this.rootChain = rootChain;
        this.watcher?.remove('');
        this.ownChains.clear();
        await this.walkAll(ctx);
        this.emit({ type: 'updated', entries: this.store.size, folders: [''] });
        return;
      }
    }
    // Parents first, so a new folder's chain is known before its children are rescanned.
    for (const rel of folders.sort((a, b) => a.length - b.length)) {
      // Gone or newly ignored: its parent's rescan (just done) dropped it.
      if (rel !== '' && !this.store.has(rel)) continue;
      const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
      await this.rescanFolder(ctx, rel, rel === '' ? this.rootChain : this.chainOf(parent));
    }
    this.emit({ type: 'updated', entries: this.store.size, folders });
  }

  private async rescanFolder(ctx: WalkContext, rel: string, chain: IgnoreChain): Promise<void> {
    const listing = await listFolder(ctx, rel, chain);
    // An edited .gitignore here changes what is listed below: list the subtree afresh.
    const rulesChanged = this.chainOf(rel).key !== listing.chain.key;
    this.setChain(rel, listing.chain);
    const now = new Set(listing.entries.map((e) => e.path));
    for (const old of this.store.children(rel)) {
      if (rulesChanged || !now.has(old)) {
        this.store.delete(old);
        this.watcher?.remove(old);
      }
    }
    for (const e of listing.entries) {
      const isNew = rulesChanged || !this.store.has(e.path);
      this.store.set(e);
      if (isNew && e.kind === 'folder') {
        const sub = listing.subfolders.find((s) => s.rel === e.path);
        if (sub) await this.walkNewFolder(ctx, sub.rel, sub.chain);
      }
    }
  }

  private async walkNewFolder(ctx: WalkContext, rel: string, chain: IgnoreChain): Promise<void> {
    const listing = await listFolder(ctx, rel, chain);
    this.setChain(rel, listing.chain);
    this.watcher?.add(rel);
    for (const e of listing.entries) this.store.set(e);
    for (const sub of listing.subfolders) await this.walkNewFolder(ctx, sub.rel, sub.chain);
  }
}

/**
 * Starts indexing `root` in the background and returns the index at once; listen with
 * `onProgress`/`subscribe`, await `whenReady()`, query any time (a building index answers with what
 * it has). Abort `signal` or call `close()` to stop.
 */
export function createWorkspaceIndex(root: string, options: WorkspaceIndexOptions = {}): WorkspaceIndex {
  return new WorkspaceIndex(root, options);
}
