/**
 * The thread that starts a worker, and talks to it: one pending map, one id space, one way to
 * cancel and one way to hear that the worker died, for every worker Atmark runs (the engine, the
 * workspace index, the extraction pool's slots). Each worker keeps only its typed protocol (see
 * wire.ts); what it does with a spent budget or a dead worker stays with it.
 */
import { Worker, type Transferable, type WorkerOptions } from 'node:worker_threads';
import { ChannelError, isOutOfMemory } from './channel-error';
import { trackForHeapReport } from './heap-report';
import type { ChannelProtocol, FromWorkerWire, ToWorkerWire } from './wire';

/** How a channel starts its worker. */
export interface ChannelOptions<P extends ChannelProtocol> {
  /** Names the worker in its errors: "the `label` stopped (exit 1)". */
  label: string;
  /** Passed to the Worker as they are: `workerData`, `resourceLimits`, `env`, `stdout`… */
  worker?: WorkerOptions;
  /** Hears the worker's notices (events that belong to no request). */
  onNotice?: (notice: P['fromWorker']) => void;
}

/** How one request is made. */
export interface RequestOptions<P extends ChannelProtocol> {
  /** Hears each progress report the worker sends for this request. */
  onProgress?: (progress: P['progress']) => void;
  /**
   * Cancels the request. `reject` (default): the worker is told, and the promise rejects now with
   * the signal's reason (a late answer is dropped). `ask`: the worker is told, and the promise
   * settles with whatever the worker answers (an engine answers a cancelled expansion with what it has).
   */
  signal?: AbortSignal;
  onAbort?: 'reject' | 'ask';
  /** Milliseconds to wait for the answer; then the worker is told to cancel and the request rejects `deadline`. None by default. */
  deadlineMs?: number;
  /** Buffers moved to the worker instead of copied. */
  transfer?: readonly Transferable[];
  /**
   * A request the worker answers at once (an expansion with no reference): the worker's own work (a
   * warm-up) gives way to it, as to every request (`requestsPending`), but is not put off until
   * a quiet spell because of it (the worker's handler reads `RequestContext.light`).
   */
  light?: boolean;
}

interface Pending<P extends ChannelProtocol> {
  resolve: (response: P['response']) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: P['progress']) => void;
}

