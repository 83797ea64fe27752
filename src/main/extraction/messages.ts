/**
 * The sentences about documents, as catalogue texts (`doc.*` in src/shared/i18n/catalogues). Each
 * names what happened and what to do about it. The block header's description stays in English
 * like every other block header.
 */
import type { DocumentUnit } from '../../shared/documents';
import { text, type Text } from '../../shared/i18n/text';
import { MAX_MAIL_DEPTH, MAX_MAIL_PARTS } from './mail-limits';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../shared/image-header';
import type { DocumentFormat, DocumentNotice, ExtractionProblem, ExtractionProgress, SpentLimit } from './protocol';

const FORMAT_KEYS = {
  pdf: 'doc.format.pdf',
  docx: 'doc.format.docx',
  xlsx: 'doc.format.xlsx',
  pptx: 'doc.format.pptx',
  odt: 'doc.format.odt',
  ods: 'doc.format.ods',
  odp: 'doc.format.odp',
  hwp: 'doc.format.hwp',
  hwpx: 'doc.format.hwpx',
  csv: 'doc.format.csv',
  tsv: 'doc.format.tsv',
  eml: 'doc.format.eml',
  msg: 'doc.format.msg',
  html: 'doc.format.html',
  mhtml: 'doc.format.mhtml',
  png: 'doc.format.png',
  jpeg: 'doc.format.jpeg',
  webp: 'doc.format.webp',
  gif: 'doc.format.gif',
} as const;

const COUNT_KEYS = { page: 'doc.count.page', slide: 'doc.count.slide', sheet: 'doc.count.sheet', section: 'doc.count.section', row: 'doc.count.row' } as const;
const RANGE_KEYS = {
  page: { one: 'doc.range.page', many: 'doc.range.pages' },
  slide: { one: 'doc.range.slide', many: 'doc.range.slides' },
  sheet: { one: 'doc.range.sheet', many: 'doc.range.sheets' },
  section: { one: 'doc.range.section', many: 'doc.range.sections' },
  row: { one: 'doc.range.row', many: 'doc.range.rows' },
} as const;

const ENGLISH_LABELS: Readonly<Record<DocumentFormat, string>> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  pptx: 'PowerPoint deck',
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  odp: 'OpenDocument presentation',
  hwp: 'HWP document',
  hwpx: 'HWPX document',
  csv: 'CSV',
  tsv: 'TSV',
  eml: 'email',
  msg: 'Outlook message',
  html: 'saved web page',
  mhtml: 'saved web page, MHTML',
  png: 'PNG image',
  jpeg: 'JPEG image',
  webp: 'WebP image',
  gif: 'GIF image',
};

/** The format's name as a text (`PDF`, `Word document`). */
function formatText(format: DocumentFormat | null): Text {
  return text(FORMAT_KEYS[format ?? 'pdf']);
}

/** `page 3`, `pages 3–5`, `slides 1–2`, `sheet 2`, as a text. */
export function unitRangeText(unit: DocumentUnit, start: number, end: number): Text {
  return start === end ? text(RANGE_KEYS[unit].one, { start }) : text(RANGE_KEYS[unit].many, { start, end });
}

/** What a failed extraction says about itself, and the figures its sentence may name. */
export interface ProblemFacts {
  problem: ExtractionProblem;
  /** For a spent budget: which one, and how much it was. */
  limit?: SpentLimit;
  /** How far it had come, counting from {@link ProblemFacts.rangeStart}. */
  progress?: ExtractionProgress;
  /** The first unit of the range read (1 without a range). */
  rangeStart: number;
  memoryMb: number;
  inflatedBytes: number;
  /**
   * True for a document big enough that a smaller page range is worth suggesting; a small file
   * that ran out of time or memory is never told to be smaller.
   */
  large: boolean;
}

