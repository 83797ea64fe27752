/**
 * A look inside the threads, for the memory bench only (issue 27): with `ATMARK_HEAP_REPORT_DIR`
 * set, `SIGUSR2` writes a V8 heap snapshot of the main thread and of every live worker started
 * through a {@link WorkerChannel} into that folder, named after the thread (`main`, `engine worker`…),
 * so what holds the bytes can be read per thread. Unset (always, outside the bench), nothing is
 * registered and no signal is listened to.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';

const live = new Map<Worker, string>();
let listening = false;

function fileName(dir: string, label: string, stamp: number, n: number): string {
  return path.join(dir, `${stamp}-${n}-${label.replace(/[^a-z0-9]+/gi, '-')}.heapsnapshot`);
}

async function writeAll(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const stamp = Date.now();
  v8.writeHeapSnapshot(fileName(dir, 'main', stamp, 0));
  let n = 1;
  for (const [worker, label] of live) {
    const out = fileName(dir, label, stamp, n++);
    await pipeline(await worker.getHeapSnapshot(), createWriteStream(out)).catch(() => undefined);
  }
  mkdirSync(dir, { recursive: true });
  createWriteStream(path.join(dir, `${stamp}-done`)).end(`${n}\n`);
}

/** Registers `worker` (named `label`) for heap snapshots when the bench asked for them; a no-op otherwise. */
export function trackForHeapReport(worker: Worker, label: string): void {
  const dir = process.env.ATMARK_HEAP_REPORT_DIR;
  if (!dir) return;
  live.set(worker, label);
  worker.once('exit', () => live.delete(worker));
  if (listening) return;
  listening = true;
  process.on('SIGUSR2', () => void writeAll(dir));
}
