/**
 * The index's folders for `@staged`, each listed when the walk first asks for it: its files
 * (stage-0, fully added entries) and the names of its subfolders.
 *
 * Why on demand: the walk skips every folder whose cache-tree id equals HEAD's (cache-tree.ts's
 * job in git), so it asks for a handful of folders, while building all of them up front split
 * every one of 10,000 paths and cost 23-28 ms of a first `@staged` in a fresh process. A folder's
 * entries form one run of the sorted index, found by binary search; its subfolders' runs are
 * skipped the same way, so listing a folder costs its own files plus a search per subfolder.
 *
 * The search needs the index in git's order (bytes of the UTF-8 path, which is code-point order).
 * An index out of that order (damaged, or names that are not UTF-8) is checked for once, and then
 * listed entry by entry as before.
 */
import type { GitIndex, IndexEntry } from './index-file';
import { compareCodePoints } from './objects/parse-objects';

/** One folder of the index. */
export interface IndexFolder {
  files: Map<string, IndexEntry>;
  /** Names of the subfolders holding entries (a subfolder of only conflicted or intent-to-add entries may be named too: it then lists nothing). */
  dirs: Set<string>;
}

/** Lists one folder ('' for the top), or undefined when the index holds nothing under it. */
export type FolderLister = (dir: string) => IndexFolder | undefined;

const listers = new WeakMap<GitIndex, FolderLister>();

/** The folder lister of a parsed index, made once per index. */
export function indexFolders(index: GitIndex): FolderLister {
  let lister = listers.get(index);
  if (!lister) {
    lister = inGitOrder(index.entries) ? onDemand(index.entries) : allAtOnce(index.entries);
    listers.set(index, lister);
  }
  return lister;
}

/**
 * Characters where JavaScript's string order (UTF-16 units) and git's (code points) can disagree:
 * a surrogate half against U+E000..U+FFFF. Paths without them are compared natively, which costs a
 * fifth of comparing code points on 10,000 paths.
 */
const ORDER_MAY_DIFFER = /[\uD800-\uFFFF]/;

function inGitOrder(entries: readonly IndexEntry[]): boolean {
  let prevPlain = entries.length > 0 && !ORDER_MAY_DIFFER.test((entries[0] as IndexEntry).path);
  for (let i = 1; i < entries.length; i++) {
    const a = (entries[i - 1] as IndexEntry).path;
    const b = (entries[i] as IndexEntry).path;
    const plain = !ORDER_MAY_DIFFER.test(b);
    if (!(prevPlain && plain && a < b) && compareCodePoints(a, b) > 0) return false;
    prevPlain = plain;
  }
  return true;
}

/** Whether an entry is listed as a file: stage 0 and its content staged (not `git add -N`). */
function listed(e: IndexEntry): boolean {
  return e.stage === 0 && !e.intentToAdd;
}

/** The first position in [from, to) whose path is not before `key`. */
function lowerBound(entries: readonly IndexEntry[], key: string, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareCodePoints((entries[mid] as IndexEntry).path, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function onDemand(entries: readonly IndexEntry[]): FolderLister {
  const memo = new Map<string, IndexFolder | undefined>();
  return (dir) => {
    if (memo.has(dir)) return memo.get(dir);
    // The run of paths under `dir/`: from `dir/` up to `dir0` ('0' follows '/').
    const prefix = dir === '' ? '' : `${dir}/`;
    const from = dir === '' ? 0 : lowerBound(entries, prefix, 0, entries.length);
    const to = dir === '' ? entries.length : lowerBound(entries, `${dir}0`, from, entries.length);
    let folder: IndexFolder | undefined;
    for (let i = from; i < to; ) {
      const e = entries[i] as IndexEntry;
      const slash = e.path.indexOf('/', prefix.length);
      folder ??= { files: new Map(), dirs: new Set() };
      if (slash < 0) {
        if (listed(e)) folder.files.set(e.path.slice(prefix.length), e);
        i++;
        continue;
      }
      const name = e.path.slice(prefix.length, slash);
      folder.dirs.add(name);
      i = lowerBound(entries, `${e.path.slice(0, slash)}0`, i + 1, to);
    }
    memo.set(dir, folder);
    return folder;
  };
}

/** Every folder built in one pass, for an index the binary search cannot trust. */
function allAtOnce(entries: readonly IndexEntry[]): FolderLister {
  const dirs = new Map<string, IndexFolder>([['', { files: new Map(), dirs: new Set() }]]);
  for (const e of entries) {
    if (!listed(e)) continue;
    const parts = e.path.split('/');
    let dir = '';
    for (let i = 0; i < parts.length - 1; i++) {
      const name = parts[i] as string;
      const child = dir === '' ? name : `${dir}/${name}`;
      (dirs.get(dir) as IndexFolder).dirs.add(name);
      if (!dirs.has(child)) dirs.set(child, { files: new Map(), dirs: new Set() });
      dir = child;
    }
    (dirs.get(dir) as IndexFolder).files.set(parts[parts.length - 1] as string, e);
  }
  return (dir) => dirs.get(dir);
}