/** One worker thread and the requests waiting on it (see the module comment). */
export class WorkerChannel<P extends ChannelProtocol> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending<P>>();
  private nextId = 1;
  private death: ChannelError | null = null;
  /**
   * Requests sent that the worker has not taken up yet, in memory both threads share: the worker
   * reads it in the middle of synchronous work, where no message can reach it (requestsPending).
   */
  private readonly waiting = new Int32Array(new SharedArrayBuffer(4));
  /** Resolves with the worker's hello; rejects with why it died before saying it. */
  readonly hello: Promise<P['hello']>;

  constructor(script: string | URL, private readonly options: ChannelOptions<P>) {
    this.worker = new Worker(script, withYoungGeneration(options.worker));
    trackForHeapReport(this.worker, options.label);
    let greet: (hello: P['hello']) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    this.hello = new Promise<P['hello']>((resolve, reject) => {
      greet = resolve;
      fail = reject;
    });
    // A worker that never says hello (the index's) must not leave a rejection nobody handles.
    this.hello.catch(() => undefined);
    this.worker.on('message', (message: FromWorkerWire<P>) => {
      if (message.ch === 'hello') greet(message.body);
      else if (message.ch === 'notice') options.onNotice?.(message.body);
      else this.answer(message);
    });
    this.send({ ch: 'waiting', counter: this.waiting.buffer as SharedArrayBuffer });
    this.worker.on('error', (err: Error) => this.die(new ChannelError(isOutOfMemory(err) ? 'out-of-memory' : 'crashed', err.message)));
    this.worker.on('exit', (code) => {
      this.die(new ChannelError('exited', `the ${options.label} stopped (exit ${code})`));
      fail(this.death!);
    });
    // Last: attaching a 'message' listener refs the worker again, and an idle worker must never
    // keep the process alive (the CLI's and the host's exit depend on it). A caller that must be
    // waited for says so with `ref()`.
    this.worker.unref();
  }

  /** Why the worker is dead (the first reason seen), or null while it lives. */
  get dead(): ChannelError | null {
    return this.death;
  }

  /**
   * Sends `body` and resolves with the worker's response. Rejects with a {@link ChannelError}
   * (`deadline`, a death, or the worker's own code), or with the signal's reason (see `onAbort`).
   */
  request(body: P['request'], options: RequestOptions<P> = {}): Promise<P['response']> {
    if (this.death) return Promise.reject(this.death);
    const { signal } = options;
    if (signal?.aborted && options.onAbort !== 'ask') return Promise.reject(signal.reason);
    const id = this.nextId++;
    return new Promise<P['response']>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        this.send({ ch: 'cancel', id });
        if (options.onAbort === 'ask') return;
        if (!this.pending.delete(id)) return;
        settle();
        reject(signal!.reason);
      };
      this.pending.set(id, {
        resolve: (response) => (settle(), resolve(response)),
        reject: (error) => (settle(), reject(error)),
        onProgress: options.onProgress,
      });
      if (options.deadlineMs !== undefined) {
        timer = setTimeout(() => this.reject(id, new ChannelError('deadline', `the ${this.options.label} did not answer within ${options.deadlineMs} ms`)), options.deadlineMs);
        timer.unref();
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      Atomics.add(this.waiting, 0, 1);
      this.send({ ch: 'request', id, body, ...(options.light ? { light: true as const } : {}) }, options.transfer);
      if (signal?.aborted) onAbort();
    });
  }

  /** Sends a notice that belongs to no request (warm up, close). Dropped once the worker is dead. */
  notify(body: P['toWorker']): void {
    if (!this.death) this.send({ ch: 'notice', body });
  }

  /** Keeps the process alive while the worker runs (a job someone waits for). */
  ref(): void {
    this.worker.ref();
  }

  /** Lets the process end even though the worker runs (idle). */
  unref(): void {
    this.worker.unref();
  }

  /** Ends the worker whatever it does; its 'exit' fails the requests still waiting. */
  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  /** Fails every waiting request with `closed` and `message`, then ends the worker. */
  async close(message: string): Promise<void> {
    this.die(new ChannelError('closed', message));
    await this.worker.terminate();
  }

  private send(message: ToWorkerWire<P>, transfer?: readonly Transferable[]): void {
    this.worker.postMessage(message, transfer);
  }

  private answer(message: Exclude<FromWorkerWire<P>, { ch: 'hello' | 'notice' }>): void {
    if (message.ch === 'progress') return this.pending.get(message.id)?.onProgress?.(message.body);
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.ch === 'response') waiting?.resolve(message.body);
    else waiting?.reject(new ChannelError(message.code, message.message));
  }

  private reject(id: number, error: ChannelError): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    this.send({ ch: 'cancel', id });
    waiting.reject(error);
  }

  private die(error: ChannelError): void {
    this.death ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * The young generation a worker gets unless its caller chose one, in MiB. V8's default lets each
 * thread's young generation grow to 48 MiB, and a busy worker keeps it: with the engine's and the
 * index's threads that was about 100 MiB of the host's 540 on the 120k bench workspace (issue 27).
 * Overridden by ATMARK_WORKER_YOUNG_MB (benches comparing sizes).
 */
export const WORKER_YOUNG_GENERATION_MB = Number(process.env.ATMARK_WORKER_YOUNG_MB) || 8;

/** `options` with {@link WORKER_YOUNG_GENERATION_MB} as the young generation's limit when none is set. */
function withYoungGeneration(options: WorkerOptions = {}): WorkerOptions {
  if (options.resourceLimits?.maxYoungGenerationSizeMb !== undefined) return options;
  return { ...options, resourceLimits: { ...options.resourceLimits, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
}
