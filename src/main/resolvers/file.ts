/**
 * `@file:PATH`, `@file:PATH:N`, `@file:PATH:N-M` (docs/contract.md "References"): a text file of the workspace, or some
 * of its lines (1-based, inclusive).
 *
 * Order of checks: locate and judge the real path (containment, protection), open and check the
 * descriptor, sniff binary content, then size. Binary comes before size so a large image says
 * "binary", not "try a line range".
 *
 * Line ranges past the end of the file (decision): a range that STARTS past the last line is
 * `not_found` (there is nothing to attach, and the sentence says how many lines there are); a range
 * that starts inside the file but ends past it attaches the lines that exist, with an informational
 * `clamped` warning saying which lines were attached.
 *
 * Whole files are read up to twice the per-reference limit (UTF-16 text shrinks when re-encoded);
 * line ranges are found by scanning at most {@link MAX_SCAN_BYTES} from the start, keeping only the
 * range's bytes.
 */
import type { ParsedReference } from '../../shared/reference';
import type { Warning } from '../../shared/warnings';
import { said } from '../../shared/i18n/translate';
import { MiB } from '../../shared/limits';
import { refuse, type Resolution, type ResolveContext, type Resolver, type ScanContext, statIdentity } from '../resolve';
import { hasUtf16Bom, isBinaryContent, openChecked, readCapped, scanChunks, type CheckedHandle } from '../guards';
import { languageOf } from './fs/language';
import { locate, refuseProblem } from './fs/locate';
import {
  binaryMessage,
  clampedRangeMessage,
  pastEndMessage,
  rangeTooLargeMessage,
  scanTooLargeMessage,
  tooLargeMessage,
} from './fs/messages';
import { LineRangeCollector, decodeText, sliceLines } from './fs/text';
import { documentFormatOfName, isTableFile } from '../../shared/documents';
import { formatReference } from '../../shared/grammar';

/** Bytes scanned from the start of a file to find a line range. Default 64 MiB. */
export const MAX_SCAN_BYTES = 64 * MiB;

/**
 * Bytes read before and after a line range for the secret scan (issue 11): a private key is at most
 * about 12 KiB, so a range inside one still sees its BEGIN line. Default 64 KiB each side.
 */
export const SCAN_WINDOW_BYTES = 64 * 1024;

/** What one read needs besides the open descriptor. */
interface FileJob {
  ref: ParsedReference;
  ctx: ResolveContext;
  file: CheckedHandle;
  shown: string;
}

/** The `@file` resolver. */
export const fileResolver: Resolver = {
  kind: 'file',
  /** The real path (after every symlink) and its stat data: an edit, a replaced file or a re-pointed link changes it. */
  async identity(ref, ctx) {
    const located = await locate(ref.value, 'file', ctx);
    // Masked and unmasked mail are two different texts of the same file.
    return located.ok ? `${located.realPath}|${await statIdentity(located.realPath)}${ctx.maskAddresses ? '|masked' : ''}` : null;
  },
  async resolve(ref, ctx) {
    if (ref.malformed) return refuse('malformed', ref.malformed, ref.value);
    const located = await locate(ref.value, 'file', ctx);
    if (!located.ok) return located;
    const opened = await openChecked(located.realPath, located.policy, ctx.signal);
    if (!opened.ok) return refuseProblem(opened, { kind: 'file', shown: located.shown }, ref.value);
    try {
      // A document keeps its own budget (extraction/budget.ts); a text read has the file time, which only a stuck disk reaches.
      if (readsAsDocument(located.shown, ref)) return await readDocument({ ref, ctx, file: opened, shown: located.shown });
      const job: FileJob = { ref, ctx: { ...ctx, signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.limits.folderTimeoutMs)]) }, file: opened, shown: located.shown };
      return ref.lineStart === undefined ? await readWhole(job) : await readRange(job, ref.lineStart, ref.lineEnd ?? ref.lineStart);
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  },
};

