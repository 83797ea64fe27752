/**
 * The documents Atmark reads as text, by file extension, and what a range of each counts. Shared:
 * main extracts them, the renderer names their ranges ("pages 3–5") and completion labels them.
 */

/** The document formats Atmark reads as text. */
export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'hwp' | 'hwpx' | 'csv' | 'tsv' | MailOrPageFormat | ImageFormat;

/** Images, read by OCR (and sent as images to endpoints that accept them). */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

const IMAGE_FORMATS: ReadonlySet<string> = new Set<ImageFormat>(['png', 'jpeg', 'webp', 'gif']);

/** True for the image formats. */
export function isImageFormat(format: string): format is ImageFormat {
  return IMAGE_FORMATS.has(format);
}

/** Email (.eml, Outlook .msg) and saved web pages (.html, .htm, .mhtml): whole messages and pages, no units. */
export type MailOrPageFormat = 'eml' | 'msg' | 'html' | 'mhtml';

/**
 * What a range of a document counts: pages (PDF, Word, OpenDocument text), slides, sheets,
 * sections (HWP and HWPX store no pages, only sections: docs/contract.md), or rows after the
 * header (CSV, TSV).
 */
export type DocumentUnit = 'page' | 'slide' | 'sheet' | 'section' | 'row';

/** How far reading a document has come: units finished of those it will read (the chip shows it). */
export interface UnitProgress {
  /** Units (pages, slides, sheets) finished. */
  done: number;
  /** Units it will read (the range asked for, within the document); null until known. */
  total: number | null;
  unit: DocumentUnit;
}

/** File extensions read as documents, with their format (macro-enabled Office files too). */
const EXTENSIONS: Readonly<Record<string, DocumentFormat>> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  pptx: 'pptx',
  pptm: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  hwp: 'hwp',
  hwpx: 'hwpx',
  csv: 'csv',
  tsv: 'tsv',
  eml: 'eml',
  msg: 'msg',
  html: 'html',
  htm: 'html',
  mhtml: 'mhtml',
  mht: 'mhtml',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
};

/** The format a file name promises, from its extension; null for other files. */
export function documentFormatOfName(name: string): DocumentFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return Object.prototype.hasOwnProperty.call(EXTENSIONS, ext) ? EXTENSIONS[ext]! : null;
}

/** True for a workbook name (`.xlsx`, `.xlsm`, `.ods`): a reference to it may name a sheet and a block of cells. */
export function isWorkbookName(name: string): boolean {
  const format = documentFormatOfName(name);
  return format === 'xlsx' || format === 'ods';
}

/** True for a table file (CSV, TSV): text with no magic bytes, named by its extension, read as rows. */
export function isTableFile(format: DocumentFormat): boolean {
  return format === 'csv' || format === 'tsv';
}

/** What ranges of a format count. */
export function unitOf(format: DocumentFormat): DocumentUnit {
  if (format === 'xlsx' || format === 'ods') return 'sheet';
  if (format === 'pptx' || format === 'odp') return 'slide';
  if (format === 'hwp' || format === 'hwpx') return 'section';
  if (format === 'csv' || format === 'tsv') return 'row';
  return 'page';
}

/** True for formats that hold no fixed pages, so take no range (Word, OpenDocument text, email, saved pages, images). */
export function isFlowingText(format: DocumentFormat): boolean {
  return format === 'docx' || format === 'odt' || isMailOrPage(format) || isImageFormat(format);
}

/** True for email and saved web pages (see {@link MailOrPageFormat}). */
export function isMailOrPage(format: DocumentFormat): format is MailOrPageFormat {
  return format === 'eml' || format === 'msg' || format === 'html' || format === 'mhtml';
}

/** `page 3`, `pages 3–5`, `slides 1–2`, `sheet 2`. */
export function unitRange(unit: DocumentUnit, start: number, end: number): string {
  return start === end ? `${unit} ${start}` : `${unit}s ${start}–${end}`;
}

// Format names, the same in every language (so they live here, not in the catalogues).
const SHORT_LABELS: Readonly<Record<DocumentFormat, string>> = {
  pdf: 'PDF',
  docx: 'Word',
  xlsx: 'Excel',
  pptx: 'PowerPoint',
  odt: 'ODT',
  ods: 'ODS',
  odp: 'ODP',
  hwp: 'HWP',
  hwpx: 'HWPX',
  csv: 'CSV',
  tsv: 'TSV',
  eml: 'EML',
  msg: 'MSG',
  html: 'HTML',
  mhtml: 'MHTML',
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  gif: 'GIF',
};

/** A short name of the format, for completion and listings: `PDF`, `Word`, `Excel`, `ODT`. */
export function shortFormatLabel(format: DocumentFormat): string {
  return SHORT_LABELS[format];
}
