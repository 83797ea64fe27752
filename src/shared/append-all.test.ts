import { describe, expect, it } from 'vitest';
import { appendAll } from './append-all';

describe('appendAll', () => {
  it('appends 300,000 items in order, where spreading them into push would overflow the stack', () => {
    const items = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [0].push(...items)).toThrow(RangeError);
    const target = appendAll(['a' as string | number], items);
    expect(target.length).toBe(300_001);
    expect(target[1]).toBe(0);
    expect(target[300_000]).toBe(299_999);
  });
});
