/**
 * The long-lived state of the git reader for one repository, kept in `ctx.caches.git` by the engine's
 * owner: the object store (pack indexes, a delta-base cache; measured: 10-30x faster than reloading
 * packs on every call), the shallow list and replace refs, and the last parsed index. The store is
 * dropped when the set of pack files changes (`git gc`, `git repack`, a fetch), the index when its
 * file does.
 *
 * Every object is read by the store alone: a damaged or hostile object is refused with its own
 * sentence, never handed on to another reader that would loop on it (isomorphic-git follows a delta
 * whose base is itself without end).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Deadline } from './deadline';
import { readRewrites, replaced, rewritesKey, type HistoryRewrites } from './history-rewrites';
import { IndexParse, type GitIndex } from './index-file';
import { GitObjectError } from './objects/object-error';
import { ObjectStore, type GitObject, type StoreFiles } from './objects/object-store';
import { parseCommit, parseTree } from './objects/parse-objects';
import { MAX_GIT_FILE_BYTES, readFileCapped } from './read-only-fs';
import type { RepositoryLocation } from './repository';
import { readGitFile, readGitFileRange } from './safe-open';
import { treeCacheOf, type TreeItem } from './tree-cache';

export type { TreeItem } from './tree-cache';

/** Largest index file read. Default 512 MiB (a million-file repository has an index near 100 MiB). */
export const MAX_INDEX_BYTES = 512 * 1024 * 1024;

/** A commit's fields the log needs. */
export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  message: string;
  /** `timezoneOffset` follows JavaScript's sign: minutes to add to local time to get UTC (+0200 is -120). */
  author: { name: string; email: string; timestamp: number; timezoneOffset: number };
  /** Committer date in seconds: what `git log` orders commits by. */
  committerTime: number;
}

/** Per-repository reader state. Create with {@link openSession}. */
export interface RepoSession {
  repo: RepositoryLocation;
  /** The object reader (packs, loose objects, alternates, delta-base cache). */
  objects: ObjectStore;
  packsKey: string;
  /** Shallow commits and replace refs, with the stat key they were read at. */
  rewrites: HistoryRewrites;
  rewritesKey: string;
  index: { key: string; value: GitIndex; mtimeSec: number } | null;
  /** A parse of the index file stopped by its deadline, kept to go on from (see {@link loadIndex}). */
  indexParse: { key: string; parse: IndexParse } | null;
}

/**
 * Returns the session for `repo` from `caches` (creating it on first use), with its pack cache reset
 * if the pack files changed since the last call.
 */
export function openSession(caches: Map<string, unknown>, repo: RepositoryLocation): RepoSession {
  const packsKey = listPacks(repo.commondir);
  const rewrites = rewritesKey(repo);
  const existing = caches.get(repo.gitdir) as RepoSession | undefined;
  if (existing && existing.repo.commondir === repo.commondir) {
    if (existing.packsKey !== packsKey) {
      existing.objects = newStore(repo);
      existing.packsKey = packsKey;
    }
    if (existing.rewritesKey !== rewrites) {
      existing.rewrites = readRewrites(repo);
      existing.rewritesKey = rewrites;
    }
    return existing;
  }
  const session: RepoSession = { repo, objects: newStore(repo), packsKey, rewrites: readRewrites(repo), rewritesKey: rewrites, index: null, indexParse: null };
  caches.set(repo.gitdir, session);
  return session;
}

/** The store's file access: capped, read-only, and a FIFO or device is refused with its sentence. */
const STORE_FILES: StoreFiles = {
  readFile: (file) => readGitFile(file, MAX_GIT_FILE_BYTES),
  readRange: readGitFileRange,
  readdir: (dir) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  },
};

function newStore(repo: RepositoryLocation): ObjectStore {
  return new ObjectStore(path.join(repo.commondir, 'objects'), STORE_FILES);
}

/** The pack files' names: they are content hashes, so a changed set means changed packs. */
function listPacks(commondir: string): string {
  try {
    return fs
      .readdirSync(path.join(commondir, 'objects', 'pack'))
      .filter((name) => name.endsWith('.pack') || name.endsWith('.idx'))
      .sort()
      .join('\n');
  } catch {
    return '';
  }
}

/**
 * The repository's index, parsed once per change of the index file, with the file's modification
 * time in seconds from the same `stat` (entries changed in that second are "racy"). An absent
 * index is empty. The parse checks `deadline` every few thousand entries: a parse it stops is kept
 * with the file's stat key, and the next call for the same file goes on from where it stopped (a
 * changed file starts over), so background work that gives way loses nothing.
 */
