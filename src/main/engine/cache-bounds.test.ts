import { describe, expect, it } from 'vitest';
import type { Resolution } from '../resolve';
import { CleanedTextCache } from './cleaned-cache';
import { createSpanMemo, memoKey } from './redact-resolution';
import { preparedBytes, ResolutionCache, type PreparedReference } from './resolution-cache';
import { bpeCounter } from './tokenizer/bpe-counter';
import { rankTable } from './tokenizer/rank-table';
import { loadO200kCounter, loadO200kRanks } from './tokenizer/o200k';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

/**
 * Every cache the engine keeps text in is bounded by bytes, not only by a count (issue 27): a count
 * of 64 entries is gigabytes when each entry may be 64 MiB. Each must evict its least recently
 * used entries once the bound is passed, and never keep one entry heavier than a quarter of it.
 */

function prepared(text: string): PreparedReference {
  const resolution: Resolution = { ok: true, text, description: 'file a.txt', target: 'a.txt', language: '', source: { kind: 'file', path: 'a.txt' } as never };
  return { resolution, clean: { text, warnings: [] }, tokens: 1 };
}

describe('the resolution cache', () => {
  it('weighs a prepared reference by its text, once when the clean text is the same string', () => {
    expect(preparedBytes(prepared('x'.repeat(100)))).toBe(200);
    const redacted = { ...prepared('secret '.repeat(10)), clean: { text: '[REDACTED] '.repeat(10), warnings: [] } };
    expect(preparedBytes(redacted)).toBe(2 * ('secret '.repeat(10).length + '[REDACTED] '.repeat(10).length));
  });

  it('evicts the least recently used references once its bytes pass the bound', () => {
    const cache = new ResolutionCache(64, 10_000);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, 'id', prepared(k.repeat(1000))); // about 2,000 bytes each
    expect(cache.size).toBe(4);
    expect(cache.get('a', 'id')).toBeDefined(); // a is now the most recently used
    cache.set('e', 'id', prepared('e'.repeat(1000)));
    cache.set('f', 'id', prepared('f'.repeat(1000)));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('b', 'id')).toBeUndefined();
    expect(cache.get('a', 'id')).toBeDefined();
    expect(cache.get('f', 'id')).toBeDefined();
  });

  it('does not keep one reference heavier than a quarter of its bound', () => {
    const cache = new ResolutionCache(64, 10_000);
    cache.set('small', 'id', prepared('s'.repeat(100)));
    cache.set('huge', 'id', prepared('h'.repeat(2000)));
    expect(cache.get('huge', 'id')).toBeUndefined();
    expect(cache.get('small', 'id')).toBeDefined();
  });
});

describe('the cleaned-text cache', () => {
  it('evicts by bytes of the texts it keeps, the text around an excerpt included', () => {
    const cache = new CleanedTextCache(64, 20_000);
    const cleaned = (text: string) => ({ clean: { text, warnings: [] }, tokens: 1, sha256: 'h' });
    const around = { before: 'b'.repeat(500), after: 'a'.repeat(500) };
    cache.set('one', 'x'.repeat(1000), around, cleaned('x'.repeat(1000)));
    expect(cache.bytes).toBeGreaterThanOrEqual(2 * 2000);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, String(i).repeat(1000), undefined, cleaned(String(i).repeat(1000)));
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get('one', 'x'.repeat(1000), around)).toBeUndefined();
    expect(cache.get('k9', '9'.repeat(1000), undefined)?.tokens).toBe(1);
  });
});

describe("the metadata scan's memo", () => {
  it('keys a long text by its hash, so the memo never holds the text itself', () => {
    const long = 'path/to/file.ts\n'.repeat(1000);
    expect(memoKey('short text')).toBe('short text');
    expect(memoKey(long).length).toBeLessThan(100);
    expect(memoKey(long)).toBe(memoKey(`${long}`));
    expect(memoKey(long)).not.toBe(memoKey(`${long}x`));
  });

  it('evicts by bytes of its keys and spans', () => {
    const memo = createSpanMemo(4000);
    for (let i = 0; i < 10; i++) memo.set(`${i}`.repeat(400), [{ start: 0, end: 1, rule: 'r' }]);
    expect(memo.totalWeight).toBeLessThanOrEqual(4000);
    expect(memo.get('0'.repeat(400))).toBeUndefined();
    expect(memo.get('9'.repeat(400))).toHaveLength(1);
  });
});

describe("the token counter's memo", () => {
  it('is cleared once its pieces pass the bound, and the counts do not change', async () => {
    const bounded = bpeCounter(rankTable(await loadO200kRanks()), O200K_TOKEN_SPLIT_REGEX, 500);
    const reference = await loadO200kCounter();
    const words = Array.from({ length: 400 }, (_, i) => `word${i}x${(i * 7919).toString(36)}`).join(' ');
    expect(bounded(words)).toBe(reference(words));
    expect(bounded.memoChars).toBeGreaterThan(0);
    expect(bounded.memoChars).toBeLessThanOrEqual(500);
    // A piece longer than the memo keeps (a long run of letters) is counted, not remembered.
    const run = 'a'.repeat(5000);
    const before = bounded.memoChars;
    expect(bounded(run)).toBe(reference(run));
    expect(bounded.memoChars).toBe(before);
  });
});
