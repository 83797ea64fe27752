/**
 * Spreadsheets (.xlsx) to Markdown: one Markdown table per sheet, under a heading with the
 * sheet's name, the first row as the table's header. Read by Atmark itself (docs/decisions.md,
 * "Sheets without exceljs"), like the slides and OpenDocument readers: the parts come through
 * {@link ZipArchive}'s caps and are scanned once, in order, with no DOM. Formulas show their cached
 * result, numbers in a date format ISO 8601 dates, shared and rich text their plain text (phonetic
 * guides, the furigana of Japanese names, left out). External links, macros and embedded objects are
 * not read. Ranges count sheets (`book.xlsx:2-3` is the second and third sheet); a sheet outside the
 * range is never inflated.
 */
import { BlockRows, blockResult, windowOf, type Extent } from './cell-block';
import { DocumentProblem } from './document-problem';
import { MarkdownTableWriter } from './markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './zip-notices';
import { SHEETS_EXTRACTOR, decodeXml, excelDate, isDateFormat } from './sheet-values';
import { findSheet } from './sheet-names';
import { forEachCell, valueOf, type CellAttributes } from './sheet-cells';
import { ZipArchive } from './zip';

function attribute(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXml(m[1]!) : '';
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

/** The plain text of a string item (`<si>`, `<is>`): its `<t>` runs, phonetic guides left out. */
function itemText(xml: string): string {
  let text = '';
  for (const m of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g)) text += decodeXml(m[1] ?? '');
  return text;
}

/** The shared strings, by index. */
function sharedStrings(archive: ZipArchive): string[] {
  const xml = archive.textOf('xl/sharedStrings.xml');
  if (!xml) return [];
  return Array.from(xml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g), (m) => itemText(m[1] ?? ''));
}

/** For each cell style index, whether its number format shows a date. */
function dateStyles(archive: ZipArchive): boolean[] {
  const xml = archive.textOf('xl/styles.xml');
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b[^>]*>/g)) custom.set(Number(attribute(m[0], 'numFmtId')), attribute(m[0], 'formatCode'));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  return Array.from(xfs.matchAll(/<xf\b[^>]*>/g), (m) => {
    const id = Number(attribute(m[0], 'numFmtId') || '0');
    return isDateFormat(id, custom.get(id));
  });
}

/** `B12` -> 1 (0-based column), or -1 when there is no reference. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

/** Columns past this are not a table anyone reads (Excel's own limit is 16,384). */
const MAX_COLUMNS = 16_384;

interface CellContext {
  strings: readonly string[];
  dates: readonly boolean[];
  date1904: boolean;
  /** Dates already written, by serial: a sheet repeats its days (a column of 66,000 dates may hold 365). */
  dateTexts: Map<number, string>;
}

/** Distinct dates remembered per extraction. */
const DATE_MEMO = 4096;

function contextOf(strings: readonly string[], dates: readonly boolean[], date1904: boolean): CellContext {
  return { strings, dates, date1904, dateTexts: new Map() };
}

/** {@link excelDate}, remembered for the extraction. */
function dateText(serial: number, ctx: CellContext): string {
  let text = ctx.dateTexts.get(serial);
  if (text === undefined) {
    text = excelDate(serial, ctx.date1904);
    if (ctx.dateTexts.size < DATE_MEMO) ctx.dateTexts.set(serial, text);
  }
  return text;
}

/** The text one `<c>` element shows. */
function cellText(attrs: CellAttributes, inner: string, ctx: CellContext): string {
  const type = attrs.type;
  if (type === 'inlineStr') return itemText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '');
  const v = valueOf(inner);
  if (v === undefined) return '';
  switch (type) {
    case 's':
      return ctx.strings[Number(v)] ?? '';
    case 'b':
      return v === '1' ? 'true' : 'false';
    case 'str':
    case 'e':
    case 'd':
      return decodeXml(v);
    default: {
      const n = Number(v);
      if (!Number.isFinite(n)) return decodeXml(v);
      return ctx.dates[attrs.style] ? dateText(n, ctx) : String(n);
    }
  }
}

/**
 * Each non-empty cell of a row with its 0-based column: its `r` reference's column, or the one
 * after the cell before when it has none; cells from {@link MAX_COLUMNS} on end the row.
 */
function forEachCellText(row: string, attrs: CellAttributes, ctx: CellContext, visit: (col: number, text: string) => void): void {
  let next = 0;
  forEachCell(row, attrs, (inner) => {
    const at = columnOf(attrs.ref);
    const col = at >= 0 ? at : next;
    if (col >= MAX_COLUMNS) return false;
    const text = cellText(attrs, inner, ctx);
    if (text !== '') visit(col, text);
    next = col + 1;
    return true;
  });
}

/**
 * One sheet as a Markdown table (trailing empty cells and rows left out), or `over` once its cell
 * texts pass `maxBytes`. Each row becomes its table line as it is read.
 */
function sheetTable(xml: string, ctx: CellContext, maxBytes: number): { table: string; over: boolean } {
  const writer = new MarkdownTableWriter(true);
  const attrs: CellAttributes = { ref: '', type: '', style: 0 };
  const cells: string[] = [];
  let bytes = 0;
  for (const row of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    cells.length = 0;
    forEachCellText(row[1] ?? '', attrs, ctx, (col, text) => {
      while (cells.length < col) cells.push('');
      cells[col] = text;
      bytes += text.length + 3;
    });
    if (bytes > maxBytes) return { table: '', over: true };
    writer.add(cells);
  }
  return { table: writer.finish(), over: false };
}

