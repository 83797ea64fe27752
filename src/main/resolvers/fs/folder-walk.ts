/**
 * The breadth-first walk behind `@folder` (docs/contract.md "References"): every direct entry before anything deeper,
 * sorted by name within each folder; `.git` skipped; protected paths hidden (and never entered);
 * git's ignore rules honoured; symbolic links listed but never followed. Stops after `maxEntries`
 * entries and says whether more were left.
 *
 * Each file is then opened through the guards to learn its size and, for text files up to
 * {@link LINE_COUNT_MAX_BYTES}, its line count.
 */
import { promises as fsp, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { type FsPolicy, isProtectedPath, openChecked, readCapped, isBinaryContent } from '../../guards';
import type { ListedFileDetails } from '../../resolve';
import { findGitDir, folderIgnoreChain, MAX_IGNORE_FILE_BYTES, type IgnoreChain, type RuleReader } from '../../workspace';
import type { LruMap } from '../../../shared/lru';
import { countLines, decodeText } from './text';

/** Files larger than this show their size only (their lines are not counted). Default 1 MiB. */
export const LINE_COUNT_MAX_BYTES = 1024 * 1024;

/** Files annotated at the same time. */
const CONCURRENCY = 8;

/** One listed entry. `rel` is relative to the listed folder, with `/`. */
export interface FolderEntry {
  rel: string;
  type: 'folder' | 'file' | 'symlink' | 'other';
  /** Bytes, for files. */
  size?: number;
  /** Lines, for text files small enough to count. */
  lines?: number;
  binary?: boolean;
}

/** What annotating a file learned, kept by {@link listedFileKey} (see {@link WalkOptions.details}). */
export type { ListedFileDetails };

/**
 * A file's identity for its details: path, size, inode and change times. Any write changes the
 * mtime or ctime; a file put in its place through a swapped folder has another inode.
 */
function listedFileKey(abs: string, st: Stats): string {
  return `${abs}\0${st.size}\0${st.ino}\0${st.mtimeMs}\0${st.ctimeMs}`;
}

/** Result of {@link walkFolder}; `failed` when cancelled or the folder could not be read. */
export type WalkResult =
  | { ok: true; entries: FolderEntry[]; truncated: boolean }
  | { ok: false; reason: 'aborted' | 'io_error'; detail?: string };

/** Inputs of {@link walkFolder}. */
export interface WalkOptions {
  /** Real path of the folder to list, already judged. */
  folder: string;
  policy: FsPolicy;
  maxEntries: number;
  signal: AbortSignal;
  /**
   * Details of files annotated before (the engine's caches): a file whose identity is unchanged is
   * not opened and read again to count its lines. Listing a 100-file folder again in a live preview
   * read every file each time.
   */
  details?: LruMap<string, ListedFileDetails>;
}

/** Name order: case-insensitive by code point, ties broken by exact code points; locale-free. */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function typeOf(d: Dirent): FolderEntry['type'] {
  if (d.isDirectory()) return 'folder';
  if (d.isFile()) return 'file';
  return d.isSymbolicLink() ? 'symlink' : 'other';
}

/** Walks the folder breadth-first (see the module comment), then annotates the files. */
export async function walkFolder(options: WalkOptions): Promise<WalkResult> {
  const { folder, policy, signal } = options;
  const folderRel = path.relative(policy.workspaceRoot, folder).split(path.sep).join('/');
  // The rules completion uses too (workspace/ignore-rules.ts), read through the guards.
  const read = guardedReader(policy, signal);
  const rootChain = await folderIgnoreChain(policy.workspaceRoot, folderRel, await findGitDir(policy.workspaceRoot), read);
  const entries: FolderEntry[] = [];
  const queue: Array<{ rel: string; chain: IgnoreChain }> = [{ rel: '', chain: rootChain }];
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
    if (signal.aborted) return { ok: false, reason: 'aborted' };
    const next = job.rel;
    let rules = job.chain;
    if (next !== '') {
      const dirRel = joinRel(folderRel, next);
      rules = rules.withRules(dirRel, await read(path.join(policy.workspaceRoot, dirRel, '.gitignore')));
    }
    let dirents: Dirent[];
    try {
      dirents = await fsp.readdir(path.join(folder, next), { withFileTypes: true });
    } catch (err) {
      // The listed folder itself must be readable; a subfolder that is not is left out.
      if (next === '') return { ok: false, reason: 'io_error', detail: (err as NodeJS.ErrnoException).code };
      continue;
    }
    for (const d of dirents.sort((a, b) => compareNames(a.name, b.name))) {
      const entry = admit(d, next, folderRel, options, rules);
      if (!entry) continue;
      if (entries.length === options.maxEntries) return finish(entries, true, options);
      entries.push(entry);
      if (entry.type === 'folder') queue.push({ rel: entry.rel, chain: rules });
    }
  }
  return finish(entries, false, options);
}

