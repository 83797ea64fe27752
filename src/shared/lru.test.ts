import { describe, expect, it } from 'vitest';
import { LruMap } from './lru';

describe('LruMap', () => {
  it('drops the least recently used entry past its capacity; a read counts as a use', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    expect(lru.size).toBe(2);
  });

  it('keeps its total weight under the bound, and never keeps one value heavier than a quarter of it', () => {
    const lru = new LruMap<string, string>(100, (s) => s.length, 40);
    lru.set('a', 'x'.repeat(10));
    lru.set('b', 'x'.repeat(10));
    lru.set('c', 'x'.repeat(10));
    lru.set('d', 'x'.repeat(10));
    lru.set('e', 'x'.repeat(5)); // 45 > 40: the oldest goes
    expect([lru.get('a'), lru.size]).toEqual([undefined, 4]);
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    lru.set('b', 'y'); // replacing an entry replaces its weight
    lru.set('f', 'x'.repeat(10));
    expect(lru.get('c')).toBe('x'.repeat(10));
  });

  it('can weigh its keys (a cache of counts by text)', () => {
    const lru = new LruMap<string, number>(Number.POSITIVE_INFINITY, (_n, key) => key.length, 20);
    lru.set('a'.repeat(5), 1);
    lru.set('b'.repeat(5), 2);
    lru.set('c'.repeat(5), 3);
    lru.set('d'.repeat(5), 4);
    lru.set('e'.repeat(5), 5); // 25 > 20: the oldest key goes
    expect([lru.get('a'.repeat(5)), lru.get('e'.repeat(5)), lru.size]).toEqual([undefined, 5, 4]);
    lru.delete('b'.repeat(5));
    lru.set('f'.repeat(5), 6); // the deleted key's weight was given back: nothing else goes
    expect(lru.get('c'.repeat(5))).toBe(3);
  });
});
