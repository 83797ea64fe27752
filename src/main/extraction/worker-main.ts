/**
 * The extraction worker's entry: takes one job from `workerData`, posts one result, and is then
 * terminated by `runExtraction`. Built to its own file (dist/extraction-worker.mjs,
 * out/main/extraction-worker.js); from sources it is bundled on demand (see worker-script.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractJob } from './extract-job';
import type { ExtractionJob, ExtractionResult } from './protocol';

const port = parentPort;
if (!port) throw new Error('extraction-worker must run in a worker thread');

extractJob(workerData as ExtractionJob).then(
  (result: ExtractionResult) => port.postMessage(result),
  (err: unknown) => port.postMessage({ ok: false, problem: 'failed', detail: err instanceof Error ? err.message : String(err) } satisfies ExtractionResult),
);
