/**
 * The workspace index's worker thread: the walk, the watchers and every fuzzy query run here, off
 * the thread that serves the window, so a 100,000-file workspace never delays a keystroke. Built
 * to its own file (dist/index-worker.mjs, out/main/index-worker.js) and started by
 * `openWorkspaceIndex` (see remote-index.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareSearch } from '../short-search';
import { createWorkspaceIndex } from '../workspace-index';
import { answerRequest } from './answer';
import type { FromIndexWorker, IndexWorkerData, ToIndexWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('index-worker must run in a worker thread');
const post = (message: FromIndexWorker) => port.postMessage(message);

const data = workerData as IndexWorkerData;
const index = createWorkspaceIndex(data.root, {
  watch: data.watch,
  debounceMs: data.debounceMs,
  onProgress: (event) => {
    post({ type: 'event', event });
    // Ready for the first keystroke: the columns and the prior ranking of short queries are built
    // now, while nobody waits, instead of on the first query.
    if (event.type === 'ready' || event.type === 'updated') setImmediate(() => prepareSearch(index.snapshot()));
  },
});
const running = new Map<number, AbortController>();

port.on('message', (msg: ToIndexWorker) => {
  if (msg.type === 'close') {
    index.close();
    port.close();
    return;
  }
  if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(msg.id, controller);
  answerRequest(index, msg.request, controller.signal).then(
    (value) => post({ type: 'answer', id: msg.id, value }),
    (err: unknown) => post({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) }),
  ).finally(() => running.delete(msg.id));
});
