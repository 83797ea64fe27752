import type { KindSyntax } from '../../shared/kinds';
import type { Limits } from '../../shared/limits';

/** How long a reference of `kind` may take before it `failed`: the limit its descriptor names (docs/contract.md "Limits"). */
export function deadlineFor(kind: KindSyntax, limits: Limits): number {
  return limits[kind.deadline];
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
