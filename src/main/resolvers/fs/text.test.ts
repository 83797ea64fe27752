import { describe, it, expect } from 'vitest';
import { LineRangeCollector, countLines, countLinesInBytes, decodeText, sliceLines } from './text';

describe('decodeText', () => {
  it.each([
    ['plain UTF-8', Buffer.from('héllo'), 'héllo'],
    ['UTF-8 BOM stripped', Buffer.from([0xef, 0xbb, 0xbf, 0x61]), 'a'],
    ['only the first BOM is stripped', Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), '\ufeff'],
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab', 'utf16le')]), 'ab'],
    ['UTF-16 BE', Buffer.from([0xfe, 0xff, 0x00, 0x61, 0x00, 0x62]), 'ab'],
    ['invalid UTF-8 becomes U+FFFD', Buffer.from([0x61, 0xff, 0x62]), 'a\ufffdb'],
  ])('%s', (_label, input, expected) => {
    expect(decodeText(input)).toBe(expected);
  });
});

describe('countLines', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['a\n', 1],
    ['a\nb', 2],
    ['a\nb\n', 2],
    ['\n', 1],
    ['\n\n', 2],
    ['a\r\nb\r\n', 2],
  ])('%j has %i lines', (input, n) => {
    expect(countLines(input)).toBe(n);
    expect(countLinesInBytes(Buffer.from(input))).toBe(n);
  });
});

describe('sliceLines', () => {
  it.each([
    ['a\nb\nc\n', 2, 3, 'b\nc\n'],
    ['a\nb\nc', 2, 3, 'b\nc'],
    ['a\nb\nc', 1, 1, 'a\n'],
    ['a\nb\nc\n', 3, 9, 'c\n'],
    ['a\nb\nc\n', 4, 9, ''],
  ])('%j lines %i-%i', (text, start, end, expected) => {
    expect(sliceLines(text, start, end).text).toBe(expected);
    expect(sliceLines(text, start, end).lineCount).toBe(3);
  });
});

describe('LineRangeCollector', () => {
  /** Feeds `text` in chunks of `size` bytes. */
  function feed(text: string, size: number, start: number, end: number, max = 1000) {
    const c = new LineRangeCollector(start, end, max);
    const buf = Buffer.from(text);
    for (let i = 0; i < buf.length; i += size) if (!c.push(buf.subarray(i, i + size))) break;
    return c;
  }

  it.each([1, 2, 3, 7, 100])('collects the same range whatever the chunk size (%i)', (size) => {
    const c = feed('one\ntwo\nthree\nfour\n', size, 2, 3);
    expect(c.bytes().toString()).toBe('two\nthree\n');
    expect(c.done).toBe(true);
  });

  it('counts the lines of a file fed whole, with and without a final newline', () => {
    expect(feed('a\nb\nc\n', 2, 9, 9).linesSeen).toBe(3);
    expect(feed('a\nb\nc', 2, 9, 9).linesSeen).toBe(3);
    expect(feed('', 2, 1, 1).linesSeen).toBe(0);
  });

  it('keeps a last line without a newline', () => {
    const c = feed('a\nb', 1, 2, 5);
    expect(c.bytes().toString()).toBe('b');
    expect(c.done).toBe(false);
  });

  it('flags a range over its byte limit and stops', () => {
    const c = feed(`${'x'.repeat(50)}\nshort\n`, 8, 1, 2, 20);
    expect(c.overLimit).toBe(true);
  });
});
