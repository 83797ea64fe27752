/** Small Markdown writers shared by the document extractors. */

/** A cell's text for a Markdown table: one line, pipes escaped. */
export function tableCell(text: string): string {
  // Most cells hold no newline, no pipe and no space at either end: they are kept as they are
  // without three passes over them (a 200,000-row workbook has a million cells; issue 27).
  if (text === '' || (!text.includes('\n') && !text.includes('|') && plainEnd(text.charCodeAt(0)) && plainEnd(text.charCodeAt(text.length - 1)))) return text;
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

/** A printable ASCII character other than the space: `trim` never removes it. */
function plainEnd(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/**
 * A GFM table built row by row: the first row is the header, rows are padded to the widest one.
 * Each row is kept as its line, not its cells, so a 66,000-row sheet does not hold a few hundred
 * thousand cell texts until its last row is read (they were most of what garbage collection copied;
 * issue 27). With `trim`, as {@link trimRows}: trailing empty cells of each row and trailing empty
 * rows are left out.
 */
export class MarkdownTableWriter {
  private readonly lines: string[] = [];
  /** Cells written on each line (the rest is padding, added at the end). */
  private readonly counts: number[] = [];
  private width = 0;
  /** The last line with a cell, when trimming. */
  private lastFilled = -1;
  private readonly texts: string[] = [];

  constructor(private readonly trim = false) {}

  add(cells: readonly string[]): void {
    let n = cells.length;
    if (this.trim) while (n > 0 && (cells[n - 1] ?? '').trim() === '') n--;
    const texts = this.texts;
    texts.length = n;
    for (let i = 0; i < n; i++) texts[i] = tableCell(cells[i] ?? '');
    this.lines.push(n === 0 ? '|' : `| ${texts.join(' | ')} |`);
    this.counts.push(n);
    if (n > 0) this.lastFilled = this.lines.length - 1;
    if (n > this.width) this.width = n;
  }

  /** The table, or '' when it has no row or no column. */
  finish(): string {
    const { lines, counts, width } = this;
    const rows = this.trim ? this.lastFilled + 1 : lines.length;
    if (rows === 0 || width === 0) return '';
    const out: string[] = [];
    for (let r = 0; r < rows; r++) {
      const missing = width - (counts[r] as number);
      out.push(missing > 0 ? (lines[r] as string) + '  |'.repeat(missing) : (lines[r] as string));
      if (r === 0) out.push(`| ${Array.from({ length: width }, () => '---').join(' | ')} |`);
    }
    return out.join('\n');
  }
}

/**
 * A GFM table from rows of cell texts; the first row is the header. Rows are padded to the widest
 * one. Empty input gives ''.
 */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  const writer = new MarkdownTableWriter();
  for (const row of rows) writer.add(row);
  return writer.finish();
}

/** Drops trailing empty cells of each row and trailing empty rows. */
export function trimRows(rows: string[][]): string[][] {
  const out = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1]!.trim() === '') end--;
    return end === row.length ? row : row.slice(0, end);
  });
  while (out.length > 0 && out[out.length - 1]!.length === 0) out.pop();
  return out;
}
