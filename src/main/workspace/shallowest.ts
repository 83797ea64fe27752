/**
 * What `@file:` offers before anything is typed: the top of the tree, shallowest first, then by
 * path. Judges only the entries it returns (protected paths are judged lazily, see EntryTable), so
 * it stays cheap on 100,000 paths.
 */
import type { EntryKind, IndexSnapshot, WorkspaceEntry } from './entry-store';
import { FILE, FOLDER } from './entry-table';

/**
 * The `limit` shallowest visible entries of the given kinds (default both), ordered by depth, then
 * by path (code-unit order, so the answer is the same on every machine).
 */
export function shallowest(t: IndexSnapshot, limit: number, kinds: readonly EntryKind[] = ['file', 'folder']): WorkspaceEntry[] {
  const bits = (kinds.includes('file') ? FILE : 0) | (kinds.includes('folder') ? FOLDER : 0);
  const wanted: number[] = [];
  const depths: number[] = [];
  for (let i = 0; i < t.count; i++) {
    if (((t.kind[i] as number) & bits) === 0) continue;
    wanted.push(i);
    const to = t.end(i);
    let depth = 0;
    for (let at = t.text.indexOf('/', t.start[i] as number); at >= 0 && at < to; at = t.text.indexOf('/', at + 1)) depth++;
    depths.push(depth);
  }
  const out: WorkspaceEntry[] = [];
  // Depth by depth, so only the entries that may be returned are sorted and judged.
  for (let depth = 0; out.length < limit; depth++) {
    const level: Array<{ i: number; path: string }> = [];
    let deeper = false;
    for (let k = 0; k < wanted.length; k++) {
      const d = depths[k] as number;
      if (d === depth) level.push({ i: wanted[k] as number, path: t.path(wanted[k] as number) });
      else if (d > depth) deeper = true;
    }
    level.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const { i } of level) {
      if (out.length >= limit) break;
      if (t.isVisible(i)) out.push(t.entry(i));
    }
    if (!deeper) break;
  }
  return out;
}
