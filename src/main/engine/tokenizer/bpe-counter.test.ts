import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { countTokens as libraryCount, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test-support/prng';
import { loadO200kCounter } from './o200k';

/**
 * Atmark's o200k counter against gpt-tokenizer's own encoder, which stays installed as the oracle:
 * the counts must be the same on every text. Special tokens are ordinary text for both (that is
 * how a model API receives them inside a message).
 */
const count = await loadO200kCounter();
const ORDINARY = { disallowedSpecial: new Set<string>() };
const oracle = (text: string): number => libraryCount(text, ORDINARY);

function textFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) textFiles(file, out);
    else if (/\.(ts|tsx|md|css|json|html)$/.test(name)) out.push(file);
  }
  return out;
}

describe('the o200k counter', () => {
  it('counts like gpt-tokenizer on every source and document file of this project', () => {
    const files = [...textFiles('src'), ...textFiles('docs'), 'README.md', 'README.ja.md', 'README.ko.md'];
    expect(files.length).toBeGreaterThan(200);
    const differ: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (count(text) !== oracle(text)) differ.push(file);
    }
    expect(differ).toEqual([]);
  });

  it('counts Japanese, Korean, Chinese, emoji and mixed scripts like gpt-tokenizer', () => {
    const texts = [
      '日本語の文章です。この関数は配列を並べ替えます。',
      '한국어 문장입니다. 이 함수는 배열을 정렬합니다.',
      '这个函数对数组进行排序。',
      'ｶﾀｶﾅ　全角スペース　と ＡＢＣ１２３',
      '👩‍👩‍👧‍👦 family, 🇯🇵 flag, 🧑🏽‍💻 coder, é vs é',
      'mixed: const 名前 = "김민준"; // コメント\n\treturn 名前;',
      "don't WE'LL they're I'VE 12345678 3.14159 1,000,000",
      '\r\n\r\n   \n\t\t\n' + ' '.repeat(300) + 'x' + '\n'.repeat(50),
    ];
    for (const text of texts) expect(count(text), text).toBe(oracle(text));
  });

  it('counts special-token text as the ordinary text it is', () => {
    const text = 'before <|endoftext|> middle <|im_start|>user\n<|fim_prefix|> after';
    expect(count(text)).toBe(oracle(text));
    // gpt-tokenizer's default refuses such text outright; a file that contains it must still count.
    expect(() => libraryCount(text)).toThrow(/special token/);
    expect(count(text)).toBe(encode(text, ORDINARY).length);
  });

  it('counts random text from many scripts, with lone surrogates, like gpt-tokenizer', () => {
    const random = seededRandom(12);
    const ranges: Array<[number, number]> = [
      [0x20, 0x7e], // ASCII
      [0x3040, 0x30ff], // kana
      [0x4e00, 0x4fff], // CJK
      [0xac00, 0xad00], // Hangul
      [0x0400, 0x04ff], // Cyrillic
      [0x0300, 0x036f], // combining marks
      [0x1f300, 0x1f64f], // emoji
      [0xd800, 0xdfff], // lone surrogates
      [0x09, 0x0d], // whitespace and controls
    ];
    for (let n = 0; n < 400; n++) {
      let text = '';
      const length = 1 + Math.floor(random() * 80);
      for (let i = 0; i < length; i++) {
        const [lo, hi] = ranges[Math.floor(random() * ranges.length)] as [number, number];
        text += String.fromCodePoint(lo + Math.floor(random() * (hi - lo + 1)));
      }
      expect(count(text), JSON.stringify(text)).toBe(oracle(text));
    }
  });

  it('gives the same count when the same pieces come again (the piece memo)', () => {
    const text = 'function sortItems(items) { return items.sort(); }\n'.repeat(3);
    const first = count(text);
    expect(count(text)).toBe(first);
    expect(first).toBe(oracle(text));
  });
});
