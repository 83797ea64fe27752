/**
 * The extraction worker's entry: a warm worker that takes jobs one at a time from the pool
 * (pool.ts), reports each finished page, slide or sheet, and posts each result with the memory it
 * holds afterwards. It names its OS thread first, so the pool can count its CPU time. Built to its
 * own file (dist/extraction-worker.mjs, out/main/extraction-worker.js); from sources it is bundled
 * on demand (see worker-script.ts).
 */
import './worker-quiet';
import { workerData } from 'node:worker_threads';
import { extractJob, loadReaderFor, warmReaders } from './extract-job';
import type { ExtractionProtocol, ExtractionResult } from './protocol';
import { serveChannel } from '../worker-channel';
import { ocrEngineMemory } from './ocr-engine';
import { currentThreadId } from './thread-cpu';

const memoryCapBytes = (workerData as { memoryCapBytes?: number } | null)?.memoryCapBytes ?? Infinity;

/** Heap, buffer and OCR engine bytes this thread holds (ArrayBuffers and WebAssembly memory are outside V8's heap limit). */
function memoryInUse(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers + ocrEngineMemory();
}

let running: number | null = null;

// Buffers are not counted by the heap limit: while a job runs, a check between the parser's steps
// ends the worker once heap and buffers together pass the cap. (Readers also cap each inflate, so
// no single step can allocate past it.)
setInterval(() => {
  if (running === null) return;
  const memory = memoryInUse();
  if (memory > memoryCapBytes) {
    channel.fail(running, 'memory', `${memory} bytes in use`);
    process.exit(1);
  }
}, 50).unref();

const channel = serveChannel<ExtractionProtocol>({
  notice: (warm) => void warmReaders(warm.formats),
  async request(job, { id, progress }) {
    running = id;
    const result = await loadReaderFor(job)
      .then(() => {
        progress({ type: 'started' });
        return extractJob(job, (units) => progress({ type: 'units', progress: units }));
      })
      .catch((err: unknown): ExtractionResult => ({ ok: false, problem: 'failed', detail: err instanceof Error ? err.message : String(err) }));
    running = null;
    return { result, memory: memoryInUse() };
  },
});

channel.hello({ tid: currentThreadId() });
