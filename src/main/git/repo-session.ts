/**
 * The long-lived state of the git reader for one repository, kept in `ctx.caches.git` by the engine's
 * owner: isomorphic-git's `cache` object (pack indexes and inflated objects; measured: 10-30x
 * faster than reloading packs on every call) and the last parsed index. The pack cache is dropped
 * when the set of pack files changes (`git gc`, `git repack`, a fetch), the index when its file does.
 */
import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { parseIndex, type GitIndex } from './index-file';
import { ObjectStore, type StoreFiles } from './objects/object-store';
import { parseCommit, parseTree } from './objects/parse-objects';
import { createReadOnlyFs, MAX_GIT_FILE_BYTES, readFileCapped, type ReadOnlyFs } from './read-only-fs';
import type { RepositoryLocation } from './repository';

/** Largest index file read. Default 512 MiB (a million-file repository has an index near 100 MiB). */
export const MAX_INDEX_BYTES = 512 * 1024 * 1024;

/** One tree entry as isomorphic-git returns it. */
export interface TreeItem {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

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
  fs: ReadOnlyFs;
  /** isomorphic-git's cache object: one per repository, reused across calls. */
  cache: object;
  /** The fast object reader (packs, loose objects, delta-base cache); isomorphic-git reads what it cannot. */
  objects: ObjectStore;
  packsKey: string;
  index: { key: string; value: GitIndex; mtimeSec: number } | null;
}

/**
 * Returns the session for `repo` from `caches` (creating it on first use), with its pack cache reset
 * if the pack files changed since the last call.
 */
export function openSession(caches: Map<string, unknown>, repo: RepositoryLocation): RepoSession {
  const packsKey = listPacks(repo.commondir);
  const existing = caches.get(repo.gitdir) as RepoSession | undefined;
  if (existing && existing.repo.commondir === repo.commondir) {
    if (existing.packsKey !== packsKey) {
      existing.cache = {};
      existing.objects = newStore(repo);
      existing.packsKey = packsKey;
    }
    return existing;
  }
  const session: RepoSession = { repo, fs: createReadOnlyFs(), cache: {}, objects: newStore(repo), packsKey, index: null };
  caches.set(repo.gitdir, session);
  return session;
}

/** The store's file access: the same capped, read-only reads the isomorphic-git fs makes. */
const STORE_FILES: StoreFiles = {
  readFile: (file) => readFileCapped(file, MAX_GIT_FILE_BYTES),
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
 * index is empty.
 */
export function loadIndex(session: RepoSession): { ok: true; index: GitIndex; mtimeSec: number } | { ok: false; message: string } {
  const file = path.join(session.repo.gitdir, 'index');
  let st: fs.BigIntStats;
  try {
    st = fs.statSync(file, { bigint: true });
  } catch {
    return { ok: true, index: { version: 2, entries: [], cacheTree: new Map() }, mtimeSec: 0 };
  }
  const key = `${st.mtimeNs}:${st.ctimeNs}:${st.size}:${st.ino}`;
  if (session.index?.key === key) return { ok: true, index: session.index.value, mtimeSec: session.index.mtimeSec };
  const parsed = parseIndex(readFileCapped(file, MAX_INDEX_BYTES));
  if (!parsed.ok) return parsed;
  const mtimeSec = Number(st.mtimeNs / 1_000_000_000n);
  session.index = { key, value: parsed.index, mtimeSec };
  return { ok: true, index: parsed.index, mtimeSec };
}

/**
 * The object `oid` from the fast store when it is of `type` and `parse` accepts it; otherwise
 * undefined, and the caller asks isomorphic-git (which peels tags and commits to trees, reads
 * alternates, and reports errors in its own words).
 */
function fast<T>(s: RepoSession, oid: string, type: string, parse: (data: Buffer) => T): T | undefined {
  try {
    const object = s.objects.read(oid);
    return object && object.type === type ? parse(object.data) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a blob's bytes. */
export async function readBlob(s: RepoSession, oid: string): Promise<Uint8Array> {
  const data = fast(s, oid, 'blob', (d) => d);
  if (data) return data;
  const { blob } = await git.readBlob({ fs: s.fs, gitdir: s.repo.commondir, oid, cache: s.cache });
  return blob;
}

/** Parsed trees kept per session: a log's commits share most of their trees with their parents'. */
const TREE_CACHE_SIZE = 4096;
const treeCaches = new WeakMap<ObjectStore, Map<string, TreeItem[]>>();

/** Reads a tree's entries (shared between callers: do not change the array). */
export async function readTree(s: RepoSession, oid: string): Promise<TreeItem[]> {
  let trees = treeCaches.get(s.objects);
  if (!trees) treeCaches.set(s.objects, (trees = new Map()));
  const cached = trees.get(oid);
  if (cached) return cached;
  const entries = fast(s, oid, 'tree', parseTree);
  if (entries) {
    if (trees.size >= TREE_CACHE_SIZE) trees.delete(trees.keys().next().value as string);
    trees.set(oid, entries);
    return entries;
  }
  const { tree } = await git.readTree({ fs: s.fs, gitdir: s.repo.commondir, oid, cache: s.cache });
  return tree as TreeItem[];
}

/** Reads a commit. */
export async function readCommit(s: RepoSession, oid: string): Promise<CommitInfo> {
  const parsed = fast(s, oid, 'commit', parseCommit);
  if (parsed) return toInfo(oid, parsed);
  const { commit } = await git.readCommit({ fs: s.fs, gitdir: s.repo.commondir, oid, cache: s.cache });
  return toInfo(oid, commit);
}

function toInfo(oid: string, c: Pick<Awaited<ReturnType<typeof git.readCommit>>['commit'], 'tree' | 'parent' | 'message' | 'author' | 'committer'>): CommitInfo {
  return { oid, tree: c.tree, parents: c.parent, message: c.message, author: c.author, committerTime: c.committer.timestamp };
}
