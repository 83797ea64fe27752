import type { DocumentPart } from './protocol';

/**
 * Collects the units (pages, slides, sheets) of a document that fall in the range asked for, and
 * tells the extractor to stop once their Markdown passes the byte limit: what follows would not be
 * attached, and the units before the one that passed it name a range that fits.
 */
export class PartCollector {
  readonly parts: DocumentPart[] = [];
  stoppedAt: number | null = null;
  private bytes = 0;

  constructor(
    private readonly range: { start: number; end: number } | null,
    private readonly maxBytes: number,
  ) {}

  /** True when unit `index` (1-based) is in the range and extraction has not stopped. */
  wants(index: number): boolean {
    if (this.stoppedAt !== null) return false;
    if (!this.range) return true;
    return index >= this.range.start && index <= this.range.end;
  }

  /** True while more units could follow (not stopped, not past the range's end). */
  more(index: number): boolean {
    return this.stoppedAt === null && (!this.range || index <= this.range.end);
  }

  /** Adds a unit; returns false (and records where) once the Markdown passes the limit. */
  add(index: number, title: string, markdown: string): boolean {
    this.bytes += Buffer.byteLength(markdown, 'utf8') + 2;
    if (this.bytes > this.maxBytes) {
      this.stoppedAt = index;
      return false;
    }
    this.parts.push({ index, title, markdown });
    return true;
  }
}
