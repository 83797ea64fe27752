/**
 * A block of a sheet as one Markdown table (docs/contract.md "Cells and rows"), for the workbook
 * readers (sheets.ts, odf.ts) alike: the block's first row heads the table, the block is clamped to
 * what the sheet holds, and it is capped in cells and in bytes. A reader walks its rows in order and
 * hands over only those inside the block ({@link BlockRows}); the outcome says what was attached,
 * or why nothing was (no such sheet, a block outside the sheet, too many cells).
 */
import { cellTargetLabel, formatBlock, type CellBlock, type CellTarget } from '../../shared/cells';
import { markdownTable } from './markdown';
import type { TableOutcome } from './protocol';

/** Cells a block may attach at most (empty ones count). Default 20,000: a 40-column sheet's first 500 rows. */
export const MAX_BLOCK_CELLS = 20_000;

/** Rows and columns a block asks for, 1-based and inclusive; whole columns or rows run to the sheet's end. */
export interface BlockWindow {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** The window of `block` (the whole sheet without one). */
export function windowOf(block: CellBlock | undefined): BlockWindow {
  return {
    firstRow: block?.firstRow ?? 1,
    lastRow: block?.lastRow ?? Number.POSITIVE_INFINITY,
    firstColumn: block?.firstColumn ?? 1,
    lastColumn: block?.lastColumn ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * The rows of a block as a reader finds them. It keeps the cells inside the window and stops
 * keeping (`full`) once they pass the cell cap: what follows would be refused anyway, and the rows
 * kept are enough to say how many fit.
 */
export class BlockRows {
  readonly rows = new Map<number, string[]>();
  private cells = 0;
  full = false;

  constructor(
    readonly window: BlockWindow,
    private readonly maxCells = MAX_BLOCK_CELLS,
  ) {}

  /** True while row `row` may still be wanted (the reader stops walking past the window). */
  wants(row: number): boolean {
    return !this.full && row <= this.window.lastRow;
  }

  /** Keeps row `row` (its cells by 0-based column, sparse) when it is in the window. */
  keep(row: number, cells: readonly string[]): void {
    if (row < this.window.firstRow || row > this.window.lastRow || this.full) return;
    const kept: string[] = [];
    const last = Math.min(cells.length, this.window.lastColumn);
    for (let col = this.window.firstColumn; col <= last; col++) kept[col - this.window.firstColumn] = cells[col - 1] ?? '';
    if (kept.length === 0) return;
    this.rows.set(row, kept);
    this.cells += Math.max(1, kept.length);
    if (this.cells > this.maxCells) this.full = true;
  }
}

/** What the sheet holds: its last row and column with a value (0 and 0 when empty). */
export interface Extent {
  rows: number;
  columns: number;
}

/** The block a window covers within `extent`, or null when it lies outside. */
function clampTo(window: BlockWindow, extent: Extent): CellBlock | null {
  const lastRow = Math.min(window.lastRow, extent.rows);
  const lastColumn = Math.min(window.lastColumn, extent.columns);
  if (window.firstRow > lastRow || window.firstColumn > lastColumn) return null;
  return { firstColumn: window.firstColumn, lastColumn, firstRow: window.firstRow, lastRow };
}

/** The extent as a block (`A1:D12`), for sentences; `''` for an empty sheet. */
export function extentLabel(extent: Extent): string {
  return extent.rows > 0 && extent.columns > 0 ? formatBlock({ firstColumn: 1, lastColumn: extent.columns, firstRow: 1, lastRow: extent.rows }) : '';
}

/** The Markdown of a block and what it says about itself. */
export interface BlockResult {
  markdown: string;
  outcome: TableOutcome;
}

/**
 * The block of `target` from the rows a reader kept, within `extent`, under `maxCells` and
 * `maxTextBytes`. When it does not fit, `outcome.fitsRows` says how many of its rows would, and
 * no Markdown is made.
 */
export function blockResult(target: CellTarget, kept: BlockRows, extent: Extent, maxTextBytes: number, maxCells = MAX_BLOCK_CELLS): BlockResult {
  const asked = target.block ?? null;
  const base = { sheet: target.sheet, extent: extentLabel(extent), asked: asked ? formatBlock(asked) : null };
  const window = kept.window;
  const block = clampTo(window, extent);
  if (!block) return { markdown: '', outcome: { ...base, attached: null } };
  const width = block.lastColumn! - block.firstColumn! + 1;
  const height = block.lastRow! - block.firstRow! + 1;
  // Only the rows the cell cap allows are built (one more, to know it is passed): a sheet that
  // declares a vast extent costs no more than a block at the cap.
  const buildable = Math.min(height, Math.floor(maxCells / width) + 1);
  const grid: string[][] = [];
  for (let row = block.firstRow!; row < block.firstRow! + buildable; row++) {
    const cells = kept.rows.get(row) ?? [];
    grid.push(Array.from({ length: width }, (_, i) => cells[i] ?? ''));
  }
  const heading = `## ${cellTargetLabel({ sheet: target.sheet, block })}`;
  const table = markdownTable(grid);
  const attached = formatBlock(block);
  const total = Buffer.byteLength(heading, 'utf8') + 2 + Buffer.byteLength(table, 'utf8');
  // Whole columns, rows or sheets run to the sheet's end by definition; a block written with an end past it is clamped.
  const clamped = window.lastRow > extent.rows && Number.isFinite(window.lastRow) ? true : window.lastColumn > extent.columns && Number.isFinite(window.lastColumn);
  if (buildable === height && total <= maxTextBytes && width * height <= maxCells) return { markdown: `${heading}\n\n${table}`, outcome: { ...base, attached, ...(clamped ? { clamped } : {}) } };
  // Rows that fit both caps, counted from the top (the header row, then the separator, then each row).
  const lines = table.split('\n');
  let bytes = Buffer.byteLength(heading, 'utf8') + 2 + Buffer.byteLength(lines[1] ?? '', 'utf8') + 1;
  let fits = 0;
  for (const [i, line] of lines.entries()) {
    if (i === 1) continue;
    bytes += Buffer.byteLength(line, 'utf8') + 1;
    if (bytes > maxTextBytes || (fits + 1) * width > maxCells) break;
    fits++;
  }
  return { markdown: '', outcome: { ...base, attached, cells: width * height, fitsRows: fits } };
}
