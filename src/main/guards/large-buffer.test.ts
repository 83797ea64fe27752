import { describe, expect, it } from 'vitest';
import { LARGE_BUFFER_BYTES, largeBuffer, largeColumn } from './large-buffer';

describe('largeBuffer and largeColumn', () => {
  it('give exactly the length asked, small or large, and each its own memory', () => {
    for (const size of [0, 1, LARGE_BUFFER_BYTES - 1, LARGE_BUFFER_BYTES, LARGE_BUFFER_BYTES + 1, 3 * 1024 * 1024 + 5]) {
      const a = largeBuffer(size);
      const b = largeBuffer(size);
      expect(a.length).toBe(size);
      a.fill(0xab);
      b.fill(0x01);
      expect(a.every((x) => x === 0xab)).toBe(true);
    }
  });

  it('gives zeroed columns of the asked type that grow like the ones they replace', () => {
    const small = largeColumn(Uint32Array, 10);
    const large = largeColumn(Uint32Array, LARGE_BUFFER_BYTES);
    expect(small).toBeInstanceOf(Uint32Array);
    expect(large).toBeInstanceOf(Uint32Array);
    expect(large.length).toBe(LARGE_BUFFER_BYTES);
    expect(large.every((x) => x === 0)).toBe(true);
    large[large.length - 1] = 4294967295;
    expect(large[large.length - 1]).toBe(4294967295);
    const f = largeColumn(Float64Array, LARGE_BUFFER_BYTES);
    f[3] = 0.5;
    expect(f[3]).toBe(0.5);
    expect(f.length).toBe(LARGE_BUFFER_BYTES);
  });
});
