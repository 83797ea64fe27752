import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateExactly, inflaterReused } from './inflater';

describe('inflateExactly', () => {
  it('inflates through the kept context on this Node, not the fallback', () => {
    // A Node whose zlib context did not pass the self-check would still inflate, only slower:
    // this names it, so the speed-up is not lost unseen.
    expect(inflaterReused()).toBe(true);
  });

  it('gives inflateSync bytes for streams of many sizes and levels, one after another', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let k = 0; k < 300; k++) {
      const size = k === 0 ? 0 : next() % (k < 200 ? 5000 : 300_000);
      const text = Buffer.alloc(size);
      // Half repetitive (long matches), half random bytes (stored blocks).
      for (let i = 0; i < size; i++) text[i] = k % 2 === 0 ? 97 + ((i * 7) % 13) : next() & 0xff;
      const stream = deflateSync(text, { level: k % 10 });
      const out = inflateExactly(stream, size);
      expect(out?.equals(inflateSync(stream)), `stream ${k} of ${size} bytes`).toBe(true);
    }
  });

  it('refuses a cut stream, a damaged one and a wrong size, and reads the next stream right after each', () => {
    const text = Buffer.from('한국어 日本語 text\n'.repeat(500));
    const stream = deflateSync(text);
    const damaged = Buffer.from(stream);
    const mid = damaged.length >> 1;
    damaged.writeUInt16BE(damaged.readUInt16BE(mid) ^ 0xff5a, mid);
    for (const [input, size] of [
      [stream.subarray(0, stream.length - 10), text.length],
      [damaged, text.length],
      [stream, text.length - 1],
      [stream, text.length + 1],
      [Buffer.from('not zlib at all'), 10],
      [Buffer.alloc(0), 10],
    ] as const) {
      expect(inflateExactly(input, size)).toBeNull();
      expect(inflateExactly(stream, text.length)?.equals(text)).toBe(true);
    }
  });

  it('stops at the stream end: what follows it in the input is not read', () => {
    const a = Buffer.from('first object\n'.repeat(50));
    const b = Buffer.from('second object\n'.repeat(70));
    const both = Buffer.concat([deflateSync(a), deflateSync(b)]);
    expect(inflateExactly(both, a.length)?.equals(a)).toBe(true);
  });
});
