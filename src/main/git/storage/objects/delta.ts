/** Git's delta format: a base object plus copy and insert instructions gives the target object. */

function varint(delta: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let shift = 1;
  let c: number;
  do {
    // Past the end reads as 0 and ends the number; past 2^53 the size is refused by its caller.
    c = delta[pos++] ?? 0;
    value += (c & 0x7f) * shift;
    shift *= 128;
  } while (c & 0x80 && shift < 2 ** 63);
  return [value, pos];
}

/** Bytes copied one by one below this length: a view for `set` costs more. */
const LOOP_BELOW = 64;

/**
 * Copies `length` bytes of `from` at `start` into `to` at `at`. Not `subarray`: on a Buffer it
 * makes a new Buffer through the species constructor, and a delta copies in many short pieces (a
 * fresh process's first `@git:10` applies about 700 deltas, and the views cost more than the bytes).
 */
function copyBytes(from: Uint8Array, start: number, length: number, to: Uint8Array, at: number): void {
  if (length < LOOP_BELOW) {
    for (let i = 0; i < length; i++) to[at + i] = from[start + i] as number;
  } else {
    to.set(new Uint8Array(from.buffer, from.byteOffset + start, length), at);
  }
}

/**
 * Applies `delta` to `base`; throws on a delta that does not fit its base (a corrupt pack) or whose
 * target is larger than `maxSize` bytes (default: no cap beyond memory).
 */
export function applyDelta(base: Uint8Array, delta: Uint8Array, maxSize = Number.MAX_SAFE_INTEGER): Buffer {
  const [baseSize, afterBase] = varint(delta, 0);
  if (baseSize !== base.length) throw new Error(`git delta expects a base of ${baseSize} bytes, got ${base.length}`);
  const [size, afterSize] = varint(delta, afterBase);
  if (size > maxSize) throw new Error(`git delta makes ${size} bytes, more than the ${maxSize} read`);
  let pos = afterSize;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  while (pos < delta.length) {
    const op = delta[pos++] as number;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      if (op & 0x01) offset |= delta[pos++] as number;
      if (op & 0x02) offset |= (delta[pos++] as number) << 8;
      if (op & 0x04) offset |= (delta[pos++] as number) << 16;
      if (op & 0x08) offset += (delta[pos++] as number) * 0x1000000;
      if (op & 0x10) length |= delta[pos++] as number;
      if (op & 0x20) length |= (delta[pos++] as number) << 8;
      if (op & 0x40) length |= (delta[pos++] as number) << 16;
      if (length === 0) length = 0x10000;
      if (offset + length > base.length || at + length > size) throw new Error('git delta copies past its base or target');
      copyBytes(base, offset, length, out, at);
      at += length;
    } else if (op !== 0) {
      if (at + op > size || pos + op > delta.length) throw new Error('git delta inserts past its target');
      copyBytes(delta, pos, op, out, at);
      at += op;
      pos += op;
    } else {
      throw new Error('git delta has a reserved instruction 0');
    }
  }
  if (at !== size) throw new Error(`git delta produced ${at} bytes, expected ${size}`);
  return out;
}
