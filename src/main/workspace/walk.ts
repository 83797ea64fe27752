/**
 * Walks a workspace folder: `readdir` with file types (no `lstat` per file), honouring the
 * ignore chain (a folder's own `.gitignore` is read before its entries are judged), skipping `.git`,
 * hiding protected paths, and never descending through a symlink. A symlink is listed only when
 * its real target stays inside the workspace, as the file or folder it points at.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { joinPath, type EntryKind, type ListedEntry, type WorkspaceEntry } from './entry-store';
import type { IgnoreChain } from './ignore-rules';
import { readTextCappedSync } from './ignore-rules';

/** What a walk (or a one-folder rescan) needs to judge entries. */
export interface WalkContext {
  /** Real path of the workspace root. */
  root: string;
  /** The index's row of `folder/name`, if the index can say (see EntryStore.rowOf); passed back to the two below. */
  rowOf(folder: string, name: string): number | undefined;
  /** The size git recorded for tracked file `folder/name` (listed even when ignore rules match it), else undefined. */
  trackedSize(folder: string, name: string, row?: number): number | undefined;
  /** Whether folder `folder/name` holds tracked files (or is an ancestor of one): walked even when ignored. */
  isTrackedFolder(folder: string, name: string, row?: number): boolean;
  /** True for paths never to be listed (protected credentials); the walk asks it for folders only. */
  isHidden(relPath: string): boolean;
  signal: AbortSignal;
}

/** One folder's listing: its entries and the subfolders to walk, each with its ignore chain. */
export interface FolderListing {
  /** The chain that applies inside this folder (its own `.gitignore` included). */
  chain: IgnoreChain;
  entries: ListedEntry[];
  subfolders: Array<{ rel: string; chain: IgnoreChain }>;
}

/** Whether `real` is `root` or inside it. */
export function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** A symlink's entry if its real target lies inside the workspace and is a file or folder. */
async function symlinkEntry(ctx: WalkContext, rel: string): Promise<WorkspaceEntry | null> {
  const real = await realpath(path.join(ctx.root, rel)).catch(() => null);
  if (!real || !isInside(ctx.root, real)) return null;
  const realRel = path.relative(ctx.root, real).split(path.sep).join('/');
  if (realRel && ctx.isHidden(realRel)) return null;
  const info = await stat(real).catch(() => null);
  if (info?.isFile()) return { path: rel, kind: 'file', size: info.size };
  // Listed, but not walked: its contents are listed under their real path already.
  if (info?.isDirectory()) return { path: rel, kind: 'folder', size: -1 };
  return null;
}

/** A folder's listing before its symlinks are followed: their paths, to resolve apart. */
interface Listed {
  listing: FolderListing;
  links: string[];
  /** Entries found, those the index knows already included (they are not in `listing`). */
  count: number;
}

/**
 * Lists one folder (`''` is the root) synchronously, symlinks aside. `chain` is the ignore chain of
 * the folder's parent plus everything above; the folder's own `.gitignore` is added here.
 * Synchronous because a promise per folder cost half of the walk (20,000 folders); the walk yields
 * between slices of folders (see {@link walkWorkspace}).
 */
function listFolderNow(ctx: WalkContext, rel: string, chain: IgnoreChain, known?: KnownEntry): Listed {
  let dirents: Dirent[];
  try {
    // Not path.join: it normalises every path, a cost on 20,000 folders, and `rel` is clean already.
    dirents = readdirSync(rel ? `${ctx.root}${path.sep}${rel}` : ctx.root, { withFileTypes: true });
  } catch {
    dirents = [];
  }
  if (rel && dirents.some((d) => d.name === '.gitignore' && d.isFile())) {
    chain = chain.withRules(rel, readTextCappedSync(path.join(ctx.root, rel, '.gitignore')));
  }
  const listing: FolderListing = { chain, entries: [], subfolders: [] };
  const links: string[] = [];
  let count = 0;
  for (const d of dirents) {
    const name = d.name;
    if (name === '.git') continue;
    if (d.isDirectory()) {
      const row = ctx.rowOf(rel, name);
      const child = joinPath(rel, name);
      // Protected folders are never entered (a browser profile can hold thousands of files).
      const tracked = ctx.isTrackedFolder(rel, name, row);
      if (ctx.isHidden(child) || (!tracked && chain.ignores(child, true))) continue;
      count++;
      listing.subfolders.push({ rel: child, chain });
      if (known && row !== undefined && known(row, 'folder', -1, tracked)) continue;
      listing.entries.push({ path: child, kind: 'folder', size: -1, tracked, row });
    } else if (d.isFile() || d.isSymbolicLink()) {
      // The joined path is made only where it is needed: most tracked files need none.
      const row = ctx.rowOf(rel, name);
      const trackedSize = ctx.trackedSize(rel, name, row);
      // Files are judged protected lazily, when shown (see EntryTable).
      if (trackedSize === undefined && chain.ignores(joinPath(rel, name), false)) continue;
      if (d.isSymbolicLink()) {
        links.push(joinPath(rel, name));
        continue;
      }
      count++;
      const size = trackedSize ?? -1;
      const tracked = trackedSize !== undefined;
      if (known && row !== undefined && known(row, 'file', size, tracked)) continue;
      listing.entries.push({ path: joinPath(rel, name), kind: 'file', size, tracked, row });
    }
    // FIFOs, sockets and devices are never listed: they cannot be attached.
  }
  return { listing, links, count };
}

