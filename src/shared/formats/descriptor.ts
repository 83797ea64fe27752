import type { MessageKey } from '../i18n/text';

/**
 * What Atmark knows of one document format, in one place: the names it goes by, how its bytes are
 * recognised, what a range of it counts, its icon and its words. Shared, so it holds facts and no
 * reader: main's reader table (src/main/extraction/documents.ts) is keyed by the same formats, and a
 * format without a reader does not compile. See CONTRIBUTING.md "Add a document format".
 */

/**
 * What a range of a document counts: pages (PDF), slides, sheets, sections (HWP and HWPX store no
 * pages, only sections: docs/contract.md), or rows after the header (CSV, TSV).
 */
export type DocumentUnit = 'page' | 'slide' | 'sheet' | 'section' | 'row';

/**
 * What a format is to the rest of Atmark: a paged or flowing `document`, a `workbook` (a reference
 * may name a sheet and a block of cells), a `table` file (text read as rows), `mail` (its addresses
 * may be masked), a saved web `page`, or an `image` (read by OCR, sent as an image where accepted).
 */
export type FormatFamily = 'document' | 'workbook' | 'table' | 'mail' | 'page' | 'image';

/**
 * How main recognises the format's bytes (src/main/extraction/document-format.ts):
 * - `signature`: by its own signature, which the sniffer checks in code (PDF's header; HWP's, or
 *   an OLE container holding HWP's `FileHeader`);
 * - `image`: by the image header (src/shared/image-header.ts);
 * - `zip`: a zip package with a stored `mimetype` entry (OpenDocument, HWPX) or a part only it has;
 * - `name`: text with no magic number, so its extension decides, checked against the bytes: `any`
 *   bytes (a table file is read whatever it holds), `text` (no NUL near the top), `text-or-utf16`
 *   (the same, but UTF-16 with a byte-order mark is text too), or `ole` (an OLE container).
 */
export type FormatSniff =
  | { by: 'signature' }
  | { by: 'image' }
  | { by: 'zip'; mimetype?: string; part?: string }
  | { by: 'name'; bytes: 'any' | 'text' | 'text-or-utf16' | 'ole' };

/**
 * The icon of the format's completion rows (CodeMirror's option type, drawn by the theme as
 * `.cm-completionIcon-<icon>`).
 */
export type FormatIcon = 'document' | 'data' | 'mail' | 'web' | 'image';

/** A key of the catalogues' format names (`doc.format.*`, en.ts). */
export type FormatCatalogueKey = Extract<MessageKey, `doc.format.${string}`>;

/** Everything about one document format. */
export interface FormatDescriptor<F extends string = string> {
  /** The format's id: what citations, jobs and the reader table name it by. */
  name: F;
  /** File extensions read as this format, lowercase without the dot; the first is the one files are saved with. */
  extensions: readonly [string, ...string[]];
  family: FormatFamily;
  sniff: FormatSniff;
  /** What a range of it counts; null for a format without fixed pages, which takes no range (Word, email, images). */
  range: DocumentUnit | null;
  /** Bytes read at most: the document cap, or the smaller one for a message (main's limits). */
  cap: 'document' | 'mail';
  /** Its name in completion and listings, the same in every language: `PDF`, `Word`, `Excel`. */
  short: string;
  icon: FormatIcon;
  /** Its name in sentences (`the Word document is encrypted`) and, in English, in block headers. */
  catalogue: { name: FormatCatalogueKey };
}
