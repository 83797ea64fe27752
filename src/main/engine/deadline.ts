import type { Limits } from '../../shared/limits';
import type { ReferenceKind } from '../../shared/reference';

/** How long a reference of each kind may take before it `failed` (docs/contract.md "Limits"). */
export function deadlineFor(kind: ReferenceKind, limits: Limits): number {
  switch (kind) {
    case 'diff':
    case 'staged':
    case 'git':
      return limits.gitTimeoutMs;
    case 'url':
      return limits.urlTimeoutMs;
    case 'folder':
      return limits.folderTimeoutMs;
    default:
      // Files and results are local reads with byte caps; 10 s only guards a stuck disk.
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
