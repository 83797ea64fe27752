import { describe, it, expect } from 'vitest';
import { contentKind, decodeText, fenceLanguage, parseContentType } from './content';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('parseContentType', () => {
  it.each([
    ['text/html; charset=UTF-8', 'text/html', 'utf-8'],
    ['Text/HTML;Charset="ISO-8859-1"', 'text/html', 'iso-8859-1'],
    ['application/json', 'application/json', null],
    ['text/plain; format=flowed; charset=utf-8', 'text/plain', 'utf-8'],
    [undefined, '', null],
    ['', '', null],
  ])('%j', (header, type, charset) => {
    expect(parseContentType(header)).toEqual({ type, charset });
  });
});

describe('contentKind', () => {
  it.each([
    ['text/html', 'html'],
    ['application/xhtml+xml', 'html'],
    ['text/plain', 'text'],
    ['text/markdown', 'text'],
    ['text/csv', 'text'],
    ['application/json', 'text'],
    ['application/problem+json', 'text'],
    ['application/atom+xml', 'text'],
    ['application/yaml', 'text'],
    ['image/png', 'binary'],
    ['application/octet-stream', 'binary'],
    ['application/pdf', 'binary'],
    ['application/zip', 'binary'],
    ['video/mp4', 'binary'],
    ['font/woff2', 'binary'],
  ])('%s is %s', (type, kind) => {
    expect(contentKind(type, bytes('whatever'))).toBe(kind);
  });

  it('sniffs a body without a type', () => {
    expect(contentKind('', bytes('  <!DOCTYPE html><p>x'))).toBe('html');
    expect(contentKind('', bytes('<html><body>x'))).toBe('html');
    expect(contentKind('', bytes('plain words'))).toBe('text');
    expect(contentKind('', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe('binary');
  });
});

describe('decodeText', () => {
  it('replaces invalid UTF-8 instead of failing', () => {
    expect(decodeText(new Uint8Array([0x61, 0xff, 0x62, 0xe2, 0x82]), { type: 'text/plain', charset: null }, 'text')).toBe('a\uFFFDb\uFFFD');
  });

  it('uses the header charset', () => {
    expect(decodeText(new Uint8Array([0x63, 0xe9]), { type: 'text/plain', charset: 'windows-1252' }, 'text')).toBe('cé');
  });

  it('uses <meta charset> for HTML without a header charset', () => {
    const html = Buffer.concat([Buffer.from('<meta charset="shift_jis"><p>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b])]);
    expect(decodeText(html, { type: 'text/html', charset: null }, 'html')).toContain('日本');
  });

  it('a byte-order mark wins over the header, and is dropped', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le')]);
    expect(decodeText(utf16, { type: 'text/plain', charset: 'utf-8' }, 'text')).toBe('hi');
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), { type: 'text/plain', charset: null }, 'text')).toBe('A');
  });

  it('falls back to UTF-8 for a label TextDecoder does not know', () => {
    expect(decodeText(bytes('ü'), { type: 'text/plain', charset: 'x-klingon' }, 'text')).toBe('ü');
  });
});

describe('fenceLanguage', () => {
  it.each([
    ['text/html', 'html', 'markdown'],
    ['text/markdown', 'text', 'markdown'],
    ['application/json', 'text', 'json'],
    ['application/ld+json', 'text', 'json'],
    ['application/rss+xml', 'text', 'xml'],
    ['text/csv', 'text', 'csv'],
    ['text/plain', 'text', ''],
  ])('%s -> %j', (type, kind, lang) => {
    expect(fenceLanguage(type, kind as 'html' | 'text')).toBe(lang);
  });
});
