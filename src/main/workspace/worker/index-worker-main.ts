/**
 * The workspace index's worker thread: the walk, the watchers and every fuzzy query run here, off
 * the thread that serves the window, so a 100,000-file workspace never delays a keystroke. Built
 * to its own file (dist/index-worker.mjs, out/main/index-worker.js) and started by
 * `openWorkspaceIndex` (see remote-index.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveChannel } from '../../worker-channel';
import { warmSteps } from '../warm-search';
import { createWorkspaceIndex } from '../workspace-index';
import { answerRequest } from './answer';
import type { IndexProtocol, IndexWorkerData } from './protocol';

// Served first: the index may report an event while it is being made.
const channel = serveChannel<IndexProtocol>({
  request: (request, { signal }) => answerRequest(index, request, signal, data.pace),
  notice() {
    // The only notice is 'close'.
    index.close();
    parentPort?.close();
  },
});

const data = workerData as IndexWorkerData;
const index = createWorkspaceIndex(data.root, {
  watch: data.watch,
  debounceMs: data.debounceMs,
  onProgress: (event) => {
    channel.notify(event);
    // Ready for the first keystroke: the columns and the prior ranking of short queries are built,
    // and the search code compiled again (the build's collections drop it), now, while nobody
    // waits, instead of on the first query.
    if (event.type === 'ready' || event.type === 'updated') setImmediate(() => warmInSteps(index.snapshot()));
  },
});

/**
 * Runs the warm-up of `snapshot` one step per turn of the event loop, so requests are answered
 * between steps; stops when a newer snapshot has replaced it (its own warm-up follows). Told to the
 * channel as work once done, so the idle collection that follows takes the warm-up's garbage.
 */
function warmInSteps(snapshot: ReturnType<typeof index.snapshot>): void {
  const steps = warmSteps(snapshot);
  const next = (): void => {
    if (index.snapshot() !== snapshot) return;
    const step = steps.next();
    if (step.done) {
      channel.worked();
      return;
    }
    step.value();
    setImmediate(next);
  };
  next();
}