/**
 * True when the file is read as a document. A saved web page (.html, .htm) with a line range gives
 * its source lines instead of the page's Markdown: the way to the raw HTML (docs/decisions.md,
 * "Saved web pages").
 */
function readsAsDocument(shown: string, ref: ParsedReference): boolean {
  const format = documentFormatOfName(shown);
  return format !== null && !(format === 'html' && ref.lineStart !== undefined);
}

/** Builds the successful resolution. */
function attached(job: FileJob, text: string, lines: string, warnings: Warning[] = [], scanContext?: ScanContext): Resolution {
  return {
    ...(scanContext ? { scanContext } : {}),
    ok: true,
    text,
    description: `file ${job.shown}${lines}`,
    target: job.shown,
    language: languageOf(job.shown),
    source: {
      realPath: job.file.realPath,
      readAt: job.ctx.now().toISOString(),
      // A file with other names (hard links) says so in its citation.
      ...(job.file.stats.nlink > 1 ? { links: job.file.stats.nlink } : {}),
    },
    ...(warnings.length ? { warnings } : {}),
  };
}

function rangeLabel(start: number, end: number): string {
  return start === end ? `line ${start}` : `lines ${start}-${end}`;
}

/**
 * A document (PDF, Word, sheets, slides): its bytes (up to {@link MAX_DOCUMENT_BYTES}) go to the
 * extraction workers under the document's own budget (extraction/budget.ts); the range counts
 * pages, slides or sheets.
 */
async function readDocument(job: FileJob): Promise<Resolution> {
  const { ctx, file, shown, ref } = job;
  // Loaded on a document's first reference: a text file's expansion never loads the document path.
  const [{ maxDocumentBytes, resolveDocument }, { documentTooBigMessage }] = await Promise.all([import('./document'), import('../extraction')]);
  const cap = maxDocumentBytes(documentFormatOfName(shown)!);
  const read = await readCapped(file.handle, cap, ctx.signal);
  if (!read.ok) return refuseProblem(read, { kind: 'file', shown }, ref.value);
  const format = documentFormatOfName(shown);
  const table = format !== null && isTableFile(format);
  if (!read.complete) return refuse('too_large', documentTooBigMessage(shown, Math.max(file.stats.size, read.bytes.length), cap, table), ref.value);
  return resolveDocument({
    ref,
    ctx,
    bytes: read.bytes,
    namedFormat: documentFormatOfName(shown),
    target: shown,
    shown,
    subject: `file ${shown}`,
    source: { realPath: file.realPath, readAt: ctx.now().toISOString() },
    withRange: (start, end) => formatReference('file', shown, { start, end }),
  });
}

/** The whole file, when its text fits the per-reference limit. */
async function readWhole(job: FileJob): Promise<Resolution> {
  const { ctx, file, shown, ref } = job;
  const limit = ctx.limits.maxReferenceBytes;
  const read = await readCapped(file.handle, 2 * limit + 4, ctx.signal);
  if (!read.ok) return refuseProblem(read, { kind: 'file', shown }, ref.value);
  if (isBinaryContent(shown, read.bytes)) return refuse('blocked', binaryMessage(shown), ref.value);
  const size = Math.max(file.stats.size, read.bytes.length);
  if (!read.complete) return refuse('too_large', tooLargeMessage({ kind: 'file', shown }, size, limit), ref.value);
  const text = decodeText(read.bytes);
  const bytes = Buffer.byteLength(text);
  if (bytes > limit) return refuse('too_large', tooLargeMessage({ kind: 'file', shown }, bytes, limit), ref.value);
  return attached(job, text, '');
}

