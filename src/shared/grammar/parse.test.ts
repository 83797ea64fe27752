import { describe, expect, it } from 'vitest';
import { parseReferences } from './parse';
import { translate } from '../i18n/translate';
import type { Text } from '../i18n/text';

/** The English words of a malformed reference's sentence. */
const words = (t: Text | undefined): string => (t ? translate(t, 'en') : '');

/** The raw texts of the references found, for compact tables. */
function raws(text: string): string[] {
  return parseReferences(text).map((r) => r.raw);
}

describe('what is and is not a reference', () => {
  const cases: Array<[string, string[]]> = [
    ['me@file:x', []],
    ['mail me at ann@example.com', []],
    ['ping @handle and @someone:else', []],
    ['path/@file:x', []],
    ['_@file:x', []],
    ['é@file:x', []],
    ['@file:x', ['@file:x']],
    ['(@file:x)', ['@file:x']],
    ['see @diff now', ['@diff']],
    ['@diffs are not refs', []],
    ['@stagedfoo', []],
    ['@diff.', ['@diff']],
    ['@diff, @staged!', ['@diff', '@staged']],
    ['@diff:extra', ['@diff']],
    ['@Diff and @FILE:x and @File:x', []],
    ['@word:thing stays', []],
    ['@files:x', []],
    ['@git:3 @url:https://example.com/a @result:r_12', ['@git:3', '@url:https://example.com/a', '@result:r_12']],
    ['two\n@file:a\n@folder:src', ['@file:a', '@folder:src']],
    ['@@file:x', ['@file:x']],
    ['emoji 😀@file:x', ['@file:x']],
  ];
  it.each(cases)('%j -> %j', (text, expected) => {
    expect(raws(text)).toEqual(expected);
  });
});

describe('trailing punctuation and brackets', () => {
  const cases: Array<[string, string]> = [
    ['(see @file:a.ts)', 'a.ts'],
    ['@file:a.ts, and', 'a.ts'],
    ['@file:a.ts.', 'a.ts'],
    ['@file:a.ts;', 'a.ts'],
    ['@file:a.ts!?', 'a.ts'],
    ['[@file:a.ts]', 'a.ts'],
    ['{@file:a.ts}', 'a.ts'],
    ['(@file:a.ts).', 'a.ts'],
    ['@file:fn(x).ts', 'fn(x).ts'],
    ['(@file:fn(x).ts)', 'fn(x).ts'],
    ['@file:a[0].ts]', 'a[0].ts'],
    ['@url:https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['(@url:https://en.wikipedia.org/wiki/Foo_(bar))', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['@url:https://example.com/?q=1.', 'https://example.com/?q=1'],
  ];
  it.each(cases)('%j -> value %j', (text, value) => {
    const [ref] = parseReferences(text);
    expect(ref?.value).toBe(value);
    expect(ref?.malformed).toBeUndefined();
  });
});

describe('quoted values', () => {
  const cases: Array<[string, string, number?, number?]> = [
    ['@file:"my notes.md"', 'my notes.md'],
    ["@file:'my notes.md'", 'my notes.md'],
    ['@file:`my notes.md`', 'my notes.md'],
    ['@file:"C:\\Users\\Ann\\My Docs\\a.txt"', 'C:\\Users\\Ann\\My Docs\\a.txt'],
    ['@file:"it\'s here.md"', "it's here.md"],
    ['@file:\'say "hi".md\'', 'say "hi".md'],
    ['@file:"a b.ts":3', 'a b.ts', 3, 3],
    ['@file:"a b.ts":3-9', 'a b.ts', 3, 9],
    ['@folder:"src/my dir"', 'src/my dir'],
    ['@file:"(odd).ts")', '(odd).ts'],
  ];
  it.each(cases)('%j', (text, value, start, end) => {
    const [ref] = parseReferences(text);
    expect(ref?.value).toBe(value);
    expect(ref?.quoted).toBe(true);
    expect(ref?.lineStart).toBe(start);
    expect(ref?.lineEnd).toBe(end);
    expect(ref?.malformed).toBeUndefined();
  });
  it('a quote does not run across lines', () => {
    const [ref] = parseReferences('@file:"abc\ndef"');
    expect(words(ref?.malformed)).toMatch(/not closed/);
  });
  it('ends at the closing quote', () => {
    expect(raws('@file:"a b" and more')).toEqual(['@file:"a b"']);
  });
});

describe('line ranges', () => {
  const ok: Array<[string, string, number, number]> = [
    ['@file:a.ts:10', 'a.ts', 10, 10],
    ['@file:a.ts:10-25', 'a.ts', 10, 25],
    ['@file:a.ts:10-25.', 'a.ts', 10, 25],
    ['@file:a:b.ts:7', 'a:b.ts', 7, 7],
    ['@file:src/x.ts:1-1', 'src/x.ts', 1, 1],
  ];
  it.each(ok)('%j', (text, value, start, end) => {
    const [ref] = parseReferences(text);
    expect(ref).toMatchObject({ value, lineStart: start, lineEnd: end });
    expect(ref?.malformed).toBeUndefined();
  });
  it('a colon segment that is not a range attempt stays in the path', () => {
    const [ref] = parseReferences('@file:notes:draft.md');
    expect(ref?.value).toBe('notes:draft.md');
    expect(ref?.lineStart).toBeUndefined();
  });
});

describe('malformed references', () => {
  const cases: Array<[string, RegExp]> = [
    ['@file:', /nothing follows @file/],
    ['@file: x', /nothing follows @file/],
    ['@folder:""', /nothing follows @folder/],
    ['@file:a.ts:0', /before line 1/],
    ['@file:a.ts:0-3', /before line 1/],
    ['@file:a.ts:9-3', /ends before it starts/],
    ['@file:a.ts:3-', /not a line range/],
    ['@file:a.ts:-3', /not a line range/],
    ['@file:a.ts:3-x', /not a line range/],
    ['@file:"a b":x1', /^/],
    ['@git:abc', /not a whole number/],
    ['@git:2.5', /not a whole number/],
    ['@git:', /commit count is missing/],
    ['@url:', /nothing follows @url/],
    ['@result:', /nothing follows @result/],
    ['@file:"unclosed', /not closed/],
  ];
  it.each(cases)('%j', (text, why) => {
    const [ref] = parseReferences(text);
    expect(ref).toBeDefined();
    if (text === '@file:"a b":x1') {
      // `:x1` is not a range attempt after a quote: the reference ends at the quote.
      expect(ref?.malformed).toBeUndefined();
      expect(ref?.raw).toBe('@file:"a b"');
      return;
    }
    expect(words(ref?.malformed)).toMatch(why);
  });
  it('git counts out of range parse (the engine clamps them)', () => {
    expect(parseReferences('@git:0')[0]?.count).toBe(0);
    expect(parseReferences('@git:99')[0]?.count).toBe(99);
    expect(parseReferences('@git:-2')[0]?.count).toBe(-2);
  });
});

describe('offsets', () => {
  it('from/to index the message', () => {
    const text = 'Look at (@file:"a b.ts":2-3) and @diff.';
    for (const ref of parseReferences(text)) expect(text.slice(ref.from, ref.to)).toBe(ref.raw);
    expect(raws(text)).toEqual(['@file:"a b.ts":2-3', '@diff']);
  });
});
