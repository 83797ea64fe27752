import { describe, expect, it } from 'vitest';
import { EntryStore } from './entry-store';
import { folderTree } from './folder-tree';

/** The folder part (with its final `/`) of the entries with folder id `id`. */
function partOf(t: ReturnType<EntryStore['snapshot']>, id: number): string {
  for (let i = 0; i < t.count; i++) if (t.folder[i] === id) return t.text.slice(t.start[i], t.baseStart[i]);
  throw new Error(`no entry in folder ${id}`);
}

describe('folder tree', () => {
  it("links each folder part to its parent's and says where its last name starts", () => {
    const store = new EntryStore();
    const files = ['a/b/c/one.ts', 'a/b/two.ts', 'a/three.ts', 'top.ts', 'x/y/z/deep.ts', 'ソース/文書/メモ.md'];
    // Folders listed too, as the walk lists them, except x/y: then no entry's folder part is x/.
    const folders = ['a', 'a/b', 'a/b/c', 'x', 'x/y/z', 'ソース', 'ソース/文書'];
    store.replaceAll([
      ...files.map((path) => ({ path, kind: 'file' as const, size: 1 })),
      ...folders.map((path) => ({ path, kind: 'folder' as const, size: -1 })),
    ]);
    const t = store.snapshot();
    const tree = folderTree(t);
    const parts = new Map<string, number>();
    for (let i = 0; i < t.count; i++) parts.set(t.text.slice(t.start[i], t.baseStart[i]), t.folder[i] as number);
    const parentPart = (part: string): string | null => {
      const id = parts.get(part) as number;
      const up = tree.parent[id] as number;
      if (up < 0) return null;
      expect(part.slice(0, tree.nameStart[id])).toBe(partOf(t, up));
      return partOf(t, up);
    };
    expect(parentPart('a/b/c/')).toBe('a/b/');
    expect(parentPart('a/b/')).toBe('a/');
    expect(parentPart('a/')).toBeNull();
    expect(parentPart('')).toBeNull();
    expect(parentPart('ソース/文書/')).toBe('ソース/');
    // x/y/ (the folder part of x/y/z) has no parent part to build on: its cells are scanned whole.
    expect(parts.has('x/')).toBe(false);
    expect(parentPart('x/y/')).toBeNull();
    expect(parentPart('x/y/z/')).toBe('x/y/');
  });
});
