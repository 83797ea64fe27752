/**
 * The folder parts of a table as a tree: for each folder-part id (`EntryTable.folder`), the id of
 * the part one folder up and where its own last name starts. The broad search remembers, per
 * folder part, where the start of a term aligns inside it (broad-search.ts); with the tree it
 * scans only a folder's last name and takes the rest from its parent's cells, which every sibling
 * folder shares, instead of scanning the whole folder path for each folder.
 *
 * Built once per table on first use (a pass over the entries and one map of the distinct folder
 * parts: a few milliseconds on 140,000 entries), and kept while the table lives.
 */
import type { EntryTable } from './entry-table';

/** See the module comment. Offsets are relative to the start of a path that lies in the folder. */
export interface FolderTree {
  /** Id of the part one folder up, or -1 when the folder is at the top (or its parent is not in the table). */
  readonly parent: Int32Array;
  /** Where the folder's last name starts: the parent part's length (the parent's `/` included), 0 at the top. */
  readonly nameStart: Int32Array;
}

const trees = new WeakMap<EntryTable, FolderTree>();

/** The folder tree of `t`, built on first use. */
export function folderTree(t: EntryTable): FolderTree {
  let tree = trees.get(t);
  if (!tree) {
    tree = buildTree(t);
    trees.set(t, tree);
  }
  return tree;
}

function buildTree(t: EntryTable): FolderTree {
  const folders = t.folders;
  // One path of each folder part: where it starts, and the part's length (its final `/` included).
  const at = new Int32Array(folders).fill(-1);
  const length = new Int32Array(folders);
  for (let i = 0; i < t.count; i++) {
    const id = t.folder[i] as number;
    if (at[id] !== -1) continue;
    at[id] = t.start[i] as number;
    length[id] = (t.baseStart[i] as number) - (t.start[i] as number);
  }
  const ids = new Map<string, number>();
  for (let id = 0; id < folders; id++) {
    const from = at[id] as number;
    const len = length[id] as number;
    if (from !== -1 && len > 0) ids.set(t.text.slice(from, from + len), id);
  }
  const parent = new Int32Array(folders).fill(-1);
  const nameStart = new Int32Array(folders);
  for (let id = 0; id < folders; id++) {
    const from = at[id] as number;
    const len = length[id] as number;
    if (from === -1 || len === 0) continue;
    // The part is `a/b/c/`: its parent part ends at the `/` before `c`.
    const cut = t.text.lastIndexOf('/', from + len - 2) + 1 - from;
    if (cut <= 0) continue;
    const up = ids.get(t.text.slice(from, from + cut));
    if (up === undefined) continue;
    parent[id] = up;
    nameStart[id] = cut;
  }
  return { parent, nameStart };
}
