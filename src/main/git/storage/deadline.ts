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

/** A deadline `timeoutMs` from now (by `now`, default Date.now) that also honours `signal`. */
export function createDeadline(signal: AbortSignal, timeoutMs: number, now: () => number = Date.now): Deadline {
  const end = now() + timeoutMs;
  return {
    throwIfAborted() {
      if (signal.aborted) throw new GitCancelled('aborted');
      if (now() > end) throw new GitCancelled('timeout');
    },
    remainingMs() {
      return signal.aborted ? 0 : Math.max(0, end - now());
    },
  };
}
