/**
 * The worker's side of a channel: requests in, each with its own AbortSignal; progress, responses
 * and coded errors out. A worker's entry hands its handlers to {@link serveChannel} and keeps only
 * what its protocol does.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { ChannelError } from './channel-error';
import { idleCollector, IDLE_COLLECT_MS } from './idle-collect';
import type { ChannelProtocol, FromWorkerWire, ToWorkerWire } from './wire';

/** What a handler is given with each request. */
export interface RequestContext<P extends ChannelProtocol> {
  /** The request's id: a worker that must fail it from outside the handler passes it to `fail`. */
  id: number;
  /** Aborted when the caller cancels. */
  signal: AbortSignal;
  /** Reports progress to the caller. */
  progress(body: P['progress']): void;
  /** Sent as light (`RequestOptions.light`): it need not put off the worker's own work for later. */
  light: boolean;
}

/** A worker's handlers. */
export interface ChannelHandlers<P extends ChannelProtocol> {
  /** Answers one request; a rejection reaches the caller as a ChannelError (its code, or `failed`). */
  request(body: P['request'], context: RequestContext<P>): Promise<P['response']>;
  /** Hears a notice from the starting thread. */
  notice?(body: P['toWorker']): void;
}

/** What a served worker can say on its own. */
export interface ServedChannel<P extends ChannelProtocol> {
  /** Says the worker has started (once; the starting thread's `hello` resolves with it). */
  hello(body: P['hello']): void;
  /** Sends a notice that belongs to no request. */
  notify(body: P['fromWorker']): void;
  /** Fails a running request from outside its handler (its later answer is then dropped there). */
  fail(id: number, code: string, message: string): void;
  /**
   * True while a request sent to this worker is unanswered: still waiting to be taken up (seen
   * through memory both threads share, so even inside a synchronous loop, where no message can
   * arrive), or being answered. Work of the worker's own (a warm-up) checks it and gives way,
   * to a light request (`RequestOptions.light`) too: that one must not wait for the work either.
   */
  requestsPending(): boolean;
  /**
   * Says the worker did work of its own (a warm-up, a rebuild): its garbage is collected after the
   * next quiet spell (see idle-collect.ts), as after a request.
   */
  worked(): void;
}

/** Options of {@link serveChannel}. */
export interface ServeOptions {
  /** Quiet ms after which the worker collects its garbage once (see idle-collect.ts); 0 never. Default {@link IDLE_COLLECT_MS}. */
  idleCollectMs?: number;
}

/** Serves `handlers` on `port` (the worker's parentPort by default). Throws outside a worker thread. */
export function serveChannel<P extends ChannelProtocol>(handlers: ChannelHandlers<P>, port: MessagePort | null = parentPort, options: ServeOptions = {}): ServedChannel<P> {
  if (!port) throw new Error('a channel is served only in a worker thread');
  const idleMs = options.idleCollectMs ?? IDLE_COLLECT_MS;
  const collector = idleMs > 0 ? idleCollector(idleMs) : null;
  const post = (message: FromWorkerWire<P>) => port.postMessage(message);
  const running = new Map<number, AbortController>();
  let waiting: Int32Array | null = null;
  const finish = (id: number): boolean => running.delete(id);
  const fail = (id: number, code: string, message: string) => {
    if (finish(id)) {
      collector?.end();
      post({ ch: 'error', id, code, message });
    }
  };
  port.on('message', (message: ToWorkerWire<P>) => {
    if (message.ch === 'waiting') return void (waiting = new Int32Array(message.counter));
    if (message.ch === 'notice') return handlers.notice?.(message.body);
    if (message.ch === 'cancel') return running.get(message.id)?.abort();
    const { id } = message;
    if (waiting) Atomics.sub(waiting, 0, 1);
    const controller = new AbortController();
    running.set(id, controller);
    collector?.begin();
    const context: RequestContext<P> = { id, signal: controller.signal, progress: (body) => post({ ch: 'progress', id, body }), light: message.light === true };
    // Called at once; a handler that throws before its first await fails the request like one that rejects.
    new Promise<P['response']>((resolve) => resolve(handlers.request(message.body, context))).then(
      (body) => {
        if (finish(id)) {
          collector?.end();
          post({ ch: 'response', id, body });
        }
      },
      (err: unknown) => fail(id, err instanceof ChannelError ? err.code : 'failed', err instanceof Error ? err.message : String(err)),
    );
  });
  return {
    hello: (body) => post({ ch: 'hello', body }),
    notify: (body) => {
      collector?.touch();
      post({ ch: 'notice', body });
    },
    fail,
    worked: () => collector?.touch(),
    requestsPending: () => running.size > 0 || (waiting !== null && Atomics.load(waiting, 0) > 0),
  };
}
