/**
 * Mutations of real files, as fast-check values: flips, byte writes, the 32-bit values parsers trip
 * on (0, 0x7fffffff, 0xffffffff, 0x80000000), insertions, deletions, truncation and a copy of one
 * part over another. A finding is shrunk by fast-check to a short list of them.
 */
import fc from 'fast-check';

/** One change to a seed. */
export interface Mutation {
  kind: 'flip' | 'set' | 'word' | 'insert' | 'delete' | 'truncate' | 'splice';
  at: number;
  value: number;
  length: number;
}

const WORDS = [0, 0x7fffffff, 0xffffffff, 0x80000000, 1, 0xff, 0x100, 0xffff];

/** A list of one to eight mutations. */
export const mutationsArb: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<Mutation['kind']>('flip', 'set', 'word', 'insert', 'delete', 'truncate', 'splice'),
    at: fc.nat(),
    value: fc.nat(0xffff),
    length: fc.nat(256),
  }),
  { minLength: 1, maxLength: 8 },
);

/** `seed` with `mutations` applied in order (the seed is not changed). */
export function mutate(seed: Buffer, mutations: readonly Mutation[]): Buffer {
  let b = Buffer.from(seed);
  for (const m of mutations) {
    if (b.length === 0 && m.kind !== 'insert') continue;
    const at = b.length === 0 ? 0 : m.at % b.length;
    switch (m.kind) {
      case 'flip':
        b[at] = (b[at] as number) ^ (1 << (m.value % 8));
        break;
      case 'set':
        b[at] = m.value & 0xff;
        break;
      case 'word':
        if (at + 4 <= b.length) b.writeUInt32BE((WORDS[m.value % WORDS.length] as number) >>> 0, at);
        break;
      case 'insert':
        b = Buffer.concat([b.subarray(0, at), Buffer.alloc(m.length % 64 || 1, m.value & 0xff), b.subarray(at)]);
        break;
      case 'delete':
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + (m.length % 64 || 1))]);
        break;
      case 'truncate':
        b = b.subarray(0, at);
        break;
      case 'splice': {
        const from = m.value % b.length;
        const piece = Buffer.from(b.subarray(from, from + m.length));
        piece.copy(b, at);
        break;
      }
    }
  }
  return b;
}
