/**
 * OpenDocument (.odt, .ods, .odp) to Markdown, read directly from `content.xml`: headings by
 * outline level, paragraphs, nested lists and tables for text documents; one table per sheet with
 * its name for spreadsheets; pages (slides) in order with their titles and speaker notes for
 * presentations. Macros (`Basic/`), embedded objects and pictures are not read.
 */
import { MAX_SHEET_COLUMNS, MAX_SHEET_ROWS } from '../../shared/cells';
import { BlockRows, blockResult, windowOf, type Extent } from './cell-block';
import { DocumentProblem } from './document-problem';
import { markdownTable, trimRows } from './markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentFormat, DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './zip-notices';
import { findSheet } from './sheet-names';
import { slideMarkdown } from './slides';
import { NS, children, descendants, isElement, parseXml, type XmlElement } from './xml';
import { ZipArchive } from './zip';
import { appendAll } from '../../shared/append-all';

/** The extractor named in citations. */
export const ODF_EXTRACTOR = 'atmark-odf 1';

/** Repeated empty rows or cells kept at most (a sheet's tail often repeats a million empty rows). */
const MAX_EMPTY_REPEAT = 100;

function attr(node: XmlElement, ns: string, name: string): string {
  return node.getAttributeNS(ns, name) ?? '';
}

/** The text of a paragraph-like element: spaces, tabs and line breaks as ODF encodes them. */
export function inlineText(node: XmlElement): string {
  let text = '';
  for (const c of Array.from(node.childNodes)) {
    if (c.nodeType === 3) text += c.nodeValue ?? '';
    else if (isElement(c, NS.text, 's')) text += ' '.repeat(Math.min(Number(attr(c, NS.text, 'c')) || 1, 100));
    else if (isElement(c, NS.text, 'tab')) text += '\t';
    else if (isElement(c, NS.text, 'line-break')) text += ' ';
    else if (isElement(c, NS.office, 'annotation') || isElement(c, NS.text, 'note')) continue;
    else if (c.nodeType === 1) text += inlineText(c);
  }
  return text;
}

function tableRows(table: XmlElement): string[][] {
  const rows: string[][] = [];
  for (const row of descendants(table, NS.table, 'table-row')) {
    const cells: string[] = [];
    for (const cell of children(row).filter((c) => isElement(c, NS.table, 'table-cell') || isElement(c, NS.table, 'covered-table-cell'))) {
      const text = children(cell).map(inlineText).join(' ').trim();
      const repeat = Number(attr(cell, NS.table, 'number-columns-repeated')) || 1;
      for (let i = 0; i < (text ? Math.min(repeat, 1000) : Math.min(repeat, MAX_EMPTY_REPEAT)); i++) cells.push(text);
    }
    const repeat = Number(attr(row, NS.table, 'number-rows-repeated')) || 1;
    const empty = cells.every((c) => c === '');
    for (let i = 0; i < (empty ? Math.min(repeat, MAX_EMPTY_REPEAT) : Math.min(repeat, 1000)); i++) rows.push(cells);
  }
  return trimRows(rows);
}

/** Markdown blocks of a text body: headings, paragraphs, lists, tables. */
function blocks(node: XmlElement, depth = 0): string[] {
  const out: string[] = [];
  for (const c of children(node)) {
    if (isElement(c, NS.text, 'h')) {
      const level = Math.min(Math.max(Number(attr(c, NS.text, 'outline-level')) || 1, 1), 6);
      const text = inlineText(c).trim();
      if (text) out.push(`${'#'.repeat(level)} ${text}`);
    } else if (isElement(c, NS.text, 'p')) {
      const text = inlineText(c).trim();
      if (text) out.push(text);
    } else if (isElement(c, NS.text, 'list')) {
      out.push(listLines(c, depth).join('\n'));
    } else if (isElement(c, NS.table, 'table')) {
      out.push(markdownTable(tableRows(c)));
    } else if (isElement(c, NS.text, 'section') || isElement(c, NS.office, 'text')) {
      appendAll(out, blocks(c, depth));
    }
  }
  return out.filter((b) => b !== '');
}

function listLines(list: XmlElement, depth: number): string[] {
  const lines: string[] = [];
  for (const item of children(list).filter((c) => isElement(c, NS.text, 'list-item'))) {
    let firstLine = true;
    for (const c of children(item)) {
      if (isElement(c, NS.text, 'list')) appendAll(lines, listLines(c, depth + 1));
      else {
        const text = isElement(c, NS.text, 'p') || isElement(c, NS.text, 'h') ? inlineText(c).trim() : '';
        if (!text) continue;
        lines.push(`${'  '.repeat(depth)}${firstLine ? '- ' : '  '}${text}`);
        firstLine = false;
      }
    }
  }
  return lines;
}

function body(archive: ZipArchive, kind: 'text' | 'spreadsheet' | 'presentation'): XmlElement {
  const content = archive.textOf('content.xml');
  if (content === null) throw new DocumentProblem('damaged', 'no content.xml');
  const found = descendants(parseXml(content, 'content.xml'), NS.office, kind)[0];
  if (!found) throw new DocumentProblem('damaged', `content.xml holds no office:${kind}`);
  return found;
}

function output(format: DocumentFormat, unit: DocumentOutput['unit'], count: number | null, collector: PartCollector, archive: ZipArchive): DocumentOutput {
  return { kind: 'document', format, extractor: ODF_EXTRACTOR, unit, unitCount: count, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: noticesOf(archive) };
}

