/**
 * A document (PDF, Word, Excel, PowerPoint, OpenDocument) attached as Markdown, for `@file` and
 * `@url` alike: the bytes go to the extraction worker (deadline, memory limit, decompression caps),
 * the range picks pages, slides or sheets, and the citation records the document's sha256, format,
 * extractor, the units attached and how many there are. Secret redaction and invisible-character
 * checks run on the text in the engine afterwards, as for any file.
 */
import { createHash } from 'node:crypto';
import { said } from '../../shared/i18n/translate';
import type { ReferenceSource } from '../../shared/expansion';
import { MAX_DOCUMENT_BYTES, MiB } from '../../shared/limits';
import type { ParsedReference } from '../../shared/reference';
import type { Warning } from '../../shared/warnings';
import { refuse, type Resolution, type ResolveContext } from '../resolve';
import {
  isFlowingText,
  sniffNamedDocument,
  unitOf,
  MAX_MAIL_BYTES,
  documentDescription,
  documentTooLargeMessage,
  emptyDocumentMessage,
  extractionProblemMessage,
  imageNoTextMessage,
  imageTooLargeMessage,
  lowConfidenceMessage,
  flowingRangeMessage,
  pictureOnlyText,
  PICTURE_ONLY_EXTRACTOR,
  noticeMessage,
  notADocumentMessage,
  scannedPagesMessage,
  oleMessage,
  unitClampedMessage,
  cellMessages,
  unitPastEndMessage,
  urlDocumentTooLargeMessage,
  type DocumentFormat,
  type DocumentOutput,
  DEFAULT_EXTRACTION_MEMORY_MB,
  runExtraction,
  documentBudget,
  imageBudget,
} from '../extraction';
import { maskAddresses } from '../guards';
import { FORMAT_DESCRIPTORS } from '../../shared/formats';
import { attachBlock } from './cell-block';
import { imageFits, readImageHeader, type ImageHeader } from '../../shared/image-header';
import { isImageFormat, isMail, isWorkbook } from '../../shared/documents';
import { openAiImageTokens } from '../../shared/image-tokens';

/** Below this mean word confidence (of 100) OCR text earns a warning. */
export const LOW_OCR_CONFIDENCE = 70;

/**
 * Bytes all parts of a zip-based document that are read may decompress to, together (media and
 * other parts that are never read do not count). Default 96 MiB: with the copies the readers make,
 * one extraction stays under 512 MiB of memory whatever the file holds.
 */
export const MAX_INFLATED_BYTES = 96 * MiB;

/** Bytes of a file of `format` read at most, by its descriptor's cap: {@link MAX_DOCUMENT_BYTES}, a message's {@link MAX_MAIL_BYTES}. */
export function maxDocumentBytes(format: DocumentFormat): number {
  return FORMAT_DESCRIPTORS[format].cap === 'mail' ? MAX_MAIL_BYTES : MAX_DOCUMENT_BYTES;
}

/** A document at least this big (or with this many units to read) may be told to try a smaller range. */
const LARGE_DOCUMENT_BYTES = 8 * MiB;
const LARGE_DOCUMENT_UNITS = 50;

/** One document to attach. */
export interface DocumentRequest {
  ref: ParsedReference;
  ctx: ResolveContext;
  bytes: Uint8Array;
  /** The format the name promises (a file's extension), or null (a URL): the content decides. */
  namedFormat: DocumentFormat | null;
  /** What it points at, for citations: the workspace path or the URL. */
  target: string;
  /** How the document is named in sentences: the workspace path, or the URL. */
  shown: string;
  /** `file plan.docx` or the page description: the start of the block header. */
  subject: string;
  source: ReferenceSource;
  /** Writes the reference with another range, for the fix hint; null where ranges cannot be written (URLs). */
  withRange: ((start: number, end: number) => string | null) | null;
}

/** Extracts and attaches a document, or refuses it with one clear sentence. */
export async function resolveDocument(req: DocumentRequest): Promise<Resolution> {
  const { ref, ctx } = req;
  // A table file (CSV, TSV) is told by its name, having no magic bytes; anything else by its content.
  const sniffed = sniffNamedDocument(req.bytes, req.namedFormat);
  if (sniffed.kind === 'ole') return refuse('blocked', oleMessage(), req.target, req.source);
  if (sniffed.kind !== 'document') return refuse('blocked', notADocumentMessage(req.namedFormat ?? 'pdf'), req.target, req.source);
  const format = sniffed.format;
  const range = ref.lineStart === undefined ? null : { start: ref.lineStart, end: ref.lineEnd ?? ref.lineStart };
  const cells = ref.cells;
  if (cells && !isWorkbook(format)) return refuse('not_found', cellMessages.notWorkbook(), req.target, req.source);
  if (range && isFlowingText(format)) return refuse('not_found', flowingRangeMessage(format), req.target, req.source);
  // An image's declared size is checked here, before its bytes go anywhere near a decoder.
  const header = isImageFormat(format) ? readImageHeader(req.bytes) : null;
  if (header && !imageFits(header)) return refuse('too_large', imageTooLargeMessage(format, header.width, header.height), req.target, req.source);
  const retry = ctx.retry?.has(ref.raw) ?? false;
  const budget = header ? imageBudget(header.width * header.height, ctx.limits.documentTimeoutMs, retry) : documentBudget(req.bytes.length, ctx.limits.documentTimeoutMs, retry);
  const maxTextBytes = ctx.limits.maxReferenceBytes;
  // Hashed once: the citation records it, and it names the job among those the workers share.
  const sha256 = sha256Of(req.bytes);
  // The picture alone is what the person chose: its text is not read (no OCR, no wait).
  if (header && ref.imageMode === 'image') return attachPicture(req, header, sha256);
  const result = await runExtraction(
    // A copy: the read buffer may be a view of a larger allocation, and the worker gets exactly the document.
    { kind: 'document', bytes: new Uint8Array(req.bytes), format, range, maxTextBytes, maxInflatedBytes: MAX_INFLATED_BYTES, ...(cells ? { cells } : {}) },
    {
      // Its own budget, scaled by its size; a Retry reads without a work budget.
      budget,
      bytesSha256: sha256,
      signal: ctx.signal,
      ...(ctx.progress ? { onProgress: ctx.progress } : {}),
    },
  );
  if (!result.ok) {
    const large = req.bytes.length >= LARGE_DOCUMENT_BYTES || (result.progress?.total ?? 0) >= LARGE_DOCUMENT_UNITS;
    const facts = { ...result, rangeStart: range?.start ?? 1, memoryMb: DEFAULT_EXTRACTION_MEMORY_MB, inflatedBytes: MAX_INFLATED_BYTES, large };
    const code = result.problem === 'deadline' || result.problem === 'aborted' || result.problem === 'failed' || result.problem === 'memory' ? 'failed' : result.problem === 'bomb' ? 'too_large' : 'blocked';
    return refuse(code, extractionProblemMessage(format, facts), req.target, req.source);
  }
  const doc = result.output as DocumentOutput;
  if (cells) return attachBlock(req, doc, cells, sha256);
  return attach(req, doc, range, sha256);
}