export function loadIndex(session: RepoSession, deadline?: Deadline): { ok: true; index: GitIndex; mtimeSec: number } | { ok: false; message: string } {
  const file = path.join(session.repo.gitdir, 'index');
  let st: fs.BigIntStats;
  try {
    st = fs.statSync(file, { bigint: true });
  } catch {
    return { ok: true, index: { version: 2, entries: [], cacheTree: new Map() }, mtimeSec: 0 };
  }
  const key = `${st.mtimeNs}:${st.ctimeNs}:${st.size}:${st.ino}`;
  if (session.index?.key === key) return { ok: true, index: session.index.value, mtimeSec: session.index.mtimeSec };
  if (session.indexParse?.key !== key) session.indexParse = { key, parse: new IndexParse(readFileCapped(file, MAX_INDEX_BYTES)) };
  const parsed = session.indexParse.parse.run(deadline ? () => deadline.throwIfAborted() : undefined);
  session.indexParse = null;
  if (!parsed.ok) return parsed;
  const mtimeSec = Number(st.mtimeNs / 1_000_000_000n);
  session.index = { key, value: parsed.index, mtimeSec };
  return { ok: true, index: parsed.index, mtimeSec };
}

/** How many tags and commits are peeled on the way to the object asked for (git peels without a set limit). */
const MAX_PEEL = 16;

/**
 * The object `oid` as `type`: the replacement git would read in its place, peeled through tags (and
 * a commit to its tree, when a tree is asked for), as git and isomorphic-git read it. Throws a
 * {@link GitObjectError} when it is missing, damaged or of another kind, and the deadline's error.
 */
function readAs(s: RepoSession, oid: string, type: GitObject['type'], deadline: Deadline): Buffer {
  let at = replaced(s.rewrites, oid);
  for (let i = 0; i < MAX_PEEL; i++) {
    const object = s.objects.read(at, () => deadline.throwIfAborted());
    if (!object) throw new GitObjectError('ObjectMissing', at, 'not in the repository');
    if (object.type === type) return object.data;
    const next = peel(object, type);
    if (next === null) throw new GitObjectError('ObjectDamaged', at, `a ${object.type} where a ${type} was expected`);
    at = replaced(s.rewrites, next);
  }
  throw new GitObjectError('ObjectDamaged', oid, `more than ${MAX_PEEL} tags point at one another`);
}

/** The object a tag points at, or a commit's tree when a tree is wanted; null otherwise. */
function peel(object: GitObject, want: GitObject['type']): string | null {
  const head = object.data.toString('latin1', 0, Math.min(object.data.length, 100));
  if (object.type === 'tag') return /^object ([0-9a-f]{40})\n/.exec(head)?.[1] ?? null;
  if (object.type === 'commit' && want === 'tree') return /^tree ([0-9a-f]{40})\n/.exec(head)?.[1] ?? null;
  return null;
}

/** Reads a blob's bytes. */
export async function readBlob(s: RepoSession, oid: string, deadline: Deadline): Promise<Uint8Array> {
  return readAs(s, oid, 'blob', deadline);
}

/** Reads a tree's entries (shared between callers: do not change the array). Kept in the store's tree cache (tree-cache.ts). */
export async function readTree(s: RepoSession, oid: string, deadline: Deadline): Promise<TreeItem[]> {
  const trees = treeCacheOf(s.objects);
  // Keyed by the id whose content is read, so a replace ref added later is not hidden by the cache.
  const key = replaced(s.rewrites, oid);
  const cached = trees.get(key);
  if (cached) return cached;
  const entries = parsed(key, () => parseTree(readAs(s, oid, 'tree', deadline)));
  trees.set(key, entries);
  return entries;
}

/** Reads a commit; a commit the shallow list names has no parents, as git reads it. */
export async function readCommit(s: RepoSession, oid: string, deadline: Deadline): Promise<CommitInfo> {
  const commit = parsed(oid, () => parseCommit(readAs(s, oid, 'commit', deadline)));
  const parents = s.rewrites.shallow.has(oid) ? [] : commit.parent;
  return { oid, tree: commit.tree, parents, message: commit.message, author: commit.author, committerTime: commit.committer.timestamp };
}

/** Runs a parser over an object's bytes; a parse failure is the object's damage. */
function parsed<T>(oid: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    // A name git refuses in a tree (`.git`, `..`) is said as it is, not as damage.
    if (err instanceof GitObjectError || !(err instanceof Error) || err.name !== 'Error' || err.message.includes('unsafe name')) throw err;
    throw new GitObjectError('ObjectDamaged', oid, err.message);
  }
}
