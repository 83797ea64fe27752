import { MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, columnNumber, type CellBlock, type CellTarget } from '../cells';
import { isWorkbookName } from '../documents';
import type { Text } from '../i18n/text';
import { halfWidth, isAsciiAlnum, isAsciiDigit, isRangeDash, syntaxForm } from './chars';
import { MALFORMED } from './messages';
import { endOfRun, endOfUnquoted } from './unquoted';

/**
 * The cell suffix of a workbook reference (docs/grammar.md "Cells"): after a path ending in
 * `.xlsx`, `.xlsm` or `.ods`, a colon and a sheet, as spreadsheets write it, instead of a sheet
 * number: `Sheet1!A1:F40`, `'売上 2026'!A1:D20` (`''` is a quote inside quotes), `Sheet1!A:C`,
 * `Sheet1!3:10`, or the sheet alone (`'売上 2026'`). A digit or dash after the colon is the sheet
 * range of before (`book.xlsx:2-3`). The syntax (`!`, the colon, the block) may be typed in full
 * width; the sheet's name is kept as written. The block is ASCII, so a particle right after it ends
 * the reference (`Sheet1!A1:D20を`).
 */

/** What follows a workbook's path: the reference ends at `to`. */
export interface CellSuffix {
  to: number;
  cells?: CellTarget;
  malformed?: Text;
}

/** Characters a spreadsheet forbids in a sheet name: a bare name holding one is a mistake. */
const FORBIDDEN_IN_SHEET = /[[\]:*?/\\]/;
/** One end of a block, in syntax form: a cell, a column or a row, `$` allowed as spreadsheets allow it. */
const END = String.raw`\$?[A-Za-z]{0,3}\$?[0-9]{0,7}`;
const BLOCK = new RegExp(`^(${END})(?::(${END}))?`);

/** True when `written` (a path) names a workbook and a cell suffix, not a sheet range, starts at `at`. */
export function startsCellSuffix(text: string, at: number, written: string): boolean {
  if (halfWidth(text.charAt(at)) !== ':' || !isWorkbookName(written)) return false;
  const next = text.charAt(at + 1);
  if (next === '' || /\s/.test(next) || isAsciiDigit(next) || isRangeDash(next) || halfWidth(next) === '-') return false;
  // Sentence punctuation right after the colon (`book.xlsx:。`) names no sheet: the colon stays in the value, as before.
  return next === "'" || halfWidth(next) === '!' || endOfUnquoted(text, at + 1) > at + 1;
}

/**
 * Where an unquoted workbook path followed by a cell suffix ends, or -1: the first `.xlsx:`,
 * `.xlsm:` or `.ods:` (any case, colon in half or full width) within the value's run.
 */
export function workbookPathEnd(text: string, start: number): number {
  const run = text.slice(start, endOfRun(text, start));
  const m = /\.(?:xlsx|xlsm|ods)(?=[:：])/i.exec(run);
  if (!m) return -1;
  const end = start + m.index + m[0].length;
  // The path itself must end where the unquoted rules let it (`売上.xlsx` yes; `a.ts。b.xlsx` no).
  return endOfUnquoted(text, start) >= end && startsCellSuffix(text, end, text.slice(start, end)) ? end : -1;
}

/** Reads the suffix whose colon is at `colon`. */
export function readCellSuffix(text: string, colon: number): CellSuffix {
  let at = colon + 1;
  let sheet: string;
  if (text.charAt(at) === "'") {
    const quoted = readQuotedSheet(text, at);
    if (quoted === null) return { to: endOfRun(text, at), malformed: MALFORMED.unclosedQuote("'") };
    [sheet, at] = quoted;
  } else {
    const end = endOfUnquoted(text, at);
    let stop = at;
    while (stop < end && halfWidth(text.charAt(stop)) !== '!') stop++;
    sheet = text.slice(at, stop);
    at = stop;
    if (FORBIDDEN_IN_SHEET.test(sheet)) return { to: end, malformed: MALFORMED.cells(text.slice(colon + 1, end)) };
  }
  if (sheet === '') return { to: Math.max(at, endOfUnquoted(text, colon + 1)), malformed: MALFORMED.cells(text.slice(colon + 1, endOfUnquoted(text, colon + 1))) };
  if (halfWidth(text.charAt(at)) !== '!') return { to: at, cells: { sheet } };
  const written = text.slice(at + 1, at + 1 + 40);
  const m = BLOCK.exec(syntaxForm(written));
  const after = text.charAt(at + 1 + (m?.[0].length ?? 0));
  const block = m && !isAsciiAlnum(after) && !['$', ':'].includes(halfWidth(after)) ? blockOf(m[1] as string, m[2]) : null;
  if (!block) {
    const end = Math.max(at + 1, endOfUnquoted(text, at + 1));
    return { to: end, malformed: MALFORMED.cells(text.slice(colon + 1, end)) };
  }
  return { to: at + 1 + m![0].length, cells: { sheet, block } };
}

/** `'name'` from `at` (the opening quote), `''` read as `'`; null when it is not closed on the line. */
function readQuotedSheet(text: string, at: number): [string, number] | null {
  let name = '';
  for (let i = at + 1; i < text.length && text.charAt(i) !== '\n'; i++) {
    const ch = text.charAt(i);
    if (ch !== "'") name += ch;
    else if (text.charAt(i + 1) === "'") {
      name += "'";
      i++;
    } else return [name, i + 1];
  }
  return null;
}

interface End {
  column?: number;
  row?: number;
}

/** One end (`$A$1`, `A`, `3`), or null when it is neither a cell, a column nor a row within Excel's extent. */
function endOf(written: string): End | null {
  const m = /^\$?([A-Za-z]{0,3})\$?([0-9]{0,7})$/.exec(written);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const column = m[1] ? columnNumber(m[1]) : undefined;
  const row = m[2] ? Number(m[2]) : undefined;
  if ((column !== undefined && column > MAX_SHEET_COLUMNS) || (row !== undefined && (row < 1 || row > MAX_SHEET_ROWS))) return null;
  return { ...(column !== undefined ? { column } : {}), ...(row !== undefined ? { row } : {}) };
}

/** The block two ends make: two cells, two columns or two rows; a single cell alone. */
function blockOf(first: string, second: string | undefined): CellBlock | null {
  const a = endOf(first);
  const b = second === undefined ? a : endOf(second);
  if (!a || !b) return null;
  const shape = (e: End) => (e.column !== undefined && e.row !== undefined ? 'cell' : e.column !== undefined ? 'column' : 'row');
  if (shape(a) !== shape(b) || (second === undefined && shape(a) !== 'cell')) return null;
  const block: CellBlock = {};
  if (a.column !== undefined && b.column !== undefined) [block.firstColumn, block.lastColumn] = [Math.min(a.column, b.column), Math.max(a.column, b.column)];
  if (a.row !== undefined && b.row !== undefined) [block.firstRow, block.lastRow] = [Math.min(a.row, b.row), Math.max(a.row, b.row)];
  return block;
}
