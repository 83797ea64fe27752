import { describe, expect, it } from 'vitest';
import { EntryStore } from './entry-store';
import { query } from './fuzzy-query';
import { upperMask, upperMasks } from './upper-masks';

describe('capitals masks', () => {
  it('hold the ASCII capitals of each path, and none of its other letters', () => {
    expect(upperMask('src/UserCard.tsx')).toBe((1 << ('U'.charCodeAt(0) - 65)) | (1 << ('C'.charCodeAt(0) - 65)));
    expect(upperMask('ソース/メモ.md')).toBe(0);
    expect(upperMask('ÉCOLE')).toBe(upperMask('COLE'));
    const store = new EntryStore();
    store.replaceAll(['a/Zed.ts', 'b/zed.ts', 'Q/x.ts'].map((path) => ({ path, kind: 'file' as const, size: 1 })));
    const t = store.snapshot();
    for (let i = 0; i < t.count; i++) expect(upperMasks(t)[i]).toBe(upperMask(t.path(i)));
  });

  it('leave a case-sensitive query the paths that hold its capitals, and only those', () => {
    const store = new EntryStore();
    const files = ['src/Composer.tsx', 'src/composer.css', 'lib/COMPOSER.md', 'docs/Compose-r.txt'];
    store.replaceAll(files.map((path) => ({ path, kind: 'file' as const, size: 1 })));
    expect(query(store, 'Composer').map((m) => m.path).sort()).toEqual(['docs/Compose-r.txt', 'src/Composer.tsx']);
    expect(query(store, 'composer').map((m) => m.path).sort()).toEqual([...files].sort());
  });
});
