import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [64 * 1024, '64 KiB'],
    [5 * 1024 * 1024, '5.0 MiB'],
    [3 * 1024 ** 3, '3.0 GiB'],
  ])('%i -> %s', (n, s) => {
    expect(formatBytes(n)).toBe(s);
  });
});
