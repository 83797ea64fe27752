/**
 * A small pool of warm extraction workers, shared by every engine of the process. Starting a
 * worker and loading pdf.js, mammoth and the sheet reader costs more than reading most documents,
 * so workers are kept and reused; there are never more than the machine has cores (two at most),
 * since eight documents at once on two cores would only make each slower. A worker is replaced
 * after any failure or spent budget, when its memory after a job passes a high-water mark, and
 * after a number of jobs, so no one document can leave a mess for the next; one retired while it
 * still worked gets its successor at once (see `startSuccessor`). Idle workers end after a while
 * and never keep a CLI run alive.
 */
import { availableParallelism } from 'node:os';
import { isImageFormat } from '../../shared/documents';
import { MiB } from '../../shared/limits';
import type { DocumentFormat, ExtractionJob, ExtractionProgress, ExtractionResult } from './protocol';
import { WorkerSlot, type JobBudget } from './worker-slot';
import { extractionWorkerScript } from './worker-script';

/** How a pool starts and keeps its workers. */
export interface PoolOptions {
  /** Workers at most. Default: the cores, at most 2. */
  size?: number;
  /** The worker script; default {@link extractionWorkerScript}. */
  script?: string;
  /** V8 heap of each worker, MiB. Default {@link DEFAULT_EXTRACTION_MEMORY_MB}. */
  memoryMb?: number;
  /** Heap plus ArrayBuffer bytes past which a worker ends itself mid-job. Default 384 MiB. */
  memoryCapBytes?: number;
  /** Heap plus buffers after a job past which the worker is replaced. Default 160 MiB. */
  highWaterBytes?: number;
  /** Jobs after which a worker is replaced. Default 64. */
  maxJobsPerWorker?: number;
  /** Milliseconds an idle worker is kept. Default 60 s. */
  idleMs?: number;
}

/** Default V8 heap of an extraction worker: 256 MiB (buffers are capped apart, see memoryCapBytes). */
export const DEFAULT_EXTRACTION_MEMORY_MB = 256;

interface Waiting {
  start: (slot: WorkerSlot) => void;
  cancel: () => void;
}

/** Warm extraction workers (see the module comment). */
export class ExtractionPool {
  private readonly size: number;
  private readonly slots = new Set<WorkerSlot>();
  private readonly idle: WorkerSlot[] = [];
  private readonly queue: Waiting[] = [];
  private readonly idleTimers = new Map<WorkerSlot, NodeJS.Timeout>();
  private script: Promise<string> | null = null;

  constructor(private readonly options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  }

  /**
   * Starts the workers now and has them load every reader, so the first document does not wait
   * for it (the app calls this when a workspace with documents opens; the CLI as soon as it sees a
   * document in the message). Failures are left for the first job to report.
   */
  warm(count = this.size, formats?: DocumentFormat[]): void {
    void this.scriptPath().then(
      (script) => {
        while (this.slots.size < Math.min(count, this.size)) {
          const slot = this.spawn(script);
          slot.warm(formats);
          this.release(slot);
        }
      },
      () => undefined,
    );
  }

  /** Runs `job` in a warm worker under `budget`; never rejects. */
  async run(job: ExtractionJob, budget: JobBudget, onProgress?: (p: ExtractionProgress) => void, signal?: AbortSignal): Promise<ExtractionResult> {
    if (signal?.aborted) return { ok: false, problem: 'aborted', detail: '' };
    let script: string;
    try {
      script = await this.scriptPath();
    } catch (err) {
      return { ok: false, problem: 'failed', detail: err instanceof Error ? err.message : String(err) };
    }
    const slot = await this.acquire(script, signal);
    if (!slot) return { ok: false, problem: 'aborted', detail: '' };
    const outcome = await slot.run(job, budget, onProgress, signal);
    const retire =
      !slot.alive ||
      outcome.memory === null ||
      outcome.memory > (this.options.highWaterBytes ?? 160 * MiB) ||
      slot.jobs >= (this.options.maxJobsPerWorker ?? 64);
    if (!retire) {
      this.release(slot);
    } else {
      // Retired while it still worked (its jobs counted out, or its memory past the mark): if no
      // job took its place, a successor starts now. After a failure the next job starts its own.
      const worked = slot.alive;
      if (!this.drop(slot) && worked) this.startSuccessor(script, slot);
    }
    return outcome.result;
  }

