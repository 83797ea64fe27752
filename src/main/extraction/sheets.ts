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
import { DocumentProblem } from './document-problem';
import { markdownTable, trimRows } from './markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './repack';
import { SHEETS_EXTRACTOR, decodeXml, excelDate, isDateFormat } from './sheet-values';
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
}

/** A cell's `r`, `t` and `s` attributes, in one pass (a sheet may hold a million cells). */
const CELL_ATTRIBUTES = /\s([rts])="([^"]*)"/g;

interface CellAttributes {
  ref: string;
  type: string;
  style: number;
}

function cellAttributes(attrs: string): CellAttributes {
  const out: CellAttributes = { ref: '', type: '', style: 0 };
  CELL_ATTRIBUTES.lastIndex = 0;
  for (let m = CELL_ATTRIBUTES.exec(attrs); m; m = CELL_ATTRIBUTES.exec(attrs)) {
    if (m[1] === 'r') out.ref = m[2]!;
    else if (m[1] === 't') out.type = m[2]!;
    else out.style = Number(m[2]);
  }
  return out;
}

const VALUE = /<v\b[^>]*>([\s\S]*?)<\/v>/;

/** The text one `<c>` element shows. */
function cellText(attrs: CellAttributes, inner: string, ctx: CellContext): string {
  const type = attrs.type;
  if (type === 'inlineStr') return itemText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '');
  const v = VALUE.exec(inner)?.[1];
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
      return ctx.dates[attrs.style] ? excelDate(n, ctx.date1904) : String(n);
    }
  }
}

/** The rows of one sheet as cell texts, stopping once they pass `maxBytes` (then `over` is true). */
function sheetRows(xml: string, ctx: CellContext, maxBytes: number): { rows: string[][]; over: boolean } {
  const rows: string[][] = [];
  let bytes = 0;
  for (const row of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: string[] = [];
    let next = 0;
    for (const c of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cellAttributes(c[1]!);
      const at = columnOf(attrs.ref);
      const col = at >= 0 ? at : next;
      if (col >= MAX_COLUMNS) break;
      const text = cellText(attrs, c[2] ?? '', ctx);
      if (text !== '') {
        while (cells.length < col) cells.push('');
        cells[col] = text;
        bytes += text.length + 3;
      }
      next = col + 1;
    }
    if (bytes > maxBytes) return { rows, over: true };
    rows.push(cells);
  }
  return { rows, over: false };
}

/** Extracts the sheets of a workbook in `job.range`. */
export async function extractSheets(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  if (!archive.has('xl/workbook.xml')) throw new DocumentProblem('damaged', 'no xl/workbook.xml');
  const sheets = workbookSheets(archive);
  const collector = new PartCollector(job.range, job.maxTextBytes, 'sheet', onProgress);
  collector.expect(sheets.length);
  const date1904 = /<workbookPr\b[^>]*\bdate1904="(1|true)"/.test(archive.textOf('xl/workbook.xml') ?? '');
  const ctx: CellContext = { strings: [], dates: [], date1904 };
  let loaded = false;
  for (let index = job.range?.start ?? 1; index <= sheets.length && collector.more(index); index++) {
    if (!loaded) {
      // Shared strings and styles are read once, and only when a sheet is.
      ctx.strings = sharedStrings(archive);
      ctx.dates = dateStyles(archive);
      loaded = true;
    }
    const sheet = sheets[index - 1]!;
    const { rows, over } = sheetRows(archive.textOf(sheet.entry) ?? '', ctx, job.maxTextBytes);
    if (over) {
      collector.stoppedAt = index;
      break;
    }
    const table = markdownTable(trimRows(rows));
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
