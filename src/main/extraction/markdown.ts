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
 * A GFM table from rows of cell texts; the first row is the header. Rows are padded to the widest
 * one. Empty input gives ''.
 */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  // Not Math.max(...): a sheet may hold more rows than a call takes arguments.
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  if (rows.length === 0 || width === 0) return '';
  const line = (cells: readonly string[]): string => {
    let out = '|';
    for (let i = 0; i < width; i++) out += ` ${tableCell(cells[i] ?? '')} |`;
    return out;
  };
  const [head, ...body] = rows;
  return [line(head!), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}

/** Drops trailing empty cells of each row and trailing empty rows. */
export function trimRows(rows: string[][]): string[][] {
  const out = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1]!.trim() === '') end--;
    return row.slice(0, end);
  });
  while (out.length > 0 && out[out.length - 1]!.length === 0) out.pop();
  return out;
}
