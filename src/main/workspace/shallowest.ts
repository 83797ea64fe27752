/**
 * What `@file:` offers before anything is typed: the top of the tree, shallowest first, then by
 * path. Judges only the entries it returns (protected paths are judged lazily, see EntryStore), so
 * it stays cheap on 100,000 paths.
 */
import type { EntryKind, IndexedEntry, IndexSnapshot, WorkspaceEntry } from './entry-store';

function depthOf(path: string): number {
  let depth = 0;
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) depth++;
  return depth;
}

/**
 * The `limit` shallowest visible entries of the given kinds (default both), ordered by depth, then
 * by path (code-unit order, so the answer is the same on every machine).
 */
export function shallowest(snapshot: IndexSnapshot, limit: number, kinds: readonly EntryKind[] = ['file', 'folder']): WorkspaceEntry[] {
  const wanted = snapshot.entries.filter((e) => kinds.includes(e.kind));
  const depths = Int32Array.from(wanted, (e) => depthOf(e.path));
  const out: WorkspaceEntry[] = [];
  // Depth by depth, so only the entries that may be returned are sorted and judged.
  for (let depth = 0; out.length < limit; depth++) {
    const level: IndexedEntry[] = [];
    let deeper = false;
    for (let i = 0; i < wanted.length; i++) {
      const d = depths[i] as number;
      if (d === depth) level.push(wanted[i] as IndexedEntry);
      else if (d > depth) deeper = true;
    }
    level.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const e of level) {
      if (out.length >= limit) break;
      if (snapshot.isVisible(e)) out.push({ path: e.path, kind: e.kind, size: e.size });
    }
    if (!deeper) break;
  }
  return out;
}
