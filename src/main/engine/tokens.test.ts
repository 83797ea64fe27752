import { describe, expect, it } from 'vitest';
import { countTokens as exact } from 'gpt-tokenizer/encoding/o200k_base';
import { seededRandom } from '../../../test-support/prng';
import { countExpanded, isRegExpSpace, loadTokenCounter, LONG_RUN_PIECE, pieceCounter, rememberingCounter } from './tokens';

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

describe('pieceCounter', () => {
  it('tells whitespace as a regular expression does, for every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isRegExpSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });

  it('cuts a text into the same pieces as the pattern it replaced', () => {
    // The rule before the loop: runs the regular expression below matches are counted in pieces.
    const byPattern = (text: string): string[] => {
      const pieces: string[] = [];
      let last = 0;
      for (const m of text.matchAll(new RegExp(`\\S{${LONG_RUN_PIECE + 1},}`, 'g'))) {
        pieces.push(text.slice(last, m.index));
        for (let i = 0; i < m[0].length; i += LONG_RUN_PIECE) pieces.push(m[0].slice(i, i + LONG_RUN_PIECE));
        last = m.index + m[0].length;
      }
      if (last < text.length) pieces.push(text.slice(last));
      return pieces.filter((p) => p !== '');
    };
    const byLoop = (text: string): string[] => {
      const pieces: string[] = [];
      pieceCounter((piece) => (pieces.push(piece), 0))(text);
      return pieces.filter((p) => p !== '');
    };
    const random = seededRandom(27);
    const spaces = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    const others = ['a', '日', '\u200b', '\u180e', '\ud83d', '\ude00', '-', '\u0085'];
    for (let round = 0; round < 200; round++) {
      let text = '';
      const parts = 1 + Math.floor(random() * 6);
      for (let p = 0; p < parts; p++) {
        // Runs around the piece size: shorter, exactly 1024 and 1025, and several pieces long.
        const length = [0, 1, 500, LONG_RUN_PIECE, LONG_RUN_PIECE + 1, 2 * LONG_RUN_PIECE + 3, 5000][Math.floor(random() * 7)] as number;
        for (let i = 0; i < length; i++) text += others[Math.floor(random() * others.length)];
        text += (spaces[Math.floor(random() * spaces.length)] as string).repeat(1 + Math.floor(random() * 2));
      }
      if (random() < 0.5) text = text.trimEnd();
      expect(byLoop(text)).toEqual(byPattern(text));
    }
  });
});

describe('countExpanded', () => {
  it('equals the count of the whole expanded message, block by block', async () => {
    const { renderBlock, renderMessage } = await import('./render');
    const contents = [
      'export const a = 1;\n',
      '  indented start\nand an end without newline',
      '```\nfenced inside\n```\n\n\n',
      '日本語の文章です。\n한국어 문장입니다.\n',
      '!!! punctuation at the end...',
      '\n\nleading blank lines\n',
    ];
    const blocks = contents.map((content, i) => renderBlock({ raw: `@file:f${i}.txt`, description: `file f${i}.txt`, language: i % 2 ? 'ts' : '', content, tokens: i }));
    for (let n = 0; n <= blocks.length; n++) {
      const warnings = n > 2 ? [{ code: 'soft_limit' as const, reference: null, message: 'near the limit.' }] : [];
      const expanded = renderMessage(`look at these ${n} files:\n`, warnings, blocks.slice(0, n));
      expect(countExpanded(expanded, blocks.slice(0, n), countTokens), `${n} blocks`).toBe(countTokens(expanded));
    }
  });

  it('counts the whole text when the blocks are not its tail', () => {
    const calls: string[] = [];
    const spy = (t: string) => (calls.push(t), countTokens(t));
    expect(countExpanded('no blocks here', ['other'], spy)).toBe(countTokens('no blocks here'));
    expect(calls).toEqual(['no blocks here']);
  });
});

describe('rememberingCounter', () => {
  it('counts a long text once and a short one every time', () => {
    let counted = 0;
    const remembering = rememberingCounter((t) => (counted++, countTokens(t)));
    const long = 'a fairly long line of text\n'.repeat(40);
    expect(remembering(long)).toBe(countTokens(long));
    expect(remembering(long)).toBe(countTokens(long));
    remembering('short');
    remembering('short');
    expect(counted).toBe(3);
  });
});
