import { describe, it, expect } from 'vitest';
import { extensionOf, hasUtf16Bom, isBinaryContent, isKnownBinaryType } from './binary';

const bytes = (...b: number[]) => Buffer.from(b);
const text = (s: string) => Buffer.from(s, 'utf8');

describe('isBinaryContent', () => {
  it.each([
    ['plain ASCII', 'a.txt', text('hello\nworld\n'), false],
    ['UTF-8 accents and emoji', 'a.md', text('héllo wörld 🎉\n'), false],
    ['empty file', 'x.bin', Buffer.alloc(0), false],
    ['UTF-16 LE with BOM (NULs are half of each char)', 'u.txt', Buffer.concat([bytes(0xff, 0xfe), Buffer.from('hi there', 'utf16le')]), false],
    ['a NUL byte early', 'a.txt', text('ab\u0000cd'), true],
    ['a NUL byte far from the start', 'a.ts', text(`${'x'.repeat(5000)}\u0000`), true],
    ['PNG magic, unknown extension', 'picture', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), true],
    ['ELF magic, no extension', 'tool', bytes(0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01), true],
    ['gzip magic', 'data.unknown', bytes(0x1f, 0x8b, 0x08), true],
    ['text in a file with a binary extension', 'notes.png', text('not really a png'), true],
    ['ZIP magic in a .docx', 'a.docx', text('PK\u0003\u0004rest'), true],
    ['MZ at the start of a .ts file (text extension skips the type check)', 'mz.ts', text('MZ is a module name\n'), false],
    ['MZ at the start of an unknown file', 'blob', text('MZ is a module name\n'), true],
    ['RIFF in a .md file', 'riff.md', text('RIFF chunks explained\n'), false],
    ['control bytes that isbinaryfile rejects', 'a.txt', bytes(...Array.from({ length: 64 }, (_, i) => (i % 2 ? 0x01 : 0x02))), true],
  ])('%s', (_label, name, content, expected) => {
    expect(isBinaryContent(name, content)).toBe(expected);
  });
});

describe('helpers', () => {
  it('extensionOf lower-cases and uses the name for dotless files', () => {
    expect(extensionOf('src/A.TS')).toBe('ts');
    expect(extensionOf('dir\\Makefile')).toBe('makefile');
    expect(extensionOf('.gitignore')).toBe('.gitignore');
  });

  it('hasUtf16Bom sees both byte orders only', () => {
    expect(hasUtf16Bom(bytes(0xff, 0xfe, 0x41))).toBe(true);
    expect(hasUtf16Bom(bytes(0xfe, 0xff, 0, 0x41))).toBe(true);
    expect(hasUtf16Bom(bytes(0xef, 0xbb, 0xbf))).toBe(false);
  });

  it('isKnownBinaryType knows extensions and magic numbers', () => {
    expect(isKnownBinaryType('a.sqlite', text('x'))).toBe(true);
    expect(isKnownBinaryType('a', text('SQLite format 3\u0000'))).toBe(true);
    expect(isKnownBinaryType('a', text('%PDF-1.7'))).toBe(true);
    expect(isKnownBinaryType('a.txt', text('plain'))).toBe(false);
  });
});
