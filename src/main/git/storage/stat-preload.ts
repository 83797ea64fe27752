/**
 * The `lstat` of every tracked file, for `@diff`, split over two threads: git's preload-index.
 *
 * Why: `@diff` must `lstat` each tracked file to learn which changed, and on a 10k-file repository
 * that was about 35 ms of its 52 (Node's `lstatSync` costs about 3.5 µs here, perl's 1.5 µs), which
 * alone is all of `git diff`'s time; git itself spreads the same calls over threads. So a helper
 * thread stats the second half of the list while the calling thread stats the first, and the two
 * meet on a shared buffer. The caller stays synchronous: it waits on an `Atomics` word, which is
 * cheaper than turning the scan into promises.
 *
 * The helper is started the first time a large list is stat'ed and used from the next scan on (the
 * first scan does not wait for it to boot). If it is not ready, fails, or is slow, the calling
 * thread stats everything itself: the result never depends on the helper. The helper is unref'd, so
 * it never keeps a process alive. Its code is {@link statInto} itself, sent as source text, so the
 * two threads cannot disagree about a record and no extra bundle entry is needed.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** 32-bit words per record: kind, mtime s, mtime ns, ctime s, ctime ns, inode, size. */
export const STAT_WORDS = 7;
/** Record kinds (word 0). */
export const STAT_MISSING = 0;
export const STAT_FILE = 1;
export const STAT_EXECUTABLE = 2;
export const STAT_SYMLINK = 3;
export const STAT_OTHER = 4;
/** `lstat` failed for another reason than absence: the caller repeats it to get the error. */
export const STAT_ERROR = 5;

/** Below this many paths the helper's hand-off costs more than it saves. */
const PARALLEL_MIN = 2048;
/** How long the calling thread waits for the helper's half before doing it itself. */
const HELPER_WAIT_MS = 2000;

/**
 * Writes the `lstat` of `paths[from..to)` into `out`, {@link STAT_WORDS} words per path, each
 * field truncated to 32 bits as git's index stores it. Self-contained on purpose (no imports, no
 * outer names): the helper thread runs it from its source text.
 */
export function statInto(lstat: typeof fs.lstatSync, paths: readonly string[], from: number, to: number, out: Uint32Array): void {
  for (let i = from; i < to; i++) {
    const at = i * 7;
    let st;
    try {
      st = lstat(paths[i] as string, { bigint: true, throwIfNoEntry: false });
    } catch {
      out[at] = 5;
      continue;
    }
    if (!st) {
      out[at] = 0;
      continue;
    }
    out[at] = st.isSymbolicLink() ? 3 : st.isFile() ? ((st.mode & 0o100n) !== 0n ? 2 : 1) : 4;
    out[at + 1] = Number((st.mtimeNs / 1000000000n) % 4294967296n);
    out[at + 2] = Number(st.mtimeNs % 1000000000n);
    out[at + 3] = Number((st.ctimeNs / 1000000000n) % 4294967296n);
    out[at + 4] = Number(st.ctimeNs % 1000000000n);
    out[at + 5] = Number(st.ino % 4294967296n);
    out[at + 6] = Number(st.size % 4294967296n);
  }
}

/**
 * The helper's young generation, in MiB. Each `lstat` with `bigint` leaves a stats object of
 * BigInts behind, so V8's default let the helper's young generation grow to 48 MiB and keep it: the
 * helper (one per thread that scans) held about 35 MiB more on the 120k bench workspace (issue 27).
 */
const HELPER_YOUNG_GENERATION_MB = 4;

/** The helper thread's program: it keeps the last path list and stats the ranges it is sent. */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const statInto = ${statInto.toString()};
const control = new Int32Array(workerData.control);
let paths = [];
parentPort.on('message', (job) => {
  if (job.paths) paths = job.paths;
  try {
    statInto(fs.lstatSync, paths, job.from, job.to, new Uint32Array(job.out));
    Atomics.store(control, 1, job.id);
  } catch {
    Atomics.store(control, 1, -job.id);
  }
  Atomics.notify(control, 1);
});
Atomics.store(control, 0, 1);
`;

interface Helper {
  worker: Worker;
  /** [0]: 1 once booted; [1]: the id of the last job done (negative: it failed). */
  control: Int32Array;
  /** The path list the helper holds. */
  paths: readonly string[] | null;
  nextId: number;
  broken: boolean;
}

let helper: Helper | null = null;

function startHelper(): void {
  try {
    const control = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(HELPER_SOURCE, { eval: true, workerData: { control: control.buffer }, resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB } });
    const started: Helper = { worker, control, paths: null, nextId: 1, broken: false };
    worker.on('error', () => void (started.broken = true));
    worker.on('exit', () => void (started.broken = true));
    worker.unref();
    helper = started;
  } catch {
    // No helper (threads unavailable): every scan runs on the calling thread, as before.
  }
}

/** Whether the helper is booted and well, starting it when it is not there yet. */
function readyHelper(): Helper | null {
  if (!helper) {
    startHelper();
    return null;
  }
  if (helper.broken) return null;
  return Atomics.load(helper.control, 0) === 1 ? helper : null;
}

/** Where the helper thread is: for tests and diagnostics. */
export function statHelperState(): 'not started' | 'starting' | 'ready' | 'broken' {
  if (!helper) return 'not started';
  if (helper.broken) return 'broken';
  return Atomics.load(helper.control, 0) === 1 ? 'ready' : 'starting';
}

/**
 * The `lstat` records of `paths` (see {@link statInto}). `check` runs between slices of the
 * calling thread's share (the caller's deadline). A large list is split with the helper thread.
 */
export function statAll(paths: readonly string[], check: () => void): Uint32Array {
  const n = paths.length;
  const h = n >= PARALLEL_MIN ? readyHelper() : null;
  const out = new Uint32Array(h ? new SharedArrayBuffer(n * STAT_WORDS * 4) : new ArrayBuffer(n * STAT_WORDS * 4));
  const statSlices = (from: number, to: number): void => {
    for (let i = from; i < to; i += 512) {
      check();
      statInto(fs.lstatSync, paths, i, Math.min(i + 512, to), out);
    }
  };
  if (!h) {
    statSlices(0, n);
    return out;
  }
  const split = n >> 1;
  const id = h.nextId++;
  h.worker.postMessage({ id, paths: h.paths === paths ? undefined : paths, from: split, to: n, out: out.buffer });
  h.paths = paths;
  statSlices(0, split);
  if (Atomics.load(h.control, 1) !== id) {
    try {
      Atomics.wait(h.control, 1, Atomics.load(h.control, 1), HELPER_WAIT_MS);
    } catch {
      // A thread that may not block (a browser-like main thread) cannot wait: no helper from now on.
      h.broken = true;
    }
  }
  if (Atomics.load(h.control, 1) !== id) {
    // Slow or failed: do its half here. A late answer only writes into this scan's buffer.
    if (Atomics.load(h.control, 1) === -id) h.paths = null;
    statSlices(split, n);
  }
  return out;
}
