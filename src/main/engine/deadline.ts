import type { KindSyntax } from '../../shared/kinds';
import type { Limits } from '../../shared/limits';

/**
 * The longest a document may be read, on the clock (a Retry's outer bound, extraction/budget.ts):
 * `@file` and `@url` may hand their bytes to a document reader, which keeps its own budgets.
 */
const DOCUMENT_CLOCK_MS = 10 * 60_000;

/**
 * How long a reference of `kind` may take before the engine gives up on it (docs/contract.md
 * "Limits"): the limit its descriptor names. A kind whose bytes may go to a document reader keeps its
 * own limit for its part (the read of a text file, the fetch) and a document's budget counts its
 * work, so the engine's bound for it is only the backstop above every document's: the document clock
 * after the limit (`@url`: a page fetched, then read) or at least the clock (`@file`: read by the reader).
 */
export function deadlineFor(kind: KindSyntax, limits: Limits): number {
  const own = limits[kind.deadline];
  switch (kind.documents) {
    case 'after':
      return own + DOCUMENT_CLOCK_MS;
    case 'within':
      return Math.max(own, DOCUMENT_CLOCK_MS);
    case undefined:
      return own;
  }
}

/**
 * Runs `work` with a signal that aborts when the caller's signal does or when `ms` pass, and
 * resolves to `onTimeout()` at the deadline even if `work` ignores its signal.
 */
export async function withDeadline<T>(ms: number, parent: AbortSignal, work: (signal: AbortSignal) => Promise<T>, onTimeout: () => T, onAbort: () => T): Promise<T> {
  if (parent.aborted) return onAbort();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onParentAbort: () => void = () => undefined;
  // One listener on the caller's signal, removed when this reference is done: an expansion of eight
  // references shares one signal, and listeners left behind would pile up on it.
  const stopped = new Promise<T>((resolve) => {
    onParentAbort = () => {
      controller.abort(parent.reason);
      resolve(onAbort());
    };
    parent.addEventListener('abort', onParentAbort, { once: true });
    timer = setTimeout(() => {
      controller.abort(new Error('deadline'));
      resolve(onTimeout());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), stopped]);
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onParentAbort);
  }
}
