/**
 * Cancellation for the git reader. Much of its work is synchronous (thousands of `lstat`s), during
 * which no timer can fire, so the deadline is checked against the clock wherever the reader asks,
 * besides the caller's AbortSignal.
 */

/** What the reader's loops call between steps. */
export interface Deadline {
  /** Throws {@link GitCancelled} when the caller aborted or the time is up. */
  throwIfAborted(): void;
  /** Milliseconds left before the deadline (0 once passed or aborted). */
  remainingMs(): number;
}

/** Thrown by {@link Deadline.throwIfAborted}; caught once, where git references become results. */
export class GitCancelled extends Error {
  constructor(readonly reason: 'aborted' | 'timeout') {
    super(reason === 'aborted' ? 'git reading was cancelled' : 'git reading took too long');
    this.name = 'GitCancelled';
  }
}

/** What else a deadline honours: its clock (default Date.now), and a wish to give way. */
export interface DeadlineOptions {
  now?: () => number;
  /**
   * Background work only: true when it must give way at once (a person's request is waiting). Ends
   * the read as cancelled, like the signal, but is asked inside the reader's synchronous loops,
   * where the signal cannot change.
   */
  yieldNow?: () => boolean;
}

/** A deadline `timeoutMs` from now that also honours `signal` (and `yieldNow`, see {@link DeadlineOptions}). */
export function createDeadline(signal: AbortSignal, timeoutMs: number, { now = Date.now, yieldNow }: DeadlineOptions = {}): Deadline {
  const end = now() + timeoutMs;
  const givesWay = yieldNow ?? (() => false);
  return {
    throwIfAborted() {
      if (signal.aborted || givesWay()) throw new GitCancelled('aborted');
      if (now() > end) throw new GitCancelled('timeout');
    },
    remainingMs() {
      return signal.aborted || givesWay() ? 0 : Math.max(0, end - now());
    },
  };
}
