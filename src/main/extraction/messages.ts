/**
 * The English sentences about documents and page extraction, in one place (STYLE convention 10).
 * Each names what happened and what to do about it.
 */
import { unitRange } from '../../shared/documents';
import { formatBytes } from '../../shared/format-bytes';
import type { DocumentFormat, DocumentNotice, DocumentUnit, ExtractionProblem } from './protocol';

const LABELS: Readonly<Record<DocumentFormat, string>> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  pptx: 'PowerPoint deck',
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  odp: 'OpenDocument presentation',
};

/** `PDF`, `Word document`... */
export function formatLabel(format: DocumentFormat): string {
  return LABELS[format];
}


function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentence for an extraction that gave nothing. `limits` gives the figures some sentences name. */
export function extractionProblemMessage(
  problem: ExtractionProblem,
  format: DocumentFormat | null,
  limits: { deadlineMs: number; memoryMb: number; inflatedBytes: number },
): string {
  const what = format ? formatLabel(format) : 'document';
  const seconds = Math.round(limits.deadlineMs / 100) / 10;
  switch (problem) {
    case 'deadline':
      return `reading the ${what} took longer than ${seconds} s and was stopped. Attach a smaller page range, or a smaller file.`;
    case 'memory':
      return `reading the ${what} needed more than the ${limits.memoryMb} MiB it may use and was stopped. Attach a smaller page range, or a smaller file.`;
    case 'encrypted':
      return `the ${what} is encrypted or password-protected. Save a copy without a password and attach that.`;
    case 'damaged':
      return `the ${what} is damaged and cannot be read. Open it, save it again, and attach the new copy.`;
    case 'bomb':
      return `the ${what} would decompress to more than ${formatBytes(limits.inflatedBytes)}, as a zip bomb does, so it was not read.`;
    case 'no-text-layer':
      return 'no text layer: the PDF looks scanned; run OCR first';
    case 'unsupported':
      return `this kind of ${what} cannot be read as text. Save it as .docx, .xlsx, .pptx or PDF and attach that.`;
    case 'aborted':
      return `reading the ${what} was cancelled`;
    case 'failed':
      return `the ${what} could not be read. Try again; if it keeps failing, save it again and attach the new copy.`;
  }
}

/** An Office file in an OLE container: encrypted, or the old binary format. */
export function oleMessage(): string {
  return 'this Office file is password-protected or in the old binary format (.doc, .xls, .ppt). Save it as .docx, .xlsx or .pptx without a password and attach that.';
}

/** A file named like a document whose bytes are not one. */
export function notADocumentMessage(format: DocumentFormat): string {
  return `the file is named like a ${formatLabel(format)} but its content is not one, or it is damaged. Open it, save it again, and attach the new copy.`;
}

/** What was deliberately left out of a document. */
export function noticeMessage(notice: DocumentNotice): string {
  switch (notice) {
    case 'macros':
      return `the document holds macros; they were ignored (never run, not attached).`;
    case 'embedded':
      return `the document holds embedded objects; they were ignored.`;
    case 'external-links':
      return `the document links to other files; the links were not followed.`;
    case 'images':
      return `images were left out; only text is attached.`;
  }
}

/** A range given for a format without fixed pages. */
export function flowingRangeMessage(format: DocumentFormat): string {
  return `a ${formatLabel(format)} holds no fixed pages, so it takes no range. Remove the range to attach the whole document.`;
}

/** A range that starts past the last unit. */
export function unitPastEndMessage(shown: string, unit: DocumentUnit, count: number): string {
  return `${shown} has ${count} ${unit}${count === 1 ? '' : 's'}; use a range within 1-${count}.`;
}

/** A range that ends past the last unit: what was attached. */
export function unitClampedMessage(shown: string, unit: DocumentUnit, start: number, end: number, count: number): string {
  return `${shown} has ${count} ${unit}${count === 1 ? '' : 's'}; attached ${unitRange(unit, start, Math.min(end, count))} of the ${unitRange(unit, start, end)} asked for.`;
}

/** Over the per-reference limit, with the range that fits when there is one. */
export function documentTooLargeMessage(unit: DocumentUnit | null, start: number, fitsThrough: number | null, limit: number, hint: string | null): string {
  const over = `the text is over the per-reference limit of ${formatBytes(limit)}`;
  if (!unit) return `${over}. Copy the part you need into a text file and attach that.`;
  if (fitsThrough === null || fitsThrough < start || !hint) {
    return `${over}: ${unit} ${start} alone passes it. Attach a later ${unit}, or copy the part you need into a text file.`;
  }
  return `${over}. ${capitalize(unitRange(unit, start, fitsThrough))} fit: write ${hint}.`;
}

/** A document fetched by `@url` that is over the limit (URLs take no range). */
export function urlDocumentTooLargeMessage(format: DocumentFormat, limit: number): string {
  return `the ${formatLabel(format)} is over the per-reference limit of ${formatBytes(limit)}. Save it into the workspace and attach a page range with @file:NAME:FIRST-LAST.`;
}

/** The block header's description after the subject: `, pages 3–5 of 12 (PDF)` or ` (Word document)`. */
export function documentDescription(format: DocumentFormat, unit: DocumentUnit | null, first: number | null, last: number | null, count: number | null): string {
  const label = formatLabel(format);
  if (!unit || first === null || last === null) return ` (${label})`;
  return `, ${unitRange(unit, first, last)}${count !== null ? ` of ${count}` : ''} (${label})`;
}

/** A document whose pages hold no text at all. */
export function emptyDocumentMessage(format: DocumentFormat): string {
  return `the ${formatLabel(format)} holds no text to attach.`;
}
