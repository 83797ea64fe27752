import type { Limits } from '../../shared/limits';
import type { ReferenceKind } from '../../shared/reference';

/**
 * The longest a document may be read, on the clock (a Retry's outer bound, extraction/budget.ts):
 * `@file` and `@url` may hand their bytes to a document reader, which keeps its own budgets.
 */
const DOCUMENT_CLOCK_MS = 10 * 60_000;

/**
 * How long a reference of each kind may take before the engine gives up on it (docs/contract.md
 * "Limits"). For git and folders it is their limit; `@file` and `@url` keep their own (the read of
 * a text file, the fetch) and a document's budget counts its work, so the engine's bound for them is
 * only the backstop above every document's.
 */
export function deadlineFor(kind: ReferenceKind, limits: Limits): number {
  switch (kind) {
    case 'diff':
    case 'staged':
    case 'git':
      return limits.gitTimeoutMs;
    case 'url':
      return limits.urlTimeoutMs + DOCUMENT_CLOCK_MS;
    case 'file':
      return Math.max(limits.folderTimeoutMs, DOCUMENT_CLOCK_MS);
    case 'folder':
      return limits.folderTimeoutMs;
    default:
      // Results are local reads with byte caps; 10 s only guards a stuck disk.
      return limits.folderTimeoutMs;
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