/** Extracts an OpenDocument text, spreadsheet or presentation. */
export async function extractOdf(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  if (archive.has('META-INF/manifest.xml') && /manifest:encryption-data/.test(archive.textOf('META-INF/manifest.xml') ?? '')) {
    throw new DocumentProblem('encrypted', 'encrypted OpenDocument');
  }
  const unit = job.format === 'odt' ? 'page' : job.format === 'ods' ? 'sheet' : 'slide';
  const collector = new PartCollector(job.range, job.maxTextBytes, unit, onProgress);
  if (job.format === 'odt') {
    collector.add(1, '', blocks(body(archive, 'text')).join('\n\n'));
    return output('odt', 'page', null, collector, archive);
  }
  if (job.format === 'ods') {
    const sheets = children(body(archive, 'spreadsheet')).filter((c) => isElement(c, NS.table, 'table'));
    if (job.cells) return odsBlock(job, sheets, archive, onProgress);
    collector.expect(sheets.length);
    for (let index = job.range?.start ?? 1; index <= sheets.length && collector.more(index); index++) {
      const name = attr(sheets[index - 1]!, NS.table, 'name') || `Sheet ${index}`;
      const table = markdownTable(tableRows(sheets[index - 1]!));
      if (!collector.add(index, name, `## Sheet ${index}: ${name}\n\n${table || '(empty sheet)'}`)) break;
    }
    return output('ods', 'sheet', sheets.length, collector, archive);
  }
  const pages = children(body(archive, 'presentation')).filter((c) => isElement(c, NS.draw, 'page'));
  collector.expect(pages.length);
  for (let index = job.range?.start ?? 1; index <= pages.length && collector.more(index); index++) {
    const page = pages[index - 1]!;
    let title = '';
    const lines: string[] = [];
    const notes: string[] = [];
    for (const c of children(page)) {
      if (isElement(c, NS.presentation, 'notes')) {
        appendAll(notes, descendants(c, NS.text, 'p').map((p) => inlineText(p).trim()).filter(Boolean));
        continue;
      }
      const cls = attr(c, NS.presentation, 'class');
      const texts = blocks(descendants(c, NS.draw, 'text-box')[0] ?? c);
      if (cls === 'title' && !title) title = texts.join(' ');
      else appendAll(lines, texts);
    }
    if (!collector.add(index, title, slideMarkdown(index, title, lines, notes))) break;
  }
  return output('odp', 'slide', pages.length, collector, archive);
}

/**
 * One sheet's block of an OpenDocument spreadsheet (`job.cells`), by name. Repeated rows and cells
 * are counted, never expanded outside the block, so a sheet that repeats an empty row a million
 * times costs one step. All sheets live in one `content.xml`, so the whole part is parsed.
 */
function odsBlock(job: DocumentJob, sheets: XmlElement[], archive: ZipArchive, onProgress?: ProgressListener): DocumentOutput {
  const target = job.cells!;
  const names = sheets.map((sheet, i) => attr(sheet, NS.table, 'name') || `Sheet ${i + 1}`);
  const found = findSheet(names, target.sheet);
  const done = (parts: DocumentOutput['parts'], table: DocumentOutput['table']): DocumentOutput => ({ ...output('ods', 'sheet', sheets.length, new PartCollector(null, 0), archive), parts, ...(table ? { table } : {}) });
  if (found < 0) return done([], { sheet: target.sheet, extent: '', asked: null, attached: null, sheets: names });
  onProgress?.({ done: 0, total: 1, unit: 'sheet' });
  const kept = new BlockRows(windowOf(target.block));
  const extent: Extent = { rows: 0, columns: 0 };
  let row = 1;
  for (const element of descendants(sheets[found]!, NS.table, 'table-row')) {
    if (row > MAX_SHEET_ROWS) break;
    const repeat = Math.max(1, Number(attr(element, NS.table, 'number-rows-repeated')) || 1);
    const { cells, width } = odsRowCells(element, kept.window.lastColumn);
    if (width > 0) {
      extent.rows = Math.min(row + repeat - 1, MAX_SHEET_ROWS);
      extent.columns = Math.max(extent.columns, width);
      const last = Math.min(row + repeat - 1, kept.window.lastRow);
      for (let r = Math.max(row, kept.window.firstRow); r <= last && !kept.full; r++) kept.keep(r, cells);
    }
    row += repeat;
  }
  const { markdown, outcome } = blockResult({ sheet: names[found]!, ...(target.block ? { block: target.block } : {}) }, kept, extent, job.maxTextBytes);
  onProgress?.({ done: 1, total: 1, unit: 'sheet' });
  return done(markdown ? [{ index: found + 1, title: names[found]!, markdown }] : [], outcome);
}

/**
 * A row's cell texts by 0-based column, up to `lastColumn` (the block's last; repeated cells are
 * expanded that far only), and its width: the column after its last value, counted, not expanded.
 */
function odsRowCells(row: XmlElement, lastColumn: number): { cells: string[]; width: number } {
  const cells: string[] = [];
  let column = 0;
  let width = 0;
  for (const cell of children(row)) {
    if (!isElement(cell, NS.table, 'table-cell') && !isElement(cell, NS.table, 'covered-table-cell')) continue;
    const text = children(cell).map(inlineText).join(' ').trim();
    const repeat = Math.max(1, Number(attr(cell, NS.table, 'number-columns-repeated')) || 1);
    if (text !== '') {
      for (let c = column; c < Math.min(column + repeat, lastColumn, MAX_SHEET_COLUMNS); c++) cells[c] = text;
      width = Math.min(column + repeat, MAX_SHEET_COLUMNS);
    }
    column += repeat;
    if (column >= MAX_SHEET_COLUMNS) break;
  }
  return { cells: Array.from(cells, (c) => c ?? ''), width };
}