/** Symlinks followed at once: enough to keep libuv's threads busy, few enough for a tree of links. */
const LINKS_AT_ONCE = 64;

/** Adds the entries of symlinks that lead to a file or folder inside the workspace. */
async function addLinks(ctx: WalkContext, links: readonly string[], entries: ListedEntry[]): Promise<void> {
  for (let at = 0; at < links.length; at += LINKS_AT_ONCE) {
    ctx.signal.throwIfAborted();
    const batch = links.slice(at, at + LINKS_AT_ONCE).map((rel) => symlinkEntry(ctx, rel));
    for (const link of await Promise.all(batch)) if (link) entries.push(link);
  }
}

/**
 * Lists one folder (`''` is the root). `chain` is the ignore chain of the folder's parent plus
 * everything above; the folder's own `.gitignore` is added here.
 */
export async function listFolder(ctx: WalkContext, rel: string, chain: IgnoreChain): Promise<FolderListing> {
  const { listing, links } = listFolderNow(ctx, rel, chain);
  await addLinks(ctx, links, listing.entries);
  return listing;
}

/**
 * Takes an entry the index holds already, exactly as listed (its row from {@link WalkContext.rowOf}):
 * true, and the walk leaves it out of what it returns (see EntryStore.keep).
 */
export type KnownEntry = (row: number, kind: EntryKind, size: number, tracked: boolean) => boolean;

/** Options of {@link walkWorkspace}. */
export interface WalkOptions {
  /** See {@link KnownEntry}; without it, every entry is returned. */
  known?: KnownEntry;
  /** Longest stretch of synchronous listing before the walk yields to the event loop, in ms. Default 8. */
  sliceMs?: number;
  /** Called after each folder with the number of folders done and entries found so far. */
  onProgress?: (folders: number, entries: number) => void;
  /**
   * Called for every folder walked, with the chain that applies to its entries and whether the
   * folder's own `.gitignore` made it differ from its parent's.
   */
  onFolder?: (rel: string, chain: IgnoreChain, own: boolean) => void;
}

/**
 * Walks the whole workspace from the root, depth first; rejects with the signal's reason when
 * aborted. Folders are listed synchronously in slices of at most `sliceMs`, yielding between
 * slices so that queries and an abort are answered meanwhile; symlinks are resolved at the end.
 */
export async function walkWorkspace(ctx: WalkContext, rootChain: IgnoreChain, options: WalkOptions = {}): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = [];
  const links: string[] = [];
  const queue: Array<{ rel: string; chain: IgnoreChain }> = [{ rel: '', chain: rootChain }];
  const sliceMs = options.sliceMs ?? 8;
  let done = 0;
  let listed = 0;
  let sliceStart = performance.now();
  while (queue.length > 0) {
    ctx.signal.throwIfAborted();
    const job = queue.pop() as { rel: string; chain: IgnoreChain };
    const { listing, links: found, count } = listFolderNow(ctx, job.rel, job.chain, options.known);
    options.onFolder?.(job.rel, listing.chain, listing.chain !== job.chain);
    for (const e of listing.entries) entries.push(e);
    for (const rel of found) links.push(rel);
    for (const sub of listing.subfolders) queue.push(sub);
    listed += count;
    options.onProgress?.(++done, listed);
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  await addLinks(ctx, links, entries);
  ctx.signal.throwIfAborted();
  return entries;
}
