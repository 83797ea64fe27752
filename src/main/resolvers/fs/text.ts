/**
 * Text of attached files: decoding and line ranges.
 *
 * Decoding is UTF-8 with a byte-order mark stripped; a UTF-16 file is recognised only by its BOM.
 * Invalid UTF-8 sequences become U+FFFD rather than failing (binary files were refused before).
 *
 * Lines end at `\n`; a `\r` before it stays in the text (CRLF files keep their line ends). A final
 * `\n` ends the last line and does not start another, so `"a\nb\n"` has 2 lines and `""` has 0.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const NEWLINE = 0x0a;

/** True when the bytes start with the UTF-8 byte-order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && UTF8_BOM.every((b, i) => bytes[i] === b);
}

/** Decodes file bytes to text: UTF-16 by its BOM, otherwise UTF-8; any BOM is removed. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // ignoreBOM: true keeps the decoder from eating a BOM we did not see; we strip it ourselves.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes);
}

/** Number of lines in a text, by the rule of the module comment. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n : n + 1;
}

/** Number of lines in raw bytes (`\n` bytes), by the same rule; for UTF-8 and ASCII-compatible text. */
export function countLinesInBytes(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let n = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) n += 1;
  return bytes[bytes.length - 1] === NEWLINE ? n : n + 1;
}

/** Lines `start..end` (1-based, inclusive) of a decoded text, and how many lines it has. */
export function sliceLines(text: string, start: number, end: number): { text: string; lineCount: number } {
  const lineCount = countLines(text);
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const picked = lines.slice(start - 1, Math.min(end, lineCount));
  // The last picked line keeps its newline when the file has one after it.
  const trailing = Math.min(end, lineCount) < lineCount || text.endsWith('\n') ? '\n' : '';
  return { text: picked.length ? picked.join('\n') + trailing : '', lineCount };
}

/**
 * Collects the bytes of lines `start..end` from chunks fed in order, without holding the rest of
 * the file. Stops wanting more once line `end` is complete, or once the collected bytes pass
 * `maxBytes` (then `overLimit`). After the last chunk, `linesSeen` is the file's line count when
 * the whole file was fed.
 */
export class LineRangeCollector {
  /** Lines started so far (the line the next byte belongs to, once a byte arrives). */
  private line = 1;
  private lastByte = -1;
  private bytesFed = 0;
  private readonly parts: Buffer[] = [];
  private collected = 0;
  /** True once the collected bytes passed `maxBytes`. */
  overLimit = false;
  /** True once line `end` is complete. */
  done = false;
  /** Byte offset in the file of the range's first byte (-1 until one is kept). */
  startOffset = -1;

  constructor(
    private readonly start: number,
    private readonly end: number,
    private readonly maxBytes: number,
  ) {}

  /** Feeds the next chunk; returns whether more chunks are wanted. */
  push(chunk: Buffer): boolean {
    let from = 0;
    while (from < chunk.length && !this.done && !this.overLimit) {
      const nl = chunk.indexOf(NEWLINE, from);
      const stop = nl === -1 ? chunk.length : nl + 1;
      if (this.line >= this.start && this.line <= this.end) {
        if (this.startOffset < 0) this.startOffset = this.bytesFed + from;
        this.keep(chunk.subarray(from, stop));
      }
      if (nl !== -1) {
        if (this.line >= this.end) this.done = true;
        this.line += 1;
      }
      from = stop;
    }
    if (chunk.length) this.lastByte = chunk[chunk.length - 1] ?? -1;
    this.bytesFed += chunk.length;
    return !this.done && !this.overLimit;
  }

  private keep(bytes: Buffer): void {
    this.collected += bytes.length;
    if (this.collected > this.maxBytes) this.overLimit = true;
    else this.parts.push(Buffer.from(bytes));
  }

  /** Lines in what was fed (the file's line count when the whole file was fed). */
  get linesSeen(): number {
    if (this.bytesFed === 0) return 0;
    return this.lastByte === NEWLINE ? this.line - 1 : this.line;
  }

  /** The collected bytes of the range. */
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}
