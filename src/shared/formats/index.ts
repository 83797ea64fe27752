import type { FormatDescriptor } from './descriptor';
import { csvFormat } from './csv';
import { docxFormat } from './docx';
import { emlFormat } from './eml';
import { gifFormat } from './gif';
import { htmlFormat } from './html';
import { hwpFormat } from './hwp';
import { hwpxFormat } from './hwpx';
import { jpegFormat } from './jpeg';
import { mhtmlFormat } from './mhtml';
import { msgFormat } from './msg';
import { odpFormat } from './odp';
import { odsFormat } from './ods';
import { odtFormat } from './odt';
import { pdfFormat } from './pdf';
import { pngFormat } from './png';
import { pptxFormat } from './pptx';
import { tsvFormat } from './tsv';
import { webpFormat } from './webp';
import { xlsxFormat } from './xlsx';

export type { DocumentUnit, FormatCatalogueKey, FormatDescriptor, FormatFamily, FormatIcon, FormatSniff } from './descriptor';
export { DOCUMENT_UNITS, unitCountText, unitKeys, unitRangeText } from './units';

/**
 * Every document format Atmark reads as text. Adding one here is the one registration:
 * `DocumentFormat` grows by it, and every `Record<DocumentFormat, …>` that lacks it (main's reader
 * table) stops compiling. The order matters once: a zip package is matched against the formats'
 * parts in this order (Word, Excel, PowerPoint, then HWPX).
 */
// prettier-ignore
const FORMATS = [
  pdfFormat, docxFormat, xlsxFormat, pptxFormat, odtFormat, odsFormat, odpFormat, hwpFormat, hwpxFormat,
  csvFormat, tsvFormat, emlFormat, msgFormat, htmlFormat, mhtmlFormat,
  pngFormat, jpegFormat, webpFormat, gifFormat,
] as const satisfies readonly FormatDescriptor[];

/** The document formats Atmark reads as text. */
export type DocumentFormat = (typeof FORMATS)[number]['name'];

/** Each format's descriptor, by its name (so the key is the descriptor's name by construction). */
export const FORMAT_DESCRIPTORS = Object.fromEntries(FORMATS.map((d) => [d.name, d])) as {
  readonly [F in DocumentFormat]: Extract<(typeof FORMATS)[number], { name: F }>;
};

/** The formats of one family (`FormatsOf<'image'>` is `'png' | 'jpeg' | 'webp' | 'gif'`). */
export type FormatsOf<Family extends FormatDescriptor['family']> = {
  [F in DocumentFormat]: (typeof FORMAT_DESCRIPTORS)[F]['family'] extends Family ? F : never;
}[DocumentFormat];

/** Every format, in the order above. */
export const DOCUMENT_FORMATS = FORMATS.map((d) => d.name) as [DocumentFormat, ...DocumentFormat[]];