  /** Ends every worker; later jobs start new ones. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots) slot.terminate();
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.slots.clear();
    this.idle.length = 0;
    this.idleTimers.clear();
  }

  /** Workers alive now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  /** Workers started since the pool was made (a reused worker counts once). */
  started = 0;

  /** Set by {@link close}: a worker retired afterwards is not replaced. Jobs still start workers. */
  private closed = false;

  private scriptPath(): Promise<string> {
    if (this.options.script) return Promise.resolve(this.options.script);
    this.script ??= extractionWorkerScript().catch((err: unknown) => {
      this.script = null;
      throw err;
    });
    return this.script;
  }

  private spawn(script: string): WorkerSlot {
    const slot = new WorkerSlot({
      script,
      memoryMb: this.options.memoryMb ?? DEFAULT_EXTRACTION_MEMORY_MB,
      memoryCapBytes: this.options.memoryCapBytes ?? 384 * MiB,
    });
    this.slots.add(slot);
    this.started += 1;
    return slot;
  }

  /** An idle worker, a new one while there are fewer than `size`, or the next to come free. */
  private acquire(script: string, signal?: AbortSignal): Promise<WorkerSlot | null> {
    while (this.idle.length > 0) {
      const slot = this.idle.pop()!;
      clearTimeout(this.idleTimers.get(slot));
      this.idleTimers.delete(slot);
      if (slot.alive) return Promise.resolve(slot);
      this.slots.delete(slot);
    }
    if (this.slots.size < this.size) return Promise.resolve(this.spawn(script));
    return new Promise((resolve) => {
      const waiting: Waiting = {
        start: (slot) => {
          signal?.removeEventListener('abort', waiting.cancel);
          resolve(slot);
        },
        cancel: () => {
          const at = this.queue.indexOf(waiting);
          if (at >= 0) this.queue.splice(at, 1);
          resolve(null);
        },
      };
      signal?.addEventListener('abort', waiting.cancel, { once: true });
      this.queue.push(waiting);
    });
  }

  /** A worker done with its job: to the next job waiting, or idle until one comes. */
  private release(slot: WorkerSlot): void {
    const next = this.queue.shift();
    if (next) return next.start(slot);
    this.idle.push(slot);
    const timer = setTimeout(() => {
      const at = this.idle.indexOf(slot);
      if (at >= 0) this.idle.splice(at, 1);
      this.idleTimers.delete(slot);
      this.drop(slot);
    }, this.options.idleMs ?? 60_000);
    timer.unref();
    this.idleTimers.set(slot, timer);
  }

  /**
   * A worker that must not be reused: ended, and a job waiting gets a fresh one. Whether one did:
   * the caller then starts no successor.
   */
  private drop(slot: WorkerSlot): boolean {
    slot.terminate();
    this.slots.delete(slot);
    const next = this.queue.shift();
    if (!next) return false;
    void this.scriptPath().then((script) => next.start(this.spawn(script)), () => next.cancel());
    return true;
  }

  /**
   * Starts the successor of `retired`, a worker retired while it still worked, loading the readers
   * of the document formats it had read. Why: a fresh worker spends about half a second, and 1-2 s
   * on a busy machine, starting and loading its readers, and without this the next document after
   * every 64th paid it (issue 27: a Word file after a pause, 437-524 ms against 80-84 ms with the
   * successor). Not the OCR engine: after a large image the grown engine is what retires its worker,
   * and loading it again (1.5-4 s of work and its models' memory) is left to the next image, if one
   * comes.
   */
  private startSuccessor(script: string, retired: WorkerSlot): void {
    if (this.closed || this.slots.size >= this.size) return;
    const successor = this.spawn(script);
    successor.warm([...retired.formatsRead].filter((f) => !isImageFormat(f)));
    this.release(successor);
  }
}
