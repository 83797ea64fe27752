/**
 * A PDF's compressed streams, judged before PDF.js reads any of them. PDF.js inflates a stream
 * into buffers outside V8's heap limit, as far as the stream goes: one content stream that inflates
 * to gigabytes would fill memory before any deadline could stop it. So each Flate stream that text
 * extraction may read (content, fonts, object streams; not images, which it never decodes) and that
 * could pass {@link PDF_STREAM_CAP} is inflated here first with native zlib under that cap, and the
 * document is refused as a bomb when one passes it, or when those together pass
 * {@link PDF_STREAMS_CAP}. Deflate expands at most 1032 times, so a stream of fewer than 47 KiB
 * cannot pass the cap and is not inflated: a 10,000-page PDF of small pages costs nothing here. The
 * bytes are dropped at once. What many small streams add up to, and streams that do not inflate here
 * (encrypted ones, other filters), are left to the worker's memory watch (worker-main.ts).
 */
import { constants, inflateSync } from 'node:zlib';
import { MiB } from '../../shared/limits';
import { DocumentProblem } from './document-problem';

/** Bytes one stream may inflate to: 48 MiB (a large CJK font program is about 20). */
export const PDF_STREAM_CAP = 48 * MiB;
/** Bytes all streams together may inflate to: 160 MiB. */
export const PDF_STREAMS_CAP = 160 * MiB;
/** Streams looked at, at most: more is not a document anyone wrote. */
const MAX_STREAMS = 500_000;
/** How far back from `stream` its dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

/** Deflate's largest expansion: 258 bytes from one code of at least 2 bits, a little over 1032 times. */
const MAX_DEFLATE_RATIO = 1032;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const FLATE_FIRST = /\/Filter\s*\[?\s*\/(?:FlateDecode|Fl)\b/;
const IMAGE = /\/Subtype\s*\/Image\b/;

/** The dictionary text just before a `stream` keyword at `at`, or null when it is not one. */
function dictionaryBefore(bytes: Buffer, at: number): string | null {
  let back = at - 1;
  while (back >= 0 && (bytes[back] === 0x20 || bytes[back] === 0x0a || bytes[back] === 0x0d || bytes[back] === 0x09)) back--;
  // `stream` follows a dictionary's `>>`; `endstream` and text that happens to hold the word do not.
  if (back < 1 || bytes[back] !== 0x3e || bytes[back - 1] !== 0x3e) return null;
  const from = Math.max(0, back - DICTIONARY_WINDOW);
  const text = bytes.toString('latin1', from, back + 1);
  const open = text.lastIndexOf(' obj');
  return open >= 0 ? text.slice(open) : text;
}

/** Where a stream's data starts: after `stream` and its end of line. */
function dataStart(bytes: Buffer, keyword: number): number {
  let at = keyword + STREAM.length;
  if (bytes[at] === 0x0d) at++;
  if (bytes[at] === 0x0a) at++;
  return at;
}

/** Throws {@link DocumentProblem} (`bomb`) when a stream of `pdf` inflates past the caps. */
export function checkPdfStreams(pdf: Uint8Array, caps = { stream: PDF_STREAM_CAP, total: PDF_STREAMS_CAP }): void {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let seen = 0;
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    if (++seen > MAX_STREAMS) throw new DocumentProblem('bomb', `more than ${MAX_STREAMS} streams`);
    const dictionary = dictionaryBefore(bytes, at);
    if (dictionary === null || !FLATE_FIRST.test(dictionary) || IMAGE.test(dictionary)) continue;
    const start = dataStart(bytes, at);
    const end = bytes.indexOf(END_STREAM, start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    if (end >= 0) at = end;
    if (data.length * MAX_DEFLATE_RATIO + 1024 <= caps.stream) continue; // cannot pass the cap
    const cap = Math.min(caps.stream, caps.total - total);
    let inflated: number;
    try {
      inflated = inflateSync(data, { maxOutputLength: Math.max(cap, 1), finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DocumentProblem('bomb', `a stream inflates past ${cap} bytes`);
      continue; // not plain Flate here (encrypted, damaged): PDF.js judges it
    }
    total += inflated;
  }
}
