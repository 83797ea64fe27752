import { describe, expect, it } from 'vitest';
import { hexText, sliceMethodsUsed, utf8Text } from './byte-text';

describe('utf8Text and hexText', () => {
  it('take the slice methods on this Node', () => {
    // Node 20 and 22 have them; if a later Node drops them, the git reader still reads, only slower.
    expect(sliceMethodsUsed()).toBe(true);
  });

  it('give toString’s text for every range of mixed bytes, clamped ranges included', () => {
    let seed = 7;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const pieces = [Buffer.from('src/メモ/한국어.md'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('a/b\0c'), Buffer.from([0xf0, 0x9f, 0x98, 0x80]), Buffer.from([0xe6, 0x97])];
    for (let k = 0; k < 2000; k++) {
      const buf = Buffer.concat(Array.from({ length: 1 + next(6) }, () => pieces[next(pieces.length)] as Buffer));
      const start = next(buf.length + 3) - 1;
      const end = next(buf.length + 4) - 1;
      expect(utf8Text(buf, start, end), `${buf.toString('hex')} ${start} ${end}`).toBe(buf.toString('utf8', start, end));
      expect(hexText(buf, start, end), `${buf.toString('hex')} ${start} ${end}`).toBe(buf.toString('hex', start, end));
    }
  });

  it('read a range of a view at its own offset', () => {
    const whole = Buffer.from('xx日本語yy');
    const view = whole.subarray(2, 11);
    expect(utf8Text(view, 0, 9)).toBe('日本語');
    expect(hexText(view, 3, 6)).toBe(Buffer.from('本').toString('hex'));
  });
});