/** Why a read ran out of time, naming the budget that was spent and how far it had come. */
function deadlineMessage(f: Text, facts: ProblemFacts): Text {
  const advice = text(facts.large ? 'doc.retryAdviceLarge' : 'doc.retryAdvice');
  const limit = facts.limit ?? { clock: 'clock', ms: 0 };
  const at = facts.progress;
  if (limit.clock === 'work' && at && at.total !== null && at.total > 1 && at.done < at.total) {
    return text('doc.deadlineWorkAt', { format: f, ms: limit.ms, position: unitRangeText(at.unit, facts.rangeStart + at.done, facts.rangeStart + at.done), total: at.total, advice });
  }
  const key = limit.clock === 'work' ? 'doc.deadlineWork' : limit.clock === 'idle' ? 'doc.deadlineIdle' : 'doc.deadlineClock';
  return text(key, { format: f, ms: limit.ms, advice });
}

/** The sentence for an extraction that gave nothing. */
export function extractionProblemMessage(format: DocumentFormat | null, facts: ProblemFacts): Text {
  const f = formatText(format);
  switch (facts.problem) {
    case 'deadline':
      return deadlineMessage(f, facts);
    case 'memory':
      return text(facts.large ? 'doc.memory' : 'doc.memorySmall', { format: f, mb: facts.memoryMb });
    case 'encrypted':
      return text('doc.encrypted', { format: f });
    case 'distribution':
      return text('doc.distribution', { format: f });
    case 'damaged':
      return text('doc.damaged', { format: f });
    case 'bomb':
      return text('doc.bomb', { format: f, limit: facts.inflatedBytes });
    case 'no-text-layer':
      return text('doc.noTextLayer');
    case 'too-many-pixels':
      return text('doc.imagePixelsUnknown', { format: f, megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE });
    case 'unsupported':
      // The one HWP that is not read is the pre-2002 binary format (HWP 3), which has its own advice.
      return format === 'hwp' ? text('doc.hwpOld') : text('doc.unsupported', { format: f });
    case 'structure':
      return text('doc.mailLimits', { format: f, parts: MAX_MAIL_PARTS, depth: MAX_MAIL_DEPTH });
    case 'aborted':
      return text('doc.aborted', { format: f });
    case 'failed':
      return text('doc.failed', { format: f });
  }
}

/** An Office file in an OLE container: encrypted, or the old binary format. */
export function oleMessage(): Text {
  return text('doc.ole');
}

/** A file named like a document whose bytes are not one. */
export function notADocumentMessage(format: DocumentFormat): Text {
  return text('doc.notADocument', { format: formatText(format) });
}

const NOTICE_KEYS = { macros: 'doc.macros', embedded: 'doc.embedded', 'external-links': 'doc.externalLinks', images: 'doc.images' } as const;

/** What was deliberately left out of a document. */
export function noticeMessage(notice: DocumentNotice): Text {
  return text(NOTICE_KEYS[notice]);
}

/** A range given for a format without fixed pages. */
export function flowingRangeMessage(format: DocumentFormat): Text {
  return text('doc.flowingRange', { format: formatText(format) });
}

/** A range that starts past the last unit. */
export function unitPastEndMessage(shown: string, unit: DocumentUnit, count: number): Text {
  return text('doc.pastEnd', { shown, units: text(COUNT_KEYS[unit], { count }), count });
}

/** A range that ends past the last unit: what was attached. */
export function unitClampedMessage(shown: string, unit: DocumentUnit, start: number, end: number, count: number): Text {
  return text('doc.clamped', {
    shown,
    units: text(COUNT_KEYS[unit], { count }),
    attached: unitRangeText(unit, start, Math.min(end, count)),
    asked: unitRangeText(unit, start, end),
  });
}

/** Over the per-reference limit, with the range that fits when there is one. */
export function documentTooLargeMessage(unit: DocumentUnit | null, start: number, fitsThrough: number | null, limit: number, hint: string | null): Text {
  if (!unit) return text('doc.tooLargeWhole', { limit });
  if (fitsThrough === null || fitsThrough < start || !hint) return text('doc.tooLargeAlone', { limit, range: unitRangeText(unit, start, start) });
  return text('doc.tooLarge', { limit, range: unitRangeText(unit, start, fitsThrough), hint });
}

