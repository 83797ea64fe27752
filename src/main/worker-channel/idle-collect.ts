/**
 * A worker gives its garbage back once it goes quiet (issue 27). V8 collects the old generation
 * only when it grows, and nothing in Node tells an idle isolate to shrink, so a worker that has just
 * walked 120,000 paths or diffed a large repository keeps every page its garbage filled for as
 * long as it stays idle: on the 120k bench workspace the host held about 100 MiB more than after a
 * collection. So after {@link IDLE_COLLECT_MS} without work, a worker runs one full collection,
 * then waits for the next piece of work before it does so again (an idle worker pays once).
 *
 * The collection function is V8's `gc`, reached as test runners reach it (the `--expose-gc` flag
 * set at run time, then `gc` read from a fresh context): no flag on the command line, which the
 * CLI, the host and Electron's main process do not pass. Where it is unavailable, nothing runs.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Quiet time, in ms, after which a worker collects its garbage once. */
export const IDLE_COLLECT_MS = 1000;

/** Tells a collector when a worker is busy. */
export interface IdleCollector {
  /** Work started: no collection until it ends. */
  begin(): void;
  /** Work ended: collect after the next quiet spell (unless more work begins). */
  end(): void;
  /** Work happened that is not counted by begin/end (a notice, a warm-up): wait for the next quiet spell. */
  touch(): void;
  /** Collections run so far (tests). */
  readonly collections: number;
}

let cachedGc: (() => void) | null | undefined;

/** V8's full collection, or null when it cannot be reached. Looked up once per thread. */
export function fullCollection(): (() => void) | null {
  if (cachedGc !== undefined) return cachedGc;
  try {
    const existing = (globalThis as { gc?: () => void }).gc;
    if (typeof existing === 'function') return (cachedGc = existing);
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    cachedGc = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    cachedGc = null;
  }
  return cachedGc;
}

/**
 * A collector that runs `collect` once after `delayMs` with no work running, and again only after
 * more work. Its timer never keeps a thread alive. `collect` defaults to {@link fullCollection}.
 */
export function idleCollector(delayMs = IDLE_COLLECT_MS, collect: (() => void) | null = fullCollection()): IdleCollector {
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let collections = 0;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (busy > 0 || !collect) return;
    timer = setTimeout(() => {
      timer = null;
      if (busy > 0) return;
      collections++;
      collect();
    }, delayMs);
    timer.unref();
  };
  return {
    begin() {
      busy++;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    end() {
      busy = Math.max(0, busy - 1);
      arm();
    },
    touch() {
      arm();
    },
    get collections() {
      return collections;
    },
  };
}
