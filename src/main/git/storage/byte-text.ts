/**
 * The text of a range of a Buffer (UTF-8, or hex for an object id) through the Buffer's own slice
 * methods, without `Buffer#toString`'s handling of its arguments.
 *
 * Why (issue 27): the git reader decodes one name per index entry and a name and an id per tree
 * entry, and a first git reference in a fresh process runs that code before it is compiled. There
 * `toString('utf8', from, to)` (the encoding looked up by name, the bounds checked and clamped, then
 * the slice) cost about 9.5 ms for the 10,000 names of the bench repository's index, and the slice
 * method alone about 5.5 ms. Warm, the two are alike.
 *
 * `utf8Slice` and `hexSlice` are the methods `toString` ends in. They are not documented, so they are
 * used only where they are there and give `toString`'s answer on a sample (checked once, below);
 * otherwise, and for a range outside the buffer (where `toString` clamps and they would throw),
 * `toString` answers.
 */

interface SliceMethods {
  utf8Slice(start: number, end: number): string;
  hexSlice(start: number, end: number): string;
}

/** A sample with what the decoders must agree on: ASCII, two- to four-byte sequences, and bytes that are not UTF-8. */
const SAMPLE = Buffer.from([0x61, 0x2f, 0xc3, 0xa4, 0xe6, 0x97, 0xa5, 0xed, 0x95, 0x9c, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc3, 0x28, 0x00, 0x7f]);

function slicesAgree(): boolean {
  const proto = Buffer.prototype as Partial<SliceMethods>;
  if (typeof proto.utf8Slice !== 'function' || typeof proto.hexSlice !== 'function') return false;
  try {
    const b = SAMPLE as unknown as SliceMethods;
    for (let from = 0; from < SAMPLE.length; from += 3) {
      if (b.utf8Slice(from, SAMPLE.length) !== SAMPLE.toString('utf8', from, SAMPLE.length)) return false;
      if (b.hexSlice(from, SAMPLE.length) !== SAMPLE.toString('hex', from, SAMPLE.length)) return false;
    }
    return b.utf8Slice(4, 4) === '';
  } catch {
    return false;
  }
}

const direct = slicesAgree();

/** `buf.toString('utf8', start, end)`. */
export function utf8Text(buf: Buffer, start: number, end: number): string {
  if (direct && start >= 0 && start <= end && end <= buf.length) return (buf as unknown as SliceMethods).utf8Slice(start, end);
  return buf.toString('utf8', start, end);
}

/** `buf.toString('hex', start, end)`. */
export function hexText(buf: Buffer, start: number, end: number): string {
  if (direct && start >= 0 && start <= end && end <= buf.length) return (buf as unknown as SliceMethods).hexSlice(start, end);
  return buf.toString('hex', start, end);
}

/** Whether this Node's slice methods are used (false: every call goes through `toString`). */
export function sliceMethodsUsed(): boolean {
  return direct;
}
