/**
 * Blocks of cells in a workbook, as a reference names them (`@file:book.xlsx:'売上 2026'!A1:D20`,
 * docs/contract.md "Cells and rows"). Environment-neutral: the grammar reads them, the readers in
 * the extraction worker cut them, chips and citations name them.
 */

/** Excel's own extent: columns A..XFD, rows 1..1,048,576. A block past it is malformed. */
export const MAX_SHEET_COLUMNS = 16_384;
export const MAX_SHEET_ROWS = 1_048_576;

/**
 * A rectangle of a sheet, 1-based and inclusive, top-left first whichever corner was written first.
 * Columns are absent for whole rows (`3:10`), rows are absent for whole columns (`A:C`).
 */
export interface CellBlock {
  firstColumn?: number;
  lastColumn?: number;
  firstRow?: number;
  lastRow?: number;
}

/** What a reference asks of a workbook: a sheet by name, and a block of it (the whole sheet when absent). */
export interface CellTarget {
  sheet: string;
  block?: CellBlock;
}

/** `1` -> `A`, `27` -> `AA`. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** `A` -> 1, `aa` -> 27; 0 for anything else. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) return 0;
    n = n * 26 + (c - 64);
  }
  return n;
}

/** A block as a spreadsheet writes it: `A1:D20`, `B2`, `A:C`, `3:10`. */
export function formatBlock(block: CellBlock): string {
  const corner = (column: number | undefined, row: number | undefined) => `${column === undefined ? '' : columnName(column)}${row ?? ''}`;
  const first = corner(block.firstColumn, block.firstRow);
  const last = corner(block.lastColumn, block.lastRow);
  return first === last && block.firstColumn !== undefined && block.firstRow !== undefined ? first : `${first}:${last}`;
}

/** Letters, digits and `_` in any script, not starting with a digit: a sheet name a spreadsheet writes bare. */
const BARE_SHEET = /^[\p{L}_][\p{L}\p{N}_.]*$/u;
/** Names that read as a cell (`A1`, `XFD9`) or an R1C1 reference, which spreadsheets quote too. */
const LOOKS_LIKE_CELL = /^(?:[A-Za-z]{1,3}\d+|[Rr]\d*[Cc]?\d*)$/;

/**
 * A sheet name as a spreadsheet formula writes it: bare when it is a plain word (`Sheet1`, `売上`),
 * otherwise in single quotes with `'` doubled (`'売上 2026'`, `'Ann''s'`).
 */
export function formatSheetName(name: string): string {
  if (BARE_SHEET.test(name) && !LOOKS_LIKE_CELL.test(name)) return name;
  return `'${name.replace(/'/g, "''")}'`;
}

/** What a chip and a citation call the target: `売上 2026!A1:D20`, or the sheet's name alone. */
export function cellTargetLabel(target: CellTarget): string {
  return target.block ? `${target.sheet}!${formatBlock(target.block)}` : target.sheet;
}
