import { describe, expect, it } from 'vitest';
import { countTokens as exact } from 'gpt-tokenizer/encoding/o200k_base';
import { loadTokenCounter, LONG_RUN_PIECE } from './tokens';

const countTokens = await loadTokenCounter();

describe('countTokens', () => {
  it('is the exact o200k count for ordinary text', () => {
    const text = 'export function add(a: number, b: number) {\n  return a + b; // 日本語 too\n}\n'.repeat(50);
    expect(countTokens(text)).toBe(exact(text));
    expect(countTokens('')).toBe(0);
    // Not a character estimate: o200k packs common code much tighter than chars/4 would say.
    expect(countTokens('hello world')).toBe(2);
  });

  it('counts a long run without whitespace within a token or two per piece', () => {
    const run = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
    const approx = countTokens(`before ${run} after`);
    const pieces = Math.ceil(run.length / LONG_RUN_PIECE);
    const reference = exact(run) + exact('before ') + exact(' after');
    expect(Math.abs(approx - reference)).toBeLessThanOrEqual(2 * pieces);
  });
});
