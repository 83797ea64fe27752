/**
 * CSV and TSV files as one Markdown table (docs/contract.md "Cells and rows"): the first row is the
 * header and is always kept; a range counts the rows after it (`data.csv:1-200` is the header and
 * the first 200 data rows). Read in the extraction worker like any document (docs/decisions.md
 * "Table files"): the encoding is detected (text-encoding.ts), the bytes are decoded a chunk at a
 * time, and fields are read as RFC 4180 writes them (quoted fields may hold the delimiter, newlines
 * and `""`). Rows before the range are only scanned, never built; reading stops after the range's
 * last row, or once the table passes the byte limit (then `stoppedAt` names the first row that did
 * not fit, so a range that fits can be suggested).
 */
import { DocumentProblem } from './document-problem';
import { markdownTable } from './markdown';
import type { DocumentJob, DocumentOutput } from './protocol';
import { detectEncoding } from './text-encoding';

/** The reader named in citations. */
export const TABLE_EXTRACTOR = 'atmark-csv 1';

/** Characters decoded per step: the loop over the file's bytes goes a chunk at a time. */
const CHUNK_BYTES = 1024 * 1024;

/** Reads rows out of decoded text, a chunk at a time, keeping only those it is told to build. */
class RowReader {
  private field = '';
  private row: string[] = [];
  private quoted = false;
  /** After a closing quote: a second one is a literal `"`. */
  private quoteEnded = false;
  private atFieldStart = true;
  private rowHasText = false;
  /** Rows finished, the header included. */
  rows = 0;

  constructor(
    private readonly delimiter: string,
    /** Whether row `n` (0 = header) is built; others are only counted. */
    private readonly builds: (n: number) => boolean,
    /** Hears each built row; returns false to stop reading. */
    private readonly onRow: (n: number, cells: string[]) => boolean,
    /** Characters a built row may hold before it is handed over unfinished (it cannot fit anyway). */
    private readonly maxRowChars = Number.POSITIVE_INFINITY,
  ) {}

  private rowChars = 0;

  /** Reads `text`; returns false once told to stop. */
  push(text: string): boolean {
    let building = this.builds(this.rows);
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.quoted) {
        if (ch === '"') {
          this.quoted = false;
          this.quoteEnded = true;
        } else if (building) {
          this.field += ch;
          // One quoted field may run to the end of a huge file: past what could fit, stop building it.
          if (++this.rowChars > this.maxRowChars) return this.onRow(this.rows, [...this.row, this.field]);
        }
        continue;
      }
      if (ch === '"' && this.quoteEnded) {
        // `""` inside a quoted field: one quote, and the field stays quoted.
        if (building) this.field += '"';
        this.quoted = true;
        this.quoteEnded = false;
        continue;
      }
      this.quoteEnded = false;
      if (ch === '"' && this.atFieldStart) {
        this.quoted = true;
        this.atFieldStart = false;
        this.rowHasText = true;
      } else if (ch === this.delimiter) {
        if (building) this.row.push(this.field);
        this.field = '';
        this.atFieldStart = true;
        this.rowHasText = true;
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        if (!this.endRow(building)) return false;
        building = this.builds(this.rows);
      } else {
        if (building) {
          this.field += ch;
          if (++this.rowChars > this.maxRowChars) return this.onRow(this.rows, [...this.row, this.field]);
        }
        this.atFieldStart = false;
        this.rowHasText = true;
      }
    }
    return true;
  }

  /** The file ended: the last row, if it has no newline after it. */
  finish(): void {
    this.endRow(this.builds(this.rows));
  }

  private endRow(building: boolean): boolean {
    const blank = !this.rowHasText && this.field === '';
    const cells = building ? [...this.row, this.field] : [];
    this.row = [];
    this.field = '';
    this.atFieldStart = true;
    this.rowHasText = false;
    this.rowChars = 0;
    // Blank lines are not rows: a file ending in newlines, or a gap between blocks.
    if (blank) return true;
    const n = this.rows++;
    return building ? this.onRow(n, cells) : true;
  }
}

/** Extracts the header and the data rows in `job.range` of a CSV or TSV file. */
export async function extractTable(job: DocumentJob): Promise<DocumentOutput> {
  const { encoding, bom } = detectEncoding(job.bytes);
  const decoder = new TextDecoder(encoding);
  const start = job.range?.start ?? 1;
  const end = job.range?.end ?? Number.POSITIVE_INFINITY;
  const rows: string[][] = [];
  let bytes = 0;
  let stoppedAt: number | null = null;
  let reachedEnd = false;
  const reader = new RowReader(
    job.format === 'tsv' ? '\t' : ',',
    (n) => n === 0 || (n >= start && n <= end),
    (n, cells) => {
      bytes += cells.reduce((sum, c) => sum + Buffer.byteLength(c, 'utf8') + 3, 2);
      if (bytes > job.maxTextBytes) {
        stoppedAt = Math.max(n, 1);
        return false;
      }
      rows.push(cells);
      return n < end;
    },
    job.maxTextBytes,
  );
  let at = bom;
  for (; at < job.bytes.length; at += CHUNK_BYTES) {
    const chunk = job.bytes.subarray(at, Math.min(at + CHUNK_BYTES, job.bytes.length));
    if (encoding !== 'utf-16le' && encoding !== 'utf-16be' && chunk.includes(0)) throw new DocumentProblem('damaged', 'a NUL byte: not a text table');
    if (!reader.push(decoder.decode(chunk, { stream: true }))) break;
  }
  if (at >= job.bytes.length) {
    reader.push(decoder.decode());
    reader.finish();
    reachedEnd = true;
  }
  const dataRows = Math.max(0, reader.rows - 1);
  const last = Math.min(end, dataRows);
  const attached = rows.length > 1 ? `${start}-${start + rows.length - 2}` : null;
  const markdown = markdownTable(rows);
  return {
    kind: 'document',
    format: job.format,
    extractor: TABLE_EXTRACTOR,
    unit: 'row',
    unitCount: reachedEnd ? dataRows : null,
    parts: markdown && stoppedAt === null && rows.length > 1 ? [{ index: start, title: '', markdown }] : [],
    stoppedAt,
    notices: [],
    table: { sheet: '', extent: reachedEnd ? String(dataRows) : '', asked: job.range ? `${start}-${job.range.end}` : null, attached: last >= start ? attached : null, encoding },
  };
}

/** Rows after the header of a whole CSV or TSV file (for completion rows; blank lines are not rows). */
export function countRows(bytes: Uint8Array, format: 'csv' | 'tsv' | string): number {
  const { encoding, bom } = detectEncoding(bytes);
  const reader = new RowReader(format === 'tsv' ? '\t' : ',', () => false, () => true);
  reader.push(new TextDecoder(encoding).decode(bytes.subarray(bom)));
  reader.finish();
  return Math.max(0, reader.rows - 1);
}
