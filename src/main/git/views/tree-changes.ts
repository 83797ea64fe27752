/**
 * Changes between trees: HEAD's tree against the index (`git diff --staged`) and a commit's tree
 * against its parent's (`git log -p`). Both walk directory by directory and skip a directory whose
 * two sides have the same tree id, so a commit touching three files reads a handful of trees. For
 * the index side, the cache-tree extension supplies those ids, as it does for git.
 */
import { type Deadline, type GitIndex, indexFolders, compareCodePoints, readTree, type RepoSession, type TreeItem } from '../storage';
import { MODE_SYMLINK, isBlobMode, parseMode, sortChanges, type FileChange, type FileSide } from './file-change';
import type { PatchFloor } from './patch-floor';

const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

/**
 * Pushes one change, or two when the kind of file changed (git shows a type change as delete + add),
 * each counted by `floor` (which throws once the view is bound to be too large).
 */
function pushChange(out: FileChange[], path: string, old: FileSide | null, next: FileSide | null, floor?: PatchFloor): void {
  if (old && next) {
    if (old.oid === next.oid && old.mode === next.mode) return;
    const kind = (m: number): number => (m === MODE_SYMLINK ? 1 : isBlobMode(m) ? 0 : 2);
    if (kind(old.mode) !== kind(next.mode)) {
      floor?.count(path);
      floor?.count(path);
      out.push({ path, old, new: null }, { path, old: null, new: next });
      return;
    }
  }
  floor?.count(path);
  out.push({ path, old, new: next });
}

const sideOf = (item: TreeItem): FileSide => ({ oid: item.oid, mode: parseMode(item.mode) });

/**
 * Staged changes: HEAD's tree (null on an unborn branch) against the index. Paths with unresolved
 * conflicts are returned apart, as git lists them ("Unmerged path"). `floor`, when given, counts each
 * change and stops the walk (throwing) once the patch is bound to pass its limit.
 */
export async function stagedChanges(s: RepoSession, headTree: string | null, index: GitIndex, signal: Deadline, floor?: PatchFloor): Promise<{ changes: FileChange[]; unmerged: string[] }> {
  const folders = indexFolders(index);
  const unmerged = [...new Set(index.entries.filter((e) => e.stage !== 0).map((e) => e.path))];
  const skip = new Set(unmerged);
  const out: FileChange[] = [];
  const compareDir = async (treeOid: string | null, dir: string): Promise<void> => {
    signal.throwIfAborted();
    if (treeOid !== null && index.cacheTree.get(dir)?.oid === treeOid) return;
    const items = treeOid ? await readTree(s, treeOid, signal) : [];
    const node = folders(dir);
    const seenFiles = new Set<string>();
    const seenDirs = new Set<string>();
    for (const item of items) {
      if (item.type === 'tree') {
        const child = join(dir, item.path);
        if (node?.dirs.has(item.path)) {
          seenDirs.add(item.path);
          await compareDir(item.oid, child);
        } else await collect(s, item.oid, child, 'old', out, signal, skip, floor);
        continue;
      }
      const entry = node?.files.get(item.path);
      // The same file on both sides, and no unmerged path to set aside: nothing to build (most of a
      // folder's files; issue 27, a first `@staged` walks a few thousand).
      if (entry && skip.size === 0 && entry.oid === item.oid && entry.mode === parseMode(item.mode)) {
        seenFiles.add(item.path);
        continue;
      }
      const child = join(dir, item.path);
      if (skip.has(child)) continue;
      if (entry) seenFiles.add(item.path);
      pushChange(out, child, sideOf(item), entry ? { oid: entry.oid, mode: entry.mode } : null, floor);
    }
    for (const [name, e] of node?.files ?? []) {
      if (!seenFiles.has(name)) pushChange(out, join(dir, name), null, { oid: e.oid, mode: e.mode }, floor);
    }
    for (const name of node?.dirs ?? []) {
      if (!seenDirs.has(name)) await compareDir(null, join(dir, name));
    }
  };
  await compareDir(headTree, '');
  return { changes: sortChanges(out), unmerged };
}

/** Every blob under a tree, as deletions (`old`) or additions (`new`). */
async function collect(s: RepoSession, treeOid: string, dir: string, side: 'old' | 'new', out: FileChange[], signal: Deadline, skip?: Set<string>, floor?: PatchFloor): Promise<void> {
  signal.throwIfAborted();
  for (const item of await readTree(s, treeOid, signal)) {
    const child = join(dir, item.path);
    if (item.type === 'tree') await collect(s, item.oid, child, side, out, signal, skip, floor);
    else if (!skip?.has(child)) pushChange(out, child, side === 'old' ? sideOf(item) : null, side === 'new' ? sideOf(item) : null, floor);
  }
}

/** Changes from tree `oldTree` (null: the empty tree, for a root commit) to tree `newTree`, counted by `floor` as {@link stagedChanges} does. */
export async function treeChanges(s: RepoSession, oldTree: string | null, newTree: string, signal: Deadline, floor?: PatchFloor): Promise<FileChange[]> {
  const out: FileChange[] = [];
  const compare = async (a: string | null, b: string | null, dir: string): Promise<void> => {
    signal.throwIfAborted();
    if (a === b) return;
    if (a === null && b !== null) return collect(s, b, dir, 'new', out, signal, undefined, floor);
    if (b === null && a !== null) return collect(s, a, dir, 'old', out, signal, undefined, floor);
    const [olds, news] = await Promise.all([readTree(s, a as string, signal), readTree(s, b as string, signal)]);
    // Both lists are sorted by name (readTree's order): walk them side by side, and skip equal
    // entries by id before looking further.
    let i = 0;
    let j = 0;
    while (i < olds.length || j < news.length) {
      const oi = olds[i];
      const nj = news[j];
      const order = !oi ? 1 : !nj ? -1 : Math.sign(compareCodePoints(oi.path, nj.path));
      const o = order <= 0 ? oi : undefined;
      const n = order >= 0 ? nj : undefined;
      if (order <= 0) i++;
      if (order >= 0) j++;
      if (o && n && o.oid === n.oid && o.mode === n.mode) continue;
      const name = (o ?? n) as TreeItem;
      const child = join(dir, name.path);
      const oTree = o?.type === 'tree';
      const nTree = n?.type === 'tree';
      if (oTree && nTree) {
        await compare(o.oid, n.oid, child);
        continue;
      }
      if (oTree) await collect(s, o.oid, child, 'old', out, signal, undefined, floor);
      if (nTree) await collect(s, n.oid, child, 'new', out, signal, undefined, floor);
      const oldSide = o && !oTree ? sideOf(o) : null;
      const newSide = n && !nTree ? sideOf(n) : null;
      if (oldSide || newSide) pushChange(out, child, oldSide, newSide, floor);
    }
  };
  await compare(oldTree, newTree, '');
  return sortChanges(out);
}
