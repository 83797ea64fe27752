/**
 * What HWP 5 and HWPX share once their containers are opened: a paragraph's role comes from its
 * paragraph shape ("heading type": outline, number or bullet, with a level) or, failing that, from
 * its style's name ("개요 1" / "Outline 1"), and a section becomes Markdown the same way for both.
 * Outline paragraphs become headings, numbered and bulleted ones list items, tables GFM tables.
 */
import { markdownTable, trimRows } from './markdown';
import { appendAll } from '../../shared/append-all';

/** A paragraph shape's heading type, as both formats store it. */
export interface HwpHeading {
  type: 'none' | 'outline' | 'number' | 'bullet';
  /** 0-based level (HWP has up to 10 outline levels; Markdown keeps 6). */
  level: number;
}

/** One block of a section, in document order. */
export type HwpBlock =
  | { kind: 'text'; text: string; heading: HwpHeading }
  | { kind: 'table'; rows: string[][] };

/** A table's cells at most (rows × columns declared): more is refused as a grid and read row by row. */
export const MAX_TABLE_CELLS = 100_000;

/** Nesting of tables in cells and text boxes followed at most; deeper content is read as plain text. */
export const MAX_NESTING = 8;

const NO_HEADING: HwpHeading = { type: 'none', level: 0 };

/** The heading type of a style that says it is an outline level by name ("개요 2", "Outline 2"). */
export function headingOfStyleName(name: string, engName: string): HwpHeading {
  const m = /^(?:개요|Outline)\s*(\d+)$/i.exec(engName.trim()) ?? /^(?:개요|Outline)\s*(\d+)$/i.exec(name.trim());
  return m ? { type: 'outline', level: Math.max(0, Number(m[1]) - 1) } : NO_HEADING;
}

/** The heading a paragraph takes: its shape's, or else its style's. */
export function headingOf(shape: HwpHeading | undefined, style: HwpHeading | undefined): HwpHeading {
  if (shape && shape.type !== 'none') return shape;
  return style ?? NO_HEADING;
}

/**
 * Lays out cells by their addresses (a merged cell's text sits in its first row and column, the
 * cells it covers stay empty). A grid too large or addresses outside it: cells row by row as given.
 */
export function gridOf(cells: readonly { row: number; col: number; text: string }[], rowCount: number, colCount: number): string[][] {
  const addressed = rowCount > 0 && colCount > 0 && rowCount * colCount <= MAX_TABLE_CELLS && cells.every((c) => c.row >= 0 && c.col >= 0 && c.row < rowCount && c.col < colCount);
  if (!addressed) {
    const rows: string[][] = [];
    let last = -1;
    for (const c of cells) {
      if (rows.length === 0 || c.row !== last) rows.push([]);
      last = c.row;
      rows[rows.length - 1]!.push(c.text);
    }
    return trimRows(rows);
  }
  const rows = Array.from({ length: rowCount }, () => Array.from({ length: colCount }, () => ''));
  for (const c of cells) rows[c.row]![c.col] = c.text;
  return trimRows(rows);
}

/** The Markdown of a section's blocks: headings, list items (consecutive ones as one list), paragraphs and tables. */
export function sectionMarkdown(blocks: readonly HwpBlock[]): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(list.join('\n'));
    list = [];
  };
  for (const block of blocks) {
    if (block.kind === 'table') {
      flush();
      // A one-column table is a box around text (a 1×1 table is how Hangul users frame a note, and
      // forms stack labels so): its cells read as paragraphs, not as a table with a false header.
      if (block.rows.every((row) => row.length <= 1)) appendAll(out, block.rows.map((row) => (row[0] ?? '').trim()).filter(Boolean));
      else {
        const table = markdownTable(block.rows);
        if (table) out.push(table);
      }
      continue;
    }
    // Spaces that align text on the printed page (common in official forms) only cost tokens.
    const text = block.text.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/ {2,}/g, ' ').trim();
    if (!text) continue;
    const { type, level } = block.heading;
    if (type === 'number' || type === 'bullet') {
      list.push(`${'  '.repeat(Math.min(level, 9))}${type === 'number' ? '1.' : '-'} ${text.replace(/\n/g, ' ')}`);
      continue;
    }
    flush();
    if (type === 'outline') out.push(`${'#'.repeat(Math.min(level + 1, 6))} ${text.replace(/\n/g, ' ')}`);
    else out.push(text.replace(/\n/g, '  \n'));
  }
  flush();
  return out.join('\n\n');
}