function joinRel(a: string, b: string): string {
  return a === '' ? b : b === '' ? a : `${a}/${b}`;
}

/** The entry for a dirent, or null when it is `.git`, protected or ignored. */
function admit(d: Dirent, parentRel: string, folderRel: string, options: WalkOptions, rules: IgnoreChain): FolderEntry | null {
  if (d.name === '.git') return null;
  const rel = joinRel(parentRel, d.name);
  const abs = path.join(options.folder, rel);
  if (isProtectedPath(abs, { home: options.policy.home, appDirs: options.policy.appDirs }).protected) return null;
  const type = typeOf(d);
  if (rules.ignores(joinRel(folderRel, rel), type === 'folder')) return null;
  return { rel, type };
}

/** Reads rule files through the guards; a missing, odd or unreadable file gives no rules. */
function guardedReader(policy: FsPolicy, signal: AbortSignal): RuleReader {
  return async (absPath) => {
    const opened = await openChecked(absPath, policy, signal);
    if (!opened.ok) return '';
    try {
      const read = await readCapped(opened.handle, MAX_IGNORE_FILE_BYTES, signal);
      return read.ok ? read.bytes.toString('utf8') : '';
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  };
}

/** Annotates the files, a few at a time, then returns the walk's result. */
async function finish(entries: FolderEntry[], truncated: boolean, options: WalkOptions): Promise<WalkResult> {
  const files = entries.filter((e) => e.type === 'file');
  for (let i = 0; i < files.length; i += CONCURRENCY) {
    if (options.signal.aborted) return { ok: false, reason: 'aborted' };
    await Promise.all(files.slice(i, i + CONCURRENCY).map((f) => annotate(f, options)));
  }
  if (options.signal.aborted) return { ok: false, reason: 'aborted' };
  return { ok: true, entries, truncated };
}

/** Size, and line count for small text files. A file that cannot be opened keeps no details. */
async function annotate(entry: FolderEntry, options: WalkOptions): Promise<void> {
  const abs = path.join(options.folder, entry.rel);
  if (options.details) {
    // Only what an earlier guarded open learned of this very file is reused; anything else opens.
    const st = await fsp.lstat(abs).catch(() => null);
    const known = st?.isFile() ? options.details.get(listedFileKey(abs, st)) : undefined;
    if (st && known) {
      entry.size = st.size;
      if (known.binary !== undefined) entry.binary = known.binary;
      if (known.lines !== undefined) entry.lines = known.lines;
      return;
    }
  }
  const opened = await openChecked(abs, options.policy, options.signal);
  if (!opened.ok) return;
  try {
    entry.size = opened.stats.size;
    if (entry.size <= LINE_COUNT_MAX_BYTES) {
      const read = await readCapped(opened.handle, LINE_COUNT_MAX_BYTES, options.signal);
      if (!read.ok || !read.complete) return;
      entry.binary = isBinaryContent(entry.rel, read.bytes);
      if (!entry.binary) entry.lines = countLines(decodeText(read.bytes));
    }
    options.details?.set(listedFileKey(abs, opened.stats), { binary: entry.binary, lines: entry.lines });
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
