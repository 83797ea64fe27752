/**
 * The one way main-process code runs an extraction: in a warm worker of the process's pool (see
 * pool.ts), shared with other callers asking for the same job (shared-jobs.ts), under budgets that
 * count the worker's work (budget.ts). Whatever the parser does (a page of 100,000 nested elements,
 * a compressed stream that never ends), the thread that serves the window never waits on it: a spent
 * budget terminates the worker.
 */
import { ExtractionPool } from './pool';
import type { DocumentFormat, ExtractionJob, ExtractionProgress, ExtractionResult } from './protocol';
import { SharedJobs } from './shared-jobs';
import type { JobBudget } from './worker-slot';

export { DEFAULT_EXTRACTION_MEMORY_MB } from './pool';
export type { JobBudget } from './worker-slot';

/** Options of {@link runExtraction}. */
export interface RunExtractionOptions {
  /** The budgets the job runs under (see `documentBudget`). */
  budget: JobBudget;
  /** Aborting it resolves `aborted` at once; the job itself runs on a few seconds for a caller that asks again. */
  signal?: AbortSignal;
  /** Hears each finished page, slide or sheet. */
  onProgress?: (p: ExtractionProgress) => void;
  /** The jobs to run on; default the process's {@link sharedExtraction}. */
  jobs?: SharedJobs;
  /** The document's sha256 when the caller already has it (for its citation): not hashed again. */
  bytesSha256?: string;
}

let shared: SharedJobs | null = null;

/**
 * The process's extraction workers: one pool, whatever the number of engines (the app keeps one
 * per context length and session), so documents never run on more workers than there are cores.
 */
export function sharedExtraction(): SharedJobs {
  shared ??= new SharedJobs(new ExtractionPool());
  return shared;
}

/**
 * Starts up to `count` of the process's extraction workers and has them load the readers of
 * `formats` (default all; see `ExtractionPool.warm`).
 */
export function warmExtraction(count = 1, formats?: DocumentFormat[]): void {
  sharedExtraction().pool.warm(count, formats);
}

/** Runs `job`; never rejects: every failure is an `{ok: false}` value. */
export function runExtraction(job: ExtractionJob, options: RunExtractionOptions): Promise<ExtractionResult> {
  return (options.jobs ?? sharedExtraction()).run(job, options.budget, options.onProgress, options.signal, options.bytesSha256);
}