/**
 * An image sent as a picture only (`@file:shot.png:image`): its block says so to the model, and the
 * citation records its size, digest and cost; the picture goes as an image part (sessions/image-parts.ts).
 */
function attachPicture(req: DocumentRequest, header: ImageHeader, sha256: string): Resolution {
  const tokens = openAiImageTokens(header.width, header.height);
  return {
    ok: true,
    text: pictureOnlyText(header.format, header.width, header.height),
    description: `${req.subject}${documentDescription(header.format, null, null, null, null, `${header.width}×${header.height}`)}`,
    target: req.target,
    language: 'text',
    source: {
      ...req.source,
      document: { sha256, format: header.format, extractor: PICTURE_ONLY_EXTRACTOR, unit: 'page', first: null, last: null, count: null, image: { width: header.width, height: header.height, tokens, send: 'image' } },
    },
  };
}

/** The sha256 of a document's bytes, for its citation. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function attach(req: DocumentRequest, doc: DocumentOutput, range: { start: number; end: number } | null, sha256: string): Resolution {
  const { ref, ctx, shown } = req;
  const unit = unitOf(doc.format);
  const count = doc.unitCount;
  const start = range?.start ?? 1;
  const limit = ctx.limits.maxReferenceBytes;
  if (unit && count !== null && start > count) return refuse('not_found', unitPastEndMessage(shown, unit, count), req.target, req.source);
  if (doc.stoppedAt !== null) {
    const fitsThrough = doc.stoppedAt - 1;
    const hint = fitsThrough >= start && req.withRange ? req.withRange(start, fitsThrough) : null;
    const message = req.withRange ? documentTooLargeMessage(unit, start, fitsThrough, limit, hint) : urlDocumentTooLargeMessage(doc.format, limit);
    return refuse('too_large', message, req.target, req.source);
  }
  const joined = doc.parts.map((p) => p.markdown).join('\n\n').trim();
  // Addresses are personal data: masked when the setting (or an export) asks (decisions.md, "Email").
  const text = ctx.maskAddresses && isMail(doc.format) ? maskAddresses(joined).text : joined;
  // A table file's one part holds rows: the outcome says which.
  const rows = unit === 'row' ? /^(\d+)-(\d+)$/.exec(doc.table?.attached ?? '') : null;
  const first = rows ? Number(rows[1]) : unit && doc.parts.length ? doc.parts[0]!.index : null;
  const last = rows ? Number(rows[2]) : unit && doc.parts.length ? doc.parts[doc.parts.length - 1]!.index : null;
  const warnings: Warning[] = doc.notices.map((n) => ({ code: 'blocked', reference: ref.raw, ...said(noticeMessage(n)) }));
  if (doc.emptyPages && doc.emptyPages.length > 0) {
    warnings.push({ code: 'not_found', reference: ref.raw, ...said(scannedPagesMessage(doc.emptyPages)) });
  }
  if (unit && range && count !== null && range.end > count) {
    warnings.push({ code: 'clamped', reference: ref.raw, ...said(unitClampedMessage(shown, unit, range.start, range.end, count)) });
  }
  if (doc.image && text !== '' && doc.image.confidence < LOW_OCR_CONFIDENCE) {
    warnings.push({ code: 'not_found', reference: ref.raw, ...said(lowConfidenceMessage(doc.image.confidence)) });
  }
  if (text === '') return refuse('not_found', doc.image ? imageNoTextMessage(doc.format) : emptyDocumentMessage(doc.format), req.target, req.source);
  const source: ReferenceSource = {
    ...req.source,
    document: {
      sha256,
      format: doc.format,
      extractor: doc.extractor,
      unit: unit ?? 'page',
      first,
      last,
      count,
      ...(doc.table?.encoding ? { encoding: doc.table.encoding } : {}),
      ...(doc.image ? { image: { width: doc.image.width, height: doc.image.height, tokens: openAiImageTokens(doc.image.width, doc.image.height), send: ref.imageMode ?? null } } : {}),
    },
  };
  return {
    ok: true,
    text,
    description: `${req.subject}${documentDescription(doc.format, unit, first, last, count, doc.table?.encoding ?? '')}`,
    target: req.target,
    language: 'markdown',
    source,
    ...(warnings.length ? { warnings } : {}),
  };
}
