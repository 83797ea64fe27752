/**
 * Why a request to a worker failed, with a stable code. The channel's own codes:
 * - `deadline`: the request's deadline (set by its caller) passed with no answer;
 * - `crashed`: the worker threw outside any request, and stopped;
 * - `out-of-memory`: the worker hit its V8 heap limit (`resourceLimits`) and stopped;
 * - `exited`: the worker stopped (it exited, or was terminated);
 * - `closed`: the channel was closed while the request waited;
 * - `failed`: the worker's handler threw something that carries no code.
 * A worker's handler may throw a ChannelError with a code of its own protocol; the code crosses
 * the thread unchanged.
 */
export type ChannelErrorCode = 'deadline' | 'crashed' | 'out-of-memory' | 'exited' | 'closed' | 'failed' | (string & {});

/** An error with a stable code; plain enough to rebuild on the other side of `postMessage`. */
export class ChannelError extends Error {
  constructor(
    readonly code: ChannelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** The code of the 'error' a Worker emits when it passed its heap limit. */
export function isOutOfMemory(err: Error & { code?: string }): boolean {
  return err.code === 'ERR_WORKER_OUT_OF_MEMORY' || /heap out of memory/i.test(err.message);
}