/** Lines `start..end`, found by streaming (UTF-8) or by decoding the whole file (UTF-16). */
async function readRange(job: FileJob, start: number, end: number): Promise<Resolution> {
  const { ctx, file, shown, ref } = job;
  const limit = ctx.limits.maxReferenceBytes;
  const collector = new LineRangeCollector(start, end, limit + 3);
  let first = true;
  let binary = false;
  let utf16 = false;
  const scan = await scanChunks(file.handle, MAX_SCAN_BYTES, ctx.signal, (chunk) => {
    if (first && hasUtf16Bom(chunk)) utf16 = true;
    // The first chunk gets the full sniff; later ones only the NUL test (UTF-16 text has NULs).
    binary = first ? isBinaryContent(shown, chunk) : !utf16 && chunk.includes(0);
    first = false;
    if (binary || utf16) return false;
    return collector.push(chunk);
  });
  if (binary) return refuse('blocked', binaryMessage(shown), ref.value);
  if (utf16) return readRangeDecoded(job, start, end);
  if (!scan.ok) {
    if (scan.code === 'too_large') return refuse('too_large', scanTooLargeMessage(shown, MAX_SCAN_BYTES), ref.value);
    return refuseProblem(scan, { kind: 'file', shown }, ref.value);
  }
  if (collector.overLimit) return refuse('too_large', rangeTooLargeMessage(shown, rangeLabel(start, end), limit), ref.value);
  const lineCount = collector.done ? end : collector.linesSeen;
  const bytes = collector.bytes();
  const context = collector.startOffset < 0 ? undefined : await windowAround(job, collector.startOffset, bytes.length);
  return finishRange(job, decodeText(bytes), start, end, lineCount, context);
}

/** The bytes around a range (up to {@link SCAN_WINDOW_BYTES} each side), decoded, for the secret scan. */
async function windowAround(job: FileJob, offset: number, length: number): Promise<ScanContext> {
  const read = async (at: number, size: number): Promise<string> => {
    if (size <= 0) return '';
    const buf = Buffer.alloc(size);
    try {
      const { bytesRead } = await job.file.handle.read(buf, 0, size, at);
      return new TextDecoder('utf-8').decode(buf.subarray(0, bytesRead));
    } catch {
      return '';
    }
  };
  const beforeStart = Math.max(0, offset - SCAN_WINDOW_BYTES);
  return { before: await read(beforeStart, offset - beforeStart), after: await read(offset + length, SCAN_WINDOW_BYTES) };
}

/** UTF-16 files: decode everything (up to the scan cap), then slice. */
async function readRangeDecoded(job: FileJob, start: number, end: number): Promise<Resolution> {
  const { ctx, file, shown, ref } = job;
  const read = await readCapped(file.handle, MAX_SCAN_BYTES, ctx.signal);
  if (!read.ok) return refuseProblem(read, { kind: 'file', shown }, ref.value);
  if (!read.complete) return refuse('too_large', scanTooLargeMessage(shown, MAX_SCAN_BYTES), ref.value);
  const whole = decodeText(read.bytes);
  const sliced = sliceLines(whole, start, end);
  // The range's offset in the decoded text: the lines before it, each with its newline.
  let at = 0;
  for (let line = 1; line < start && at >= 0; line++) at = whole.indexOf('\n', at) + 1 || -1;
  const context =
    at < 0 ? undefined : { before: whole.slice(Math.max(0, at - SCAN_WINDOW_BYTES), at), after: whole.slice(at + sliced.text.length, at + sliced.text.length + SCAN_WINDOW_BYTES) };
  return finishRange(job, sliced.text, start, end, sliced.lineCount, context);
}

/** Applies the past-the-end decision and the size limit to the text of a range. */
function finishRange(job: FileJob, text: string, start: number, end: number, lineCount: number, context?: ScanContext): Resolution {
  const { ctx, shown, ref } = job;
  if (start > lineCount) return refuse('not_found', pastEndMessage(shown, start, lineCount), ref.value);
  const last = Math.min(end, lineCount);
  const limit = ctx.limits.maxReferenceBytes;
  if (Buffer.byteLength(text) > limit) return refuse('too_large', rangeTooLargeMessage(shown, rangeLabel(start, last), limit), ref.value);
  const warnings: Warning[] =
    last < end ? [{ code: 'clamped', reference: ref.raw, ...said(clampedRangeMessage(shown, start, end, lineCount)) }] : [];
  return attached(job, text, `, ${rangeLabel(start, last)}`, warnings, context);
}
