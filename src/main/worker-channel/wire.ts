/**
 * The envelopes every worker channel sends: one request id space per channel, and a protocol's own
 * typed bodies inside. Plain values only: they cross `postMessage` by structured clone.
 */

/**
 * What a worker speaks, as types only. `request`/`response`/`progress` are one request's body, its
 * answer and its reports on the way; `hello` is what the worker says once when it has started;
 * `toWorker`/`fromWorker` are notices that belong to no request (warm up, close, index events).
 * Use `never` for what a protocol does not send.
 */
export interface ChannelProtocol {
  request: unknown;
  response: unknown;
  progress: unknown;
  hello: unknown;
  toWorker: unknown;
  fromWorker: unknown;
}

/** From the thread that started the worker. */
export type ToWorkerWire<P extends ChannelProtocol> =
  | { ch: 'request'; id: number; body: P['request']; light?: true }
  | { ch: 'cancel'; id: number }
  | { ch: 'notice'; body: P['toWorker'] }
  /** Sent once, first: the count of requests sent and not yet taken up (see `ServedChannel.requestsPending`). */
  | { ch: 'waiting'; counter: SharedArrayBuffer };

/** From the worker. */
export type FromWorkerWire<P extends ChannelProtocol> =
  | { ch: 'hello'; body: P['hello'] }
  | { ch: 'progress'; id: number; body: P['progress'] }
  | { ch: 'response'; id: number; body: P['response'] }
  | { ch: 'error'; id: number; code: string; message: string }
  | { ch: 'notice'; body: P['fromWorker'] };
