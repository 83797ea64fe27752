/**
 * Questions about documents, answered from their formats' descriptors (src/shared/formats/): which
 * format a file name promises, what a range of it counts, which family it belongs to. Shared: main
 * extracts documents, the renderer names their ranges ("pages 3–5") and completion labels them.
 */
import { DOCUMENT_FORMATS, FORMAT_DESCRIPTORS, type DocumentFormat, type DocumentUnit, type FormatIcon, type FormatsOf } from './formats';

export type { DocumentFormat, DocumentUnit } from './formats';

/** Images, read by OCR (and sent as images to endpoints that accept them). */
export type ImageFormat = FormatsOf<'image'>;

/** Email (.eml, Outlook .msg) and saved web pages (.html, .htm, .mhtml): whole messages and pages, no units. */
export type MailOrPageFormat = FormatsOf<'mail' | 'page'>;

/** How far reading a document has come: units finished of those it will read (the chip shows it). */
export interface UnitProgress {
  /** Units (pages, slides, sheets) finished. */
  done: number;
  /** Units it will read (the range asked for, within the document); null until known. */
  total: number | null;
  unit: DocumentUnit;
}

/** File extensions read as documents, with their format, from the descriptors. */
const EXTENSIONS: ReadonlyMap<string, DocumentFormat> = new Map(DOCUMENT_FORMATS.flatMap((f) => FORMAT_DESCRIPTORS[f].extensions.map((ext) => [ext, f] as const)));

/** The format a file name promises, from its extension (in any case); null for other files. */
export function documentFormatOfName(name: string): DocumentFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSIONS.get(ext) ?? null;
}

/** True for a workbook name (`.xlsx`, `.xlsm`, `.ods`): a reference to it may name a sheet and a block of cells. */
export function isWorkbookName(name: string): boolean {
  const format = documentFormatOfName(name);
  return format !== null && isWorkbook(format);
}

/** True for a workbook format (Excel, OpenDocument spreadsheet). */
export function isWorkbook(format: DocumentFormat): boolean {
  return FORMAT_DESCRIPTORS[format].family === 'workbook';
}

/** True for a table file (CSV, TSV): text with no magic bytes, named by its extension, read as rows. */
export function isTableFile(format: DocumentFormat): boolean {
  return FORMAT_DESCRIPTORS[format].family === 'table';
}

/** What a range of `format` counts; null for a format without fixed pages (see {@link isFlowingText}). */
export function unitOf(format: DocumentFormat): DocumentUnit | null {
  return FORMAT_DESCRIPTORS[format].range;
}

/** True for formats that hold no fixed pages, so take no range (Word, OpenDocument text, email, saved pages, images). */
export function isFlowingText(format: DocumentFormat): boolean {
  return FORMAT_DESCRIPTORS[format].range === null;
}

/** True for email (whose addresses may be masked). */
export function isMail(format: DocumentFormat): boolean {
  return FORMAT_DESCRIPTORS[format].family === 'mail';
}

/** True for email and saved web pages (see {@link MailOrPageFormat}). */
export function isMailOrPage(format: DocumentFormat): format is MailOrPageFormat {
  const family = FORMAT_DESCRIPTORS[format].family;
  return family === 'mail' || family === 'page';
}

/** True for the image formats. */
export function isImageFormat(format: string): format is ImageFormat {
  return Object.prototype.hasOwnProperty.call(FORMAT_DESCRIPTORS, format) && FORMAT_DESCRIPTORS[format as DocumentFormat].family === 'image';
}

/** A short name of the format, for completion and listings: `PDF`, `Word`, `Excel`, `ODT`. */
export function shortFormatLabel(format: DocumentFormat): string {
  return FORMAT_DESCRIPTORS[format].short;
}

/** The icon of a document's completion row (`document`, `data`, `mail`, `web`, `image`). */
export function formatIcon(format: DocumentFormat): FormatIcon {
  return FORMAT_DESCRIPTORS[format].icon;
}
