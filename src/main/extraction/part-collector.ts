import type { DocumentUnit } from '../../shared/documents';
import type { DocumentPart, ExtractionProgress } from './protocol';

/** Hears a document's progress (see {@link PartCollector}). */
export type ProgressListener = (progress: ExtractionProgress) => void;

/**
 * Collects the units (pages, slides, sheets) of a document that fall in the range asked for, and
 * tells the extractor to stop once their Markdown passes the byte limit: what follows would not be
 * attached, and the units before the one that passed it name a range that fits. It also reports
 * progress: how many units it will read once the extractor knows the count, then each one done.
 */
export class PartCollector {
  readonly parts: DocumentPart[] = [];
  stoppedAt: number | null = null;
  private bytes = 0;
  private total: number | null = null;

  constructor(
    private readonly range: { start: number; end: number } | null,
    private readonly maxBytes: number,
    private readonly unit: DocumentUnit = 'page',
    private readonly onProgress?: ProgressListener,
  ) {}

  /** The document has `count` units: reports how many of them the range will read. */
  expect(count: number): void {
    const start = this.range?.start ?? 1;
    const end = Math.min(count, this.range?.end ?? count);
    this.total = Math.max(0, end - start + 1);
    this.onProgress?.({ done: 0, total: this.total, unit: this.unit });
  }

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
    this.onProgress?.({ done: this.parts.length, total: this.total, unit: this.unit });
    return true;
  }
}
