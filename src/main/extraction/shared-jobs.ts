/**
 * Extraction jobs shared between the expansions that ask for the same document. While a person
 * types, each keystroke starts a new expansion and cancels the last; a document that takes two
 * seconds to read would never finish if each cancel killed its worker. So a caller that gives up
 * only leaves: the job runs on under its own budgets for a few seconds, a later caller asking for
 * the same bytes, format, range and limits joins it (and hears its progress), and its result is
 * kept a little while for a caller that comes just after. A job nobody rejoins within
 * {@link REJOIN_MS} is cancelled. Only outcomes that would come out the same again are
 * kept (a text, a damaged or encrypted file), never a spent budget or a failure.
 */
import { createHash } from 'node:crypto';
import type { ExtractionJob, ExtractionProgress, ExtractionResult } from './protocol';
import type { ExtractionPool } from './pool';
import type { JobBudget } from './worker-slot';

/** Results kept after their job ends, for a caller that comes just after: 16, for 30 s. */
const KEPT = 16;
const KEEP_MS = 30_000;
/** How long a job every caller left runs on, waiting to be rejoined: longer than typing pauses. */
export const REJOIN_MS = 5_000;

interface Flight {
  result: Promise<ExtractionResult>;
  listeners: Set<(p: ExtractionProgress) => void>;
  last: ExtractionProgress | null;
  callers: number;
  cancel: AbortController;
  orphaned: NodeJS.Timeout | null;
}

/**
 * The identity of a job: what it reads and every figure that changes its outcome. `bytesSha256`,
 * the document's digest when the caller has it already, stands for its bytes (a 50 MB file is
 * hashed once, not once for its citation and again here).
 */
export function jobKey(job: ExtractionJob, budget: JobBudget, bytesSha256?: string): string {
  const hash = createHash('sha256');
  if (job.kind === 'document') {
    hash.update(bytesSha256 ?? createHash('sha256').update(job.bytes).digest('hex'));
    hash.update(JSON.stringify([job.format, job.range, job.maxTextBytes, job.maxInflatedBytes, job.cells ?? null]));
  } else {
    hash.update(job.html);
    hash.update(JSON.stringify([job.url, job.maxTextBytes]));
  }
  // A patient read (Retry) never joins a budgeted one: it exists to get more time.
  hash.update(budget.workMs === null ? 'patient' : `work ${budget.workMs}`);
  return hash.digest('hex');
}

function keepable(result: ExtractionResult): boolean {
  return result.ok || ['encrypted', 'distribution', 'damaged', 'bomb', 'no-text-layer', 'unsupported'].includes(result.problem);
}

/** Runs jobs on a pool, one run per distinct job however many callers ask (see the module comment). */
export class SharedJobs {
  private readonly flights = new Map<string, Flight>();
  private readonly kept = new Map<string, { result: ExtractionResult; at: number }>();

  /** Jobs started on the pool (callers that joined one, or got a kept result, start none). */
  runs = 0;

  constructor(readonly pool: ExtractionPool) {}

  /** The job's result; resolves `aborted` as soon as `signal` aborts, leaving the job to others. */
  run(job: ExtractionJob, budget: JobBudget, onProgress?: (p: ExtractionProgress) => void, signal?: AbortSignal, bytesSha256?: string): Promise<ExtractionResult> {
    if (signal?.aborted) return Promise.resolve({ ok: false, problem: 'aborted', detail: '' });
    const key = jobKey(job, budget, bytesSha256);
    const done = this.kept.get(key);
    if (done && Date.now() - done.at < KEEP_MS) return Promise.resolve(done.result);
    let flight = this.flights.get(key);
    if (!flight) {
      const started: Flight = { result: Promise.resolve(null as never), listeners: new Set(), last: null, callers: 0, cancel: new AbortController(), orphaned: null };
      started.result = this.pool
        .run(
          job,
          budget,
          (p) => {
            started.last = p;
            for (const listener of started.listeners) listener(p);
          },
          started.cancel.signal,
        )
        .then((result) => {
          if (started.orphaned) clearTimeout(started.orphaned);
          this.flights.delete(key);
          if (keepable(result)) this.keep(key, result);
          return result;
        });
      this.flights.set(key, started);
      this.runs += 1;
      flight = started;
    }
    const current = flight;
    current.callers += 1;
    if (current.orphaned) {
      clearTimeout(current.orphaned);
      current.orphaned = null;
    }
    if (onProgress) {
      current.listeners.add(onProgress);
      if (current.last) onProgress(current.last);
    }
    return new Promise<ExtractionResult>((resolve) => {
      const leave = () => {
        if (onProgress) current.listeners.delete(onProgress);
        current.callers -= 1;
        if (current.callers === 0) {
          current.orphaned = setTimeout(() => current.cancel.abort(), REJOIN_MS);
          current.orphaned.unref();
        }
        resolve({ ok: false, problem: 'aborted', detail: '' });
      };
      signal?.addEventListener('abort', leave, { once: true });
      void current.result.then((result) => {
        signal?.removeEventListener('abort', leave);
        if (onProgress) current.listeners.delete(onProgress);
        resolve(result);
      });
    });
  }

  private keep(key: string, result: ExtractionResult): void {
    this.kept.delete(key);
    this.kept.set(key, { result, at: Date.now() });
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
  }
}