/** A document fetched by `@url` that is over the limit (URLs take no range). */
export function urlDocumentTooLargeMessage(format: DocumentFormat, limit: number): Text {
  return text('doc.urlTooLarge', { format: formatText(format), limit });
}

/** Some pages of a PDF hold no text: they are listed (at most 20, then a count). */
export function scannedPagesMessage(pages: readonly number[]): Text {
  const shown = pages.slice(0, 20).join(', ') + (pages.length > 20 ? ', …' : '');
  return text('doc.scannedPages', { pages: shown, count: pages.length });
}

/** A document whose pages hold no text at all. */
export function emptyDocumentMessage(format: DocumentFormat): Text {
  return text('doc.empty', { format: formatText(format) });
}

/** A document file larger than Atmark reads. */
export function documentTooBigMessage(shown: string, size: number, cap: number, table = false): Text {
  return text(table ? 'doc.tooBigTable' : 'doc.tooBig', { shown, size, cap });
}

function englishRange(unit: DocumentUnit, start: number, end: number): string {
  return start === end ? `${unit} ${start}` : `${unit}s ${start}–${end}`;
}

/**
 * The block header's description after the subject: `, pages 3–5 of 12 (PDF)`, ` (Word document)`,
 * `, rows 1–200 of 5000 (CSV, shift_jis)`. `detail` is added inside the brackets.
 */
export function documentDescription(format: DocumentFormat, unit: DocumentUnit | null, first: number | null, last: number | null, count: number | null, detail = ''): string {
  const label = ENGLISH_LABELS[format] + (detail ? `, ${detail}` : '');
  if (!unit || first === null || last === null) return ` (${label})`;
  return `, ${englishRange(unit, first, last)}${count !== null ? ` of ${count}` : ''} (${label})`;
}

/** The sentences about a block of cells (see extraction/cell-block.ts). */
export const cellMessages = {
  noSheet: (shown: string, sheet: string, sheets: readonly string[]): Text =>
    text('doc.cells.noSheet', { shown, sheet, sheets: sheets.slice(0, 30).map((s) => `"${s}"`).join(', ') + (sheets.length > 30 ? ', …' : '') }),
  outside: (shown: string, sheet: string, asked: string, extent: string): Text => text('doc.cells.outside', { shown, sheet, asked, extent }),
  emptySheet: (shown: string, sheet: string): Text => text('doc.cells.emptySheet', { shown, sheet }),
  clamped: (sheet: string, extent: string, attached: string, asked: string): Text => text('doc.cells.clamped', { sheet, extent, attached, asked }),
  tooMany: (sheet: string, attached: string, cells: number, cap: number, limit: number, rows: number, hint: string | null): Text =>
    rows > 0 && hint ? text('doc.cells.tooMany', { sheet, attached, cells, cap, limit, rows, hint }) : text('doc.cells.tooManyNone', { sheet, attached, cap, limit }),
  notWorkbook: (): Text => text('doc.cells.notWorkbook'),
} as const;

/** An image whose declared size is over the caps, refused before it is decoded. */
export function imageTooLargeMessage(format: DocumentFormat, width: number, height: number): Text {
  return text('doc.imagePixels', { format: formatText(format), width, height, megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE });
}

/** The extractor a citation names for an image whose text was not read (sent as a picture only). */
export const PICTURE_ONLY_EXTRACTOR = 'none (sent as a picture)';

/** The block of an image sent as a picture only: model-facing, in English like the block headers. */
export function pictureOnlyText(format: DocumentFormat, width: number, height: number): string {
  return `[The picture itself (${ENGLISH_LABELS[format]}, ${width}×${height}) is sent with this message as an image; its text was not read.]`;
}

/** An image in which OCR found no text. */
export function imageNoTextMessage(format: DocumentFormat): Text {
  return text('doc.imageNoText', { format: formatText(format) });
}

/** OCR read the image with low confidence: the text may be wrong. */
export function lowConfidenceMessage(confidence: number): Text {
  return text('doc.ocrLowConfidence', { confidence: Math.round(confidence) });
}
