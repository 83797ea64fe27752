/**
 * Spreadsheets (.xlsx) to Markdown with exceljs's streaming reader: one Markdown table per sheet,
 * under a heading with the sheet's name, the first row as the table's header. Formulas show their
 * cached result, dates ISO 8601, rich text as its plain text. External links, macros and embedded
 * objects are not read. Ranges count sheets (`book.xlsx:2-3` is the second and third sheet).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DocumentProblem } from './document-problem';
import { markdownTable, trimRows } from './markdown';
import { extractorName } from './packages';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf, repack } from './repack';
import { ZipArchive } from './zip';

/** The text of one cell value as exceljs gives it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof value !== 'object') return String(value);
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string; formula?: string };
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return cellText(v.result);
  if (v.formula !== undefined) return '';
  if (v.text !== undefined) return cellText(v.text);
  if (v.error !== undefined) return v.error;
  return '';
}

function attribute(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1]!) : '';
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

/** The worksheets in workbook order: their names and zip entry names (chart sheets left out). */
export function workbookSheets(archive: ZipArchive): { name: string; entry: string }[] {
  const workbook = archive.textOf('xl/workbook.xml') ?? '';
  const rels = archive.textOf('xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const target = attribute(m[0], 'Target').replace(/^\/?(xl\/)?/, '');
    targets.set(attribute(m[0], 'Id'), `xl/${target}`);
  }
  const sheets: { name: string; entry: string }[] = [];
  for (const m of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const entry = targets.get(attribute(m[0], 'r:id')) ?? '';
    if (/^xl\/worksheets\//.test(entry) && archive.has(entry)) sheets.push({ name: attribute(m[0], 'name'), entry });
  }
  return sheets;
}

const EMPTY_SHEET = new TextEncoder().encode('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>');

/** `bytes` as 64 KiB Buffers that share its memory: the zip reader takes a stream, and one huge chunk costs it more. */
function* chunks(bytes: Uint8Array): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(64 * 1024, bytes.length - at));
}

/** Extracts the sheets of a workbook in `job.range`. */
export async function extractSheets(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  if (!archive.has('xl/workbook.xml')) throw new DocumentProblem('damaged', 'no xl/workbook.xml');
  const notices = noticesOf(archive);
  const sheets = workbookSheets(archive);
  const sheetEntries = sheets.map((s) => s.entry);
  const keep = (name: string) => !/^xl\/(drawings|charts|printerSettings)\//i.test(name);
  // The streaming reader emits sheets in the order their entries come: put them in workbook order, last.
  const order = (names: string[]) => [...names.filter((n) => !sheetEntries.includes(n) && !/^xl\/worksheets\/[^/]+\.xml$/.test(n)), ...sheetEntries];
  // Sheets outside the range are never inflated: an empty sheet stands in, so the others keep their numbers.
  const skipped = new Set(sheetEntries.filter((_, i) => job.range !== null && (i + 1 < job.range.start || i + 1 > job.range.end)));
  const stored = repack(archive, keep, order, (name) => (skipped.has(name) ? EMPTY_SHEET : null));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks(stored)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  const collector = new PartCollector(job.range, job.maxTextBytes, 'sheet', onProgress);
  collector.expect(sheets.length);
  let index = 0;
  for await (const sheet of reader) {
    index += 1;
    const wanted = collector.wants(index);
    const rows: string[][] = [];
    let bytes = 0;
    for await (const row of sheet) {
      if (!wanted) continue; // drain the sheet: the reader needs it read
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      bytes += cells.reduce((n, c) => n + c.length + 3, 0);
      // Past the limit nothing more of this workbook would be attached: stop reading (the worker
      // is discarded after this job, so the reader need not be drained).
      if (bytes > job.maxTextBytes) break;
      rows.push(cells);
    }
    if (!wanted) continue;
    if (bytes > job.maxTextBytes) {
      collector.stoppedAt = index;
      break;
    }
    const name = sheets[index - 1]?.name ?? `Sheet ${index}`;
    const table = markdownTable(trimRows(rows));
    if (!collector.add(index, name, `## Sheet ${index}: ${name}\n\n${table || '(empty sheet)'}`)) break;
  }
  return {
    kind: 'document',
    format: 'xlsx',
    extractor: extractorName('exceljs'),
    unit: 'sheet',
    unitCount: sheets.length,
    parts: collector.parts,
    stoppedAt: collector.stoppedAt,
    notices,
  };
}
