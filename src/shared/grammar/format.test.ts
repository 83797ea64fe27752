import { describe, expect, it } from 'vitest';
import { formatReference, formatValue } from './format';
import { parseReferences } from './parse';
import type { ReferenceKind } from '../reference';

const awkward = [
  'plain.ts',
  'src/deep/path/file.tsx',
  'my notes.md',
  'fn(x).ts',
  '(leading',
  'trailing)',
  'a[0].ts',
  '{braces}',
  "it's.md",
  'say "hi".md',
  'back`tick.md',
  'both \' and ".md',
  'quote " and `tick`',
  "apostrophe ' and `tick`",
  'ends.with.dot.',
  'ends,with,comma,',
  'question?',
  'a.ts:12',
  'a.ts:3-9',
  'C:\\Users\\Ann\\My Docs\\a.txt',
  'tab\there',
  'ünïcödé/文件.md',
  '@file:inner',
  'email@example.com',
];

describe('formatValue round trips', () => {
  it.each(awkward)('%j parses back whole', (value) => {
    for (const kind of ['file', 'folder', 'result'] as ReferenceKind[]) {
      const written = formatValue(value, kind);
      expect(written).not.toBeNull();
      const text = `before @${kind}:${written} after`;
      const refs = parseReferences(text);
      expect(refs).toHaveLength(1);
      expect(refs[0]?.value).toBe(value);
      expect(refs[0]?.malformed).toBeUndefined();
      expect(refs[0]?.lineStart).toBeUndefined();
    }
  });
  it('leaves simple values bare', () => {
    expect(formatValue('src/a.ts')).toBe('src/a.ts');
    expect(formatValue('https://example.com/x?y=1', 'url')).toBe('https://example.com/x?y=1');
  });
  it('returns null when nothing can hold the value', () => {
    expect(formatValue('')).toBeNull();
    expect(formatValue('two\nlines')).toBeNull();
    expect(formatValue('all " \' ` three')).toBeNull();
  });
});

describe('formatReference', () => {
  it('writes bare kinds bare', () => {
    expect(formatReference('diff')).toBe('@diff');
    expect(formatReference('staged')).toBe('@staged');
  });
  it.each(awkward.filter((v) => !(v.includes('"') && v.includes("'") && v.includes('`'))))('%j with a line range parses back', (value) => {
    const written = formatReference('file', value, { start: 3, end: 9 });
    expect(written).not.toBeNull();
    const [ref] = parseReferences(`${written}`);
    expect(ref).toMatchObject({ value, lineStart: 3, lineEnd: 9 });
    expect(ref?.to).toBe(written?.length);
  });
  it('writes a single line as :N', () => {
    expect(formatReference('file', 'a.ts', { start: 4 })).toBe('@file:a.ts:4');
  });
});
