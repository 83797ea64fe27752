/**
 * One warm extraction worker: started once, it loads the readers (pdf.js, mammoth, the zip and
 * sheet readers) and then takes jobs one at a time. While a job runs the slot watches three
 * budgets and terminates the worker when one is spent: the worker's own CPU time (where the OS
 * reports it per thread), the time since a unit (page, slide, sheet) last finished, and an outer
 * wall-clock bound. A terminated or failed worker is never reused; the pool starts another.
 */
import { WorkerChannel, type ChannelError } from '../worker-channel';
import type { DocumentFormat, ExtractionJob, ExtractionProgress, ExtractionProtocol, ExtractionResult, JobProgress, SpentLimit } from './protocol';
import { threadCpuMs } from './thread-cpu';

/** The budgets one job runs under (see `extraction/budget.ts`). */
export interface JobBudget {
  /** CPU milliseconds of the worker's own thread; null: not counted (a Retry, or the OS cannot tell). */
  workMs: number | null;
  /** More work the job may do per unit it will read, once the worker says how many (pages of a PDF). */
  workPerUnitMs?: number;
  /** Wall-clock milliseconds without a finished unit (or, before the first, since the start). */
  idleMs: number;
  /** Wall-clock milliseconds for the whole job: the outer bound. */
  clockMs: number;
}

/** How a slot starts its worker. */
export interface SlotOptions {
  script: string;
  /** V8 heap of the worker, MiB. */
  memoryMb: number;
  /** Heap plus ArrayBuffer bytes past which the worker ends itself during a job. */
  memoryCapBytes: number;
}

/** How often the budgets are checked while a job runs. */
const CHECK_EVERY_MS = 100;

/** What a job gave, with the worker's memory after it (null when the worker did not survive it). */
export interface SlotOutcome {
  result: ExtractionResult;
  memory: number | null;
}

/** A worker thread that runs extraction jobs one after another. */
export class WorkerSlot {
  private readonly channel: WorkerChannel<ExtractionProtocol>;
  private tid: number | null = null;
  private readonly ready: Promise<void>;
  private ended = false;
  /** Jobs this worker has finished. */
  jobs = 0;
  /** The document formats it was given: what a successor loads ahead (pool.ts). */
  readonly formatsRead = new Set<DocumentFormat>();

  constructor(options: SlotOptions) {
    this.channel = new WorkerChannel<ExtractionProtocol>(options.script, {
      label: 'extraction worker',
      worker: {
        workerData: { memoryCapBytes: options.memoryCapBytes },
        resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
        // The worker inherits no environment: nothing it parses can read tokens from it.
        env: {},
        // Piped, never read: the worker prints nothing (worker-quiet.ts), and nothing it might print
        // reaches the person's terminal or the CLI's output.
        stdout: true,
        stderr: true,
      },
    });
    // A worker that dies before its hello is found dead by `run`.
    this.ready = this.channel.hello.then(
      (hello) => void (this.tid = hello.tid),
      () => undefined,
    );
  }

  /** False once the worker was terminated, failed or exited: the pool drops the slot. */
  get alive(): boolean {
    return !this.ended && this.channel.dead === null;
  }

  /** Asks the worker to load the readers of `formats` (default all) now, so the first document does not wait for them. */
  warm(formats?: DocumentFormat[]): void {
    this.channel.notify({ type: 'warm', ...(formats ? { formats } : {}) });
  }

  /** Ends the worker (whatever it is doing). */
  terminate(): void {
    this.ended = true;
    void this.channel.terminate();
  }

  /**
   * Runs `job` under `budget`. `signal` aborting terminates the worker (the caller's result is then
   * `aborted`); `onProgress` hears each finished unit. Never rejects.
   */
  async run(job: ExtractionJob, budget: JobBudget, onProgress?: (p: ExtractionProgress) => void, signal?: AbortSignal): Promise<SlotOutcome> {
    if (job.kind === 'document') this.formatsRead.add(job.format);
    // Busy from here: the process waits for this job (idle, it never keeps a CLI run alive).
    this.channel.ref();
    await this.ready;
    if (!this.alive) return { result: deathResult(this.channel.dead), memory: null };
    const started = Date.now();
    // Counted from the worker's 'started': loading a reader is not the document's work.
    let cpuAtStart: number | null = null;
    let workMs = budget.workMs;
    let lastUnitAt = started;
    let progress: ExtractionProgress | undefined;
    return new Promise<SlotOutcome>((resolve) => {
      let over = false;
      const finish = (outcome: SlotOutcome, kill: boolean) => {
        if (over) return;
        over = true;
        clearInterval(timer);
        signal?.removeEventListener('abort', onAbort);
        if (kill) this.terminate();
        else {
          this.jobs += 1;
          this.channel.unref();
        }
        resolve(outcome);
      };
      const spent = (limit: SpentLimit) =>
        finish({ result: { ok: false, problem: 'deadline', detail: `${limit.clock} budget of ${limit.ms} ms spent`, limit, ...(progress ? { progress } : {}) }, memory: null }, true);
      const onAbort = () => finish({ result: { ok: false, problem: 'aborted', detail: '' }, memory: null }, true);
      const check = () => {
        const now = Date.now();
        if (now - started > budget.clockMs) return spent({ clock: 'clock', ms: budget.clockMs });
        if (now - lastUnitAt > budget.idleMs) return spent({ clock: 'idle', ms: budget.idleMs });
        if (workMs !== null && cpuAtStart !== null && this.tid !== null) {
          const cpu = threadCpuMs(this.tid);
          if (cpu !== null && cpu - cpuAtStart > workMs) return spent({ clock: 'work', ms: workMs });
        }
      };
      const onJobProgress = (message: JobProgress) => {
        if (message.type === 'started') {
          if (this.tid !== null) cpuAtStart = threadCpuMs(this.tid);
          return;
        }
        // The first report names how many units the job will read: the work budget grows with them.
        if (progress === undefined && message.progress.total !== null && workMs !== null && budget.workPerUnitMs) {
          workMs += budget.workPerUnitMs * message.progress.total;
        }
        if (message.progress.done > (progress?.done ?? 0)) lastUnitAt = Date.now();
        progress = message.progress;
        onProgress?.(message.progress);
      };
      const timer = setInterval(check, CHECK_EVERY_MS);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) return onAbort();
      // The document's bytes move to the worker instead of being copied, when they own their buffer.
      const bytes = job.kind === 'document' ? job.bytes : null;
      const transfer = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
      this.channel.request(job, { onProgress: onJobProgress, transfer }).then(
        (answer) => finish(answer, false),
        (err: ChannelError) => finish({ result: jobFailure(err), memory: null }, true),
      );
    });
  }
}

/** A job the worker did not answer: out of memory (its heap limit, or its own cap on heap and buffers), or a failure. */
function jobFailure(err: ChannelError): ExtractionResult {
  const memory = err.code === 'memory' || err.code === 'out-of-memory';
  return { ok: false, problem: memory ? 'memory' : 'failed', detail: err.message };
}

/** Why a worker that died before its job was given it: what it died of, when it threw; else it did not start. */
function deathResult(death: ChannelError | null): ExtractionResult {
  if (death && death.code !== 'exited') return jobFailure(death);
  return { ok: false, problem: 'failed', detail: 'the extraction worker did not start' };
}