/** Extracts the sheets of a workbook in `job.range`. */
export async function extractSheets(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  if (!archive.has('xl/workbook.xml')) throw new DocumentProblem('damaged', 'no xl/workbook.xml');
  const sheets = workbookSheets(archive);
  if (job.cells) return extractSheetBlock(job, archive, sheets, onProgress);
  const collector = new PartCollector(job.range, job.maxTextBytes, 'sheet', onProgress);
  collector.expect(sheets.length);
  const ctx = contextOf([], [], isDate1904(archive));
  let loaded = false;
  for (let index = job.range?.start ?? 1; index <= sheets.length && collector.more(index); index++) {
    if (!loaded) {
      // Shared strings and styles are read once, and only when a sheet is.
      ctx.strings = sharedStrings(archive);
      ctx.dates = dateStyles(archive);
      loaded = true;
    }
    const sheet = sheets[index - 1]!;
    const { table, over } = sheetTable(archive.textOf(sheet.entry) ?? '', ctx, job.maxTextBytes);
    if (over) {
      collector.stoppedAt = index;
      break;
    }
    if (!collector.add(index, sheet.name, `## Sheet ${index}: ${sheet.name}\n\n${table || '(empty sheet)'}`)) break;
  }
  return {
    kind: 'document',
    format: 'xlsx',
    extractor: SHEETS_EXTRACTOR,
    unit: 'sheet',
    unitCount: sheets.length,
    parts: collector.parts,
    stoppedAt: collector.stoppedAt,
    notices: noticesOf(archive),
  };
}

function isDate1904(archive: ZipArchive): boolean {
  return /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(archive.textOf('xl/workbook.xml') ?? '');
}

function output(sheetCount: number, parts: DocumentOutput['parts'], archive: ZipArchive, table: DocumentOutput['table']): DocumentOutput {
  return { kind: 'document', format: 'xlsx', extractor: SHEETS_EXTRACTOR, unit: 'sheet', unitCount: sheetCount, parts, stoppedAt: null, notices: noticesOf(archive), ...(table ? { table } : {}) };
}

/** `<dimension ref="A1:F40"/>`: the used range the sheet declares at its top, as an extent. */
function declaredExtent(xml: string): Extent | null {
  const ref = /<dimension\b[^>]*\bref="([A-Z]+)?(\d+)?(?::([A-Z]+)(\d+))?"/.exec(xml.slice(0, 4096));
  if (!ref) return null;
  const lastColumn = ref[3] ?? ref[1];
  const lastRow = ref[4] ?? ref[2];
  return lastColumn && lastRow ? { rows: Number(lastRow), columns: columnOf(lastColumn) + 1 } : null;
}

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/** True once `xml` (the start of a sheet) holds every row up to `lastRow`: a later row has begun, or the sheet's data ended. */
function holdsRowsThrough(xml: string, lastRow: number): boolean {
  if (xml.includes('</sheetData>')) return true;
  const at = xml.lastIndexOf('<row ');
  const r = /^<row\b[^>]*?\sr="(\d+)"/.exec(xml.slice(at, at + 200));
  return at >= 0 && r !== null && Number(r[1]) > lastRow;
}

/**
 * One sheet's block (`job.cells`), by name: rows past the block are not scanned, and when the block
 * ends above a large sheet's last row, only the start of the sheet's part is inflated.
 */
function extractSheetBlock(job: DocumentJob, archive: ZipArchive, sheets: { name: string; entry: string }[], onProgress?: ProgressListener): DocumentOutput {
  const target = job.cells!;
  const found = findSheet(sheets.map((s) => s.name), target.sheet);
  if (found < 0) return output(sheets.length, [], archive, { sheet: target.sheet, extent: '', asked: null, attached: null, sheets: sheets.map((s) => s.name) });
  onProgress?.({ done: 0, total: 1, unit: 'sheet' });
  const sheet = sheets[found]!;
  const window = windowOf(target.block);
  const entry = sheet.entry;
  const whole = !Number.isFinite(window.lastRow);
  const xml = (whole ? archive.textOf(entry) : archive.textPrefixOf(entry, (t) => declaredExtent(t) !== null && holdsRowsThrough(t, window.lastRow))) ?? '';
  const ctx = contextOf(sharedStrings(archive), dateStyles(archive), isDate1904(archive));
  const kept = new BlockRows(window);
  const seen: Extent = { rows: 0, columns: 0 };
  let stoppedEarly = false;
  let previous = 0;
  for (const row of xml.matchAll(ROW)) {
    const r = /\sr="(\d+)"/.exec(row[1]!);
    const number = r ? Number(r[1]) : previous + 1;
    previous = number;
    if (!kept.wants(number)) {
      stoppedEarly = true;
      break;
    }
    const cells = rowCells(row[2] ?? '', ctx);
    if (cells.length > 0) {
      seen.rows = number;
      seen.columns = Math.max(seen.columns, cells.length);
    }
    kept.keep(number, cells);
  }
  // A scan that stopped above the end knows the sheet's extent only from what the sheet declares.
  const extent = stoppedEarly ? declaredExtent(xml) ?? seen : seen;
  const { markdown, outcome } = blockResult({ sheet: sheet.name, ...(target.block ? { block: target.block } : {}) }, kept, extent, job.maxTextBytes);
  onProgress?.({ done: 1, total: 1, unit: 'sheet' });
  return output(sheets.length, markdown ? [{ index: found + 1, title: sheet.name, markdown }] : [], archive, outcome);
}

/** One row's cell texts by 0-based column, trailing empty cells dropped. */
function rowCells(xml: string, ctx: CellContext): string[] {
  const cells: string[] = [];
  // Sparse: a cell far to the right costs one slot, not a run of empty ones (readers take `?? ''`).
  forEachCellText(xml, { ref: '', type: '', style: 0 }, ctx, (col, text) => {
    cells[col] = text;
  });
  return cells;
}
