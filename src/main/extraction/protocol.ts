/**
 * The plain values that cross into and out of the extraction worker: a job (a page's HTML or a
 * document's bytes) and its outcome. Nothing here holds a class instance, so `postMessage` and
 * `workerData` carry it unchanged.
 */

import type { CellTarget } from '../../shared/cells';
import type { DocumentFormat, DocumentUnit, UnitProgress } from '../../shared/documents';

export type { DocumentFormat, DocumentUnit };

/** Reduce an HTML page to its main content as Markdown (see `net/extract.ts`). */
export interface PageJob {
  kind: 'page';
  html: string;
  url: string;
  /** Article text past which no Markdown is made. */
  maxTextBytes: number;
}

/** Turn a document's bytes into Markdown, unit by unit. */
export interface DocumentJob {
  kind: 'document';
  bytes: Uint8Array;
  format: DocumentFormat;
  /** First and last unit wanted (1-based, inclusive); null for the whole document. */
  range: { start: number; end: number } | null;
  /**
   * UTF-8 bytes of Markdown past which extraction stops: the text would not be attached anyway,
   * and the units extracted so far are enough to name a range that fits.
   */
  maxTextBytes: number;
  /** Bytes all entries of a zip-based document may inflate to, together. */
  maxInflatedBytes: number;
  /** A workbook's sheet and block, by name (`'売上 2026'!A1:D20`); replaces `range` when set. */
  cells?: CellTarget;
}

export type ExtractionJob = PageJob | DocumentJob;

/** The page's article (see `ExtractedPage`). */
export interface PageOutput {
  kind: 'page';
  title: string;
  markdown: string;
  textBytes: number;
  tooLarge: boolean;
}

/** One page, slide or sheet as Markdown. */
export interface DocumentPart {
  /** 1-based position in the document. */
  index: number;
  /** A slide's title or a sheet's name, when it has one. */
  title: string;
  markdown: string;
}

/** What a document gave. */
export interface DocumentOutput {
  kind: 'document';
  format: DocumentFormat;
  /** The library that read it, with its version: `pdfjs-dist 5.6.205`. */
  extractor: string;
  unit: DocumentUnit;
  /** Pages, slides or sheets the document has; null when the format does not say (Word has no pages). */
  unitCount: number | null;
  /** The units extracted, in order, within the range asked for. */
  parts: DocumentPart[];
  /**
   * Set when extraction stopped because the Markdown passed `maxTextBytes`: the unit at which it
   * did. The units before it fit.
   */
  stoppedAt: number | null;
  /** What was left out on purpose, as problem codes (see `DocumentNotice`). */
  notices: DocumentNotice[];
  /** PDF pages among `parts` with no text layer (scanned images, most likely). */
  emptyPages?: number[];
  /** For an image: its declared size and the OCR's mean word confidence (0–100). */
  image?: { width: number; height: number; confidence: number };
  /** For a block of cells (`cells` in the job) or rows of a table file: what was asked and attached. */
  table?: TableOutcome;
}

/**
 * What a block of cells or rows came to (extraction/cell-block.ts, csv.ts). Blocks are written as
 * spreadsheets write them (`A1:D12`); a table file's are rows (`1-200`, after the header).
 */
export interface TableOutcome {
  /** The sheet read, as the workbook names it; '' for a table file. */
  sheet: string;
  /** What the sheet or file holds: `A1:D12` (a workbook), the count of rows after the header (a table file); '' when empty. */
  extent: string;
  /** The block or rows asked for, or null for all of it. */
  asked: string | null;
  /** The block or rows attached (clamped to the extent), or null when what was asked lies outside it, or there is no such sheet. */
  attached: string | null;
  /** True when the block asked for runs past what the sheet holds, so less was attached. */
  clamped?: boolean;
  /** Set when the sheet asked for is not there: every sheet's name, in order. */
  sheets?: string[];
  /** Set when the block passes the caps: its cells, and how many of its rows (from its first) would fit. */
  cells?: number;
  fitsRows?: number;
  /** A table file's encoding as detected (`utf-8`, `shift_jis`, `euc-kr`, `utf-16le`), and its delimiter. */
  encoding?: string;
}

/** Things a document held that were deliberately not read. */
export type DocumentNotice = 'macros' | 'embedded' | 'external-links' | 'images';

export type ExtractionOutput = PageOutput | DocumentOutput;

/** Why an extraction gave no output. */
export type ExtractionProblem =
  | 'deadline'
  | 'memory'
  | 'encrypted'
  /** An HWP distribution document (배포용): its author locked its text against copying. */
  | 'distribution'
  | 'damaged'
  | 'bomb'
  | 'no-text-layer'
  /** An image declares more pixels than may be decoded (see `image-header.ts`). */
  | 'too-many-pixels'
  | 'unsupported'
  /** A mail past the structure caps (extraction/mail-limits.ts): too many parts, too deep. */
  | 'structure'
  | 'aborted'
  | 'failed';

/** The outcome, as the worker posts it. */
export type ExtractionResult =
  | { ok: true; output: ExtractionOutput }
  | { ok: false; problem: ExtractionProblem; detail: string; progress?: ExtractionProgress; limit?: SpentLimit };

/** Which budget a job that was stopped for time ran out of (see `extraction/budget.ts`). */
export interface SpentLimit {
  /** `work`: the worker's own CPU time; `idle`: no unit finished for that long; `clock`: the outer wall-clock bound. */
  clock: 'work' | 'idle' | 'clock';
  ms: number;
}

/** How far a document's extraction has come (see `UnitProgress`). */
export type ExtractionProgress = UnitProgress;

/** What a job reports on its way: its reader is loaded and its own work begins (from here its CPU time counts), or a unit finished. */
export type JobProgress = { type: 'started' } | { type: 'units'; progress: ExtractionProgress };

/**
 * The extraction worker's protocol, inside the worker channel's envelopes (src/main/worker-channel).
 * The worker says hello with its OS thread id, by which its CPU time is read (null where unknown);
 * answers each job with its outcome and the heap and buffer bytes it holds after it; and fails a job
 * with the code `memory` when its heap and buffers passed their cap (it ends itself after that).
 */
export interface ExtractionProtocol {
  request: ExtractionJob;
  response: { result: ExtractionResult; memory: number };
  progress: JobProgress;
  hello: { tid: number | null };
  /** Load the readers of `formats` (default all) now, before the first document. */
  toWorker: { type: 'warm'; formats?: DocumentFormat[] };
  fromWorker: never;
}
