/**
 * Walks a workspace folder: `readdir` with file types (no `lstat` per file), honouring the
 * ignore chain (a folder's own `.gitignore` is read before its entries are judged), skipping `.git`,
 * hiding protected paths, and never descending through a symlink. A symlink is listed only when
 * its real target stays inside the workspace, as the file or folder it points at.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ListedEntry, WorkspaceEntry } from './entry-store';
import type { IgnoreChain } from './ignore-rules';
import { readTextCappedSync } from './ignore-rules';

/** What a walk (or a one-folder rescan) needs to judge entries. */
export interface WalkContext {
  /** Real path of the workspace root. */
  root: string;
  /** The index's row of `folder/name`, if the index can say (see EntryStore.rowOf); passed back to the two below. */
  rowOf(folder: string, name: string): number | undefined;
  /** The size git recorded for a tracked file (listed even when ignore rules match it), else undefined. */
  trackedSize(relPath: string, row?: number): number | undefined;
  /** Whether a folder holds tracked files (or is an ancestor of one): walked even when ignored. */
  isTrackedFolder(relPath: string, row?: number): boolean;
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

function join(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
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
}

/**
 * Lists one folder (`''` is the root) synchronously, symlinks aside. `chain` is the ignore chain of
 * the folder's parent plus everything above; the folder's own `.gitignore` is added here.
 * Synchronous because a promise per folder cost half of the walk (20,000 folders); the walk yields
 * between slices of folders (see {@link walkWorkspace}).
 */
function listFolderNow(ctx: WalkContext, rel: string, chain: IgnoreChain): Listed {
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
  for (const d of dirents) {
    if (d.name === '.git') continue;
    const child = join(rel, d.name);
    if (d.isDirectory()) {
      const row = ctx.rowOf(rel, d.name);
      // Protected folders are never entered (a browser profile can hold thousands of files).
      const tracked = ctx.isTrackedFolder(child, row);
      if (ctx.isHidden(child) || (!tracked && chain.ignores(child, true))) continue;
      listing.entries.push({ path: child, kind: 'folder', size: -1, tracked, row });
      listing.subfolders.push({ rel: child, chain });
    } else if (d.isFile() || d.isSymbolicLink()) {
      const row = ctx.rowOf(rel, d.name);
      const trackedSize = ctx.trackedSize(child, row);
      // Files are judged protected lazily, when shown (see EntryTable).
      if (trackedSize === undefined && chain.ignores(child, false)) continue;
      if (d.isSymbolicLink()) links.push(child);
      else listing.entries.push({ path: child, kind: 'file', size: trackedSize ?? -1, tracked: trackedSize !== undefined, row });
    }
    // FIFOs, sockets and devices are never listed: they cannot be attached.
  }
  return { listing, links };
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

/** Options of {@link walkWorkspace}. */
export interface WalkOptions {
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
  let sliceStart = performance.now();
  while (queue.length > 0) {
    ctx.signal.throwIfAborted();
    const job = queue.pop() as { rel: string; chain: IgnoreChain };
    const { listing, links: found } = listFolderNow(ctx, job.rel, job.chain);
    options.onFolder?.(job.rel, listing.chain, listing.chain !== job.chain);
    for (const e of listing.entries) entries.push(e);
    for (const rel of found) links.push(rel);
    for (const sub of listing.subfolders) queue.push(sub);
    options.onProgress?.(++done, entries.length);
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  await addLinks(ctx, links, entries);
  ctx.signal.throwIfAborted();
  return entries;
}
