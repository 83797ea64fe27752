/**
 * Runs one extraction job in a fresh worker thread with a memory limit and a deadline. When the
 * deadline passes, or the caller's signal aborts, the worker is terminated: whatever the parser was
 * doing (a page of 100,000 nested elements, a compressed stream that never ends) stops with it, and
 * the thread that serves the window never waits on it.
 */
import { Worker } from 'node:worker_threads';
import type { ExtractionJob, ExtractionResult } from './protocol';
import { extractionWorkerScript } from './worker-script';

/** Options of {@link runExtraction}. */
export interface RunExtractionOptions {
  /** Milliseconds the job may take, worker start included; then the worker is terminated. */
  deadlineMs: number;
  /** Aborting it terminates the worker; the result is then `aborted`. */
  signal?: AbortSignal;
  /** Heap the worker may use, in MiB (V8's old generation). Default {@link DEFAULT_EXTRACTION_MEMORY_MB}. */
  memoryMb?: number;
  /** The worker script; default: {@link extractionWorkerScript}. */
  script?: string;
}

/** Default heap limit of an extraction worker: 512 MiB. */
export const DEFAULT_EXTRACTION_MEMORY_MB = 512;

/**
 * Extraction workers running at once in this process. Eight documents in one prompt would otherwise
 * start eight parsers of up to 512 MiB each on a two-core machine; the rest wait their turn, and the
 * wait counts against their deadline.
 */
export const MAX_CONCURRENT_EXTRACTIONS = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free slot; resolves false when `signal` aborts or `ms` pass first. */
function acquire(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (running < MAX_CONCURRENT_EXTRACTIONS) {
    running += 1;
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const grant = () => {
      cleanup();
      running += 1;
      resolve(true);
    };
    const giveUp = () => {
      cleanup();
      resolve(false);
    };
    const timer = setTimeout(giveUp, ms);
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', giveUp);
      const at = waiting.indexOf(grant);
      if (at >= 0) waiting.splice(at, 1);
    };
    signal?.addEventListener('abort', giveUp, { once: true });
    waiting.push(grant);
  });
}

function release(): void {
  running -= 1;
  waiting.shift()?.();
}

/** Runs `job` in a worker; never rejects: every failure is an `{ok: false}` value. */
export async function runExtraction(job: ExtractionJob, options: RunExtractionOptions): Promise<ExtractionResult> {
  const started = Date.now();
  if (options.signal?.aborted) return { ok: false, problem: 'aborted', detail: '' };
  let script: string;
  try {
    script = options.script ?? (await extractionWorkerScript());
  } catch (err) {
    return { ok: false, problem: 'failed', detail: err instanceof Error ? err.message : String(err) };
  }
  if (!(await acquire(options.deadlineMs - (Date.now() - started), options.signal))) {
    return { ok: false, problem: options.signal?.aborted ? 'aborted' : 'deadline', detail: '' };
  }
  try {
    const remaining = options.deadlineMs - (Date.now() - started);
    if (remaining <= 0) return { ok: false, problem: 'deadline', detail: '' };
    return await inWorker(script, job, remaining, options);
  } finally {
    release();
  }
}

function inWorker(script: string, job: ExtractionJob, ms: number, options: RunExtractionOptions): Promise<ExtractionResult> {
  const memoryMb = options.memoryMb ?? DEFAULT_EXTRACTION_MEMORY_MB;
  const worker = new Worker(script, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
    // The worker inherits no environment: nothing it parses can read tokens from it.
    env: {},
    stdout: true,
    stderr: true,
  });
  // Whatever a library prints is dropped, never shown or kept.
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<ExtractionResult>((resolve) => {
    let settled = false;
    const finish = (result: ExtractionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(result);
    };
    const onAbort = () => finish({ ok: false, problem: 'aborted', detail: '' });
    const timer = setTimeout(() => finish({ ok: false, problem: 'deadline', detail: '' }), ms);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (result: ExtractionResult) => finish(result));
    worker.once('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY' || /heap out of memory/i.test(err.message);
      finish({ ok: false, problem: memory ? 'memory' : 'failed', detail: err.message });
    });
    worker.once('exit', (code) => finish({ ok: false, problem: 'failed', detail: `the extraction worker stopped (exit ${code})` }));
  });
}
