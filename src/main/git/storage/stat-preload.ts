/**
 * The `lstat` of every tracked file, for `@diff`, split over two threads: git's preload-index.
 *
 * Why: `@diff` must `lstat` each tracked file to learn which changed, and on a 10k-file repository
 * that was about 35 ms of its 52 (Node's `lstatSync` costs about 3.5 µs here, perl's 1.5 µs), which
 * alone is all of `git diff`'s time; git itself spreads the same calls over threads. So a helper
 * thread and the calling thread claim chunks of the list from one shared counter and write into
 * one shared buffer. The caller stays synchronous: it waits on an `Atomics` word, which is cheaper
 * than turning the scan into promises.
 *
 * The caller says whether a scan may use the helper (`parallel`): the scan memo (scan-memo.ts)
 * allows it only for a full pass that is not its session's first and that no watch will vouch for
 * afterwards. A process's first scan runs alone: a thread booting beside it slowed it down (issue 27:
 * the first `@diff` of a fresh process, median of 12, 163 ms with the helper against 148 without),
 * and a one-shot command never needs one. The helper is started the first time an allowed scan
 * comes, and that scan is handed to it at once: whatever chunks are left when it has booted, it
 * takes. If it is not there, fails, or is slow, the calling thread stats the rest itself: the result
 * never depends on the helper. The helper is unref'd, so
 * it never keeps a process alive. Its code is {@link statInto} itself, sent as source text, so the
 * two threads cannot disagree about a record and no extra bundle entry is needed.
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { largeColumn, largeShared } from '../../guards/large-buffer';
import { rawLstatOf, type RawLstat } from './raw-lstat';

/**
 * 32-bit words per record: kind, inode and size (each truncated to the 32 bits git's index stores),
 * the number of links (a watched scan stats a file with more than one each time: worktree-watch.ts),
 * then mtime and ctime as Node's millisecond doubles (words 4-5 and 6-7, read through
 * a `Float64Array` of the same buffer: {@link statTimes}).
 */
export const STAT_WORDS = 8;
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
/** Paths per chunk: the unit the two threads claim from a shared counter. */
export const STAT_CHUNK = 256;
/** Appended to the running executable's path: a name no file has, for raw-lstat's self-check. */
const ABSENT_SUFFIX = '.atmark-absent';

/** How long the calling thread waits, in all, for the chunks the helper claimed before doing them itself. */
const HELPER_WAIT_MS = 2000;

/**
 * Writes the `lstat` of `prefix + paths[i]` for `i` in `[from, to)` into `out`, {@link STAT_WORDS}
 * words per path (`out` starts at a multiple of 8 bytes). Self-contained on purpose (no imports, no
 * outer names): the helper thread runs it from its source text.
 *
 * Why a prefix: the caller passes the index's own relative paths and the working tree once, so the
 * calling thread keeps no second, absolute copy of every tracked path (about 17 MiB on the 120k
 * bench workspace; issue 27), and the helper's copy of the list is the shorter relative one. Each
 * full path lives only for its one `lstat`.
 *
 * Why numbers, not `bigint` (issue 27): a `bigint` lstat builds a stats object of BigInts and the
 * record took six BigInt divisions; on the 10k-file bench repository the scan took 61 ms cold and
 * 44 warm that way, against 51 and 31 with numbers. The times are then Node's `mtimeMs` and
 * `ctimeMs` (seconds times 1000 plus nanoseconds over a million, a double: about a quarter of a
 * microsecond apart at today's dates), compared with the index's seconds and nanoseconds put the
 * same way (worktree-changes.ts). git itself, as built by default, compares whole seconds only.
 * An inode past 2^53, where a double is no longer exact, is asked again as a BigInt.
 *
 * With `raw` (raw-lstat.ts, checked on this thread), each path is asked through Node's binding and
 * the record is written from its numbers, with no stats object; a path it throws on (or an inode
 * past 2^53) is asked again through `lstat`. Either way one writer makes the record.
 */
export function statInto(lstat: typeof fs.lstatSync, paths: readonly string[], from: number, to: number, out: Uint32Array, prefix = '', raw: RawLstat | null = null): void {
  const times = new Float64Array(out.buffer, out.byteOffset, out.length >> 1);
  const options = { throwIfNoEntry: false };
  for (let i = from; i < to; i++) {
    const at = i * 8;
    const full = prefix + (paths[i] as string);
    // The binding's numbers (raw-lstat.ts) when it answers; otherwise (null) `lstat`'s, errors included.
    let v: ArrayLike<number> | undefined | null = null;
    if (raw !== null) {
      try {
        v = raw(full);
      } catch {
        v = null;
      }
    }
    let mode: number;
    let ino: number;
    let size: number;
    let nlink: number;
    let mtimeMs: number;
    let ctimeMs: number;
    if (v !== undefined && v !== null && (v[7] as number) <= 9007199254740991) {
      mode = v[1] as number;
      ino = v[7] as number;
      size = v[8] as number;
      nlink = v[2] as number;
      mtimeMs = (v[12] as number) * 1000 + (v[13] as number) / 1e6;
      ctimeMs = (v[14] as number) * 1000 + (v[15] as number) / 1e6;
    } else if (v === undefined) {
      out[at] = 0;
      out[at + 3] = 0;
      continue;
    } else {
      let st;
      try {
        st = lstat(full, options);
      } catch {
        out[at] = 5;
        out[at + 3] = 0;
        continue;
      }
      if (!st) {
        out[at] = 0;
        out[at + 3] = 0;
        continue;
      }
      mode = st.mode;
      ino = st.ino <= 9007199254740991 ? st.ino : Number((lstat(full, { bigint: true, throwIfNoEntry: false })?.ino ?? 0n) % 4294967296n);
      size = st.size;
      nlink = st.nlink;
      mtimeMs = st.mtimeMs;
      ctimeMs = st.ctimeMs;
    }
    // The kind from the mode's type bits, as Stats#isSymbolicLink and #isFile read them.
    const type = mode & 0o170000;
    out[at] = type === 0o120000 ? 3 : type === 0o100000 ? ((mode & 0o100) !== 0 ? 2 : 1) : 4;
    out[at + 1] = ino % 4294967296;
    out[at + 2] = size % 4294967296;
    out[at + 3] = nlink;
    times[(at >> 1) + 2] = mtimeMs;
    times[(at >> 1) + 3] = ctimeMs;
  }
}

/** The times of records written by {@link statInto}: record `k`'s mtime at `2 + 4k`, its ctime at `3 + 4k`. */
export function statTimes(records: Uint32Array): Float64Array {
  return new Float64Array(records.buffer, records.byteOffset, records.length >> 1);
}

/**
 * The helper's young generation, in MiB. Each `lstat` leaves a stats object (and its four Dates)
 * behind, so V8's default let the helper's young generation grow to 48 MiB and keep it: the helper
 * (one per thread that scans) held about 35 MiB more on the 120k bench workspace (issue 27).
 */
const HELPER_YOUNG_GENERATION_MB = 4;

/**
 * How long the helper keeps its copy of the path list after its last scan, in ms. Why not for good:
 * on the 120k bench workspace the copy and the garbage its scans leave held about 25 MiB of the
 * host's memory for as long as it ran (issue 27), while scans come in bursts (a person's typing
 * pauses); a scan after the list was let go sends it again, and the calling thread stats meanwhile.
 */
export const HELPER_KEEP_MS = 1000;

/**
 * The helper thread's program: it keeps the last path list, and for each scan claims chunks from the
 * scan's shared counter until none is left, marking each chunk done (1) or failed (2). Without a
 * list it claims nothing. {@link HELPER_KEEP_MS} after its last scan it lets the list go, says so in
 * its control word 1, and collects its garbage once (as idle workers do: worker-channel's
 * idle-collect.ts).
 */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const statInto = ${statInto.toString()};
const rawLstatOf = ${rawLstatOf.toString()};
const control = new Int32Array(workerData.control);
const raw = rawLstatOf(fs, process.execPath, process.execPath + '${ABSENT_SUFFIX}');
Atomics.store(control, 2, raw ? 1 : 0);
let paths = null;
let idle = null;
let gc;
function letGo() {
  idle = null;
  Atomics.store(control, 1, 0);
  paths = null;
  try {
    if (gc === undefined) {
      require('node:v8').setFlagsFromString('--expose-gc');
      gc = require('node:vm').runInNewContext('gc');
    }
    if (typeof gc === 'function') gc();
  } catch {
    gc = null;
  }
}
parentPort.on('message', (job) => {
  if (job.paths) {
    paths = job.paths;
    Atomics.store(control, 1, 1);
  }
  if (idle) clearTimeout(idle);
  idle = setTimeout(letGo, ${HELPER_KEEP_MS});
  if (!paths) return;
  const ctl = new Int32Array(job.ctl);
  const out = new Uint32Array(job.out);
  const chunks = ctl.length - 1;
  for (let c = Atomics.add(ctl, 0, 1); c < chunks; c = Atomics.add(ctl, 0, 1)) {
    let state = 1;
    try {
      statInto(fs.lstatSync, paths, c * job.chunk, Math.min((c + 1) * job.chunk, job.n), out, job.prefix, raw);
    } catch {
      state = 2;
    }
    Atomics.store(ctl, 1 + c, state);
    Atomics.notify(ctl, 1 + c);
  }
});
Atomics.store(control, 0, 1);
`;

let threadRaw: RawLstat | null | undefined;

/** This thread's raw `lstat` (raw-lstat.ts), checked once; null where the check fails. */
export function threadRawLstat(): RawLstat | null {
  threadRaw ??= rawLstatOf(fs, process.execPath, process.execPath + ABSENT_SUFFIX);
  return threadRaw;
}

interface Helper {
  worker: Worker;
  /** [0]: 1 once booted; [1]: 1 while the helper holds a path list (set here on sending one, cleared by the helper when it lets it go); [2]: 1 when the helper's raw lstat passed its check. */
  control: Int32Array;
  /** The path list the helper holds (or will hold once it reads its queued messages). */
  paths: readonly string[] | null;
  broken: boolean;
}

let helper: Helper | null = null;

function startHelper(): Helper | null {
  try {
    const control = new Int32Array(new SharedArrayBuffer(12));
    const worker = new Worker(HELPER_SOURCE, { eval: true, workerData: { control: control.buffer }, resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB } });
    const started: Helper = { worker, control, paths: null, broken: false };
    worker.on('error', () => void (started.broken = true));
    worker.on('exit', () => void (started.broken = true));
    worker.unref();
    return started;
  } catch {
    // No helper (threads unavailable): every scan runs on the calling thread, as before.
    return null;
  }
}

/**
 * The helper, started when it is not there yet. It is handed each scan even while it boots: its
 * messages wait in its queue, and it takes whatever chunks are still unclaimed when it gets to them
 * (on a first scan often none, and then it costs the caller nothing but the hand-off).
 */
function usableHelper(): Helper | null {
  helper ??= startHelper();
  return helper && !helper.broken ? helper : null;
}

/** Where the helper thread is: for tests and diagnostics. */
export function statHelperState(): 'not started' | 'starting' | 'ready' | 'broken' {
  if (!helper) return 'not started';
  if (helper.broken) return 'broken';
  return Atomics.load(helper.control, 0) === 1 ? 'ready' : 'starting';
}

/** Whether the booted helper stats through the raw lstat (raw-lstat.ts): for tests. */
export function statHelperUsesRaw(): boolean {
  return !!helper && Atomics.load(helper.control, 0) === 1 && Atomics.load(helper.control, 2) === 1;
}

/** Whether the helper holds a path list now (tests: it lets it go {@link HELPER_KEEP_MS} after its last scan). */
export function statHelperHoldsList(): boolean {
  return !!helper && Atomics.load(helper.control, 1) === 1;
}

/**
 * `prefix`, or '' when it names the process's working directory (the same device and inode), so
 * each `lstat` is asked relative to it.
 *
 * Why (issue 27): the kernel walks every part of a path it is given. For the 10k-file bench
 * repository five folders deep, 10,000 `lstat`s took 9.2 ms relative and 13.2 ms absolute in C, and
 * 16.5 against 22 ms through Node's binding in a fresh process; `git diff` itself asks relative
 * to the top of the working tree, and the CLI is most often run from there. Compared by identity,
 * not by name, so a folder renamed or replaced since the process started (whose name `process.cwd()`
 * still gives) never passes. Nothing in Atmark changes its working directory (and no worker thread
 * can), so it cannot change during the synchronous scan that follows.
 */
export function shortestPrefix(prefix: string): string {
  if (prefix === '' || process.platform === 'win32') return prefix;
  try {
    const here = fs.statSync('.', { bigint: true });
    const there = fs.statSync(prefix, { bigint: true });
    return here.ino === there.ino && here.dev === there.dev ? '' : prefix;
  } catch {
    return prefix;
  }
}

/**
 * The `lstat` records of `prefix + paths[i]` for every path (see {@link statInto}; `prefix`
 * defaults to none). `check` runs between chunks of the calling thread's share (the caller's
 * deadline). A large list is shared with the helper thread: both claim chunks of
 * {@link STAT_CHUNK} paths from one counter, so neither waits for the other to start, and the
 * caller then waits only for the chunks the helper took and has not finished. The helper keeps the
 * last list it was sent, so pass the same array again (unchanged) to spare it the copy. With
 * `parallel` false the calling thread stats every path, and no helper is started.
 */
export function statAll(paths: readonly string[], check: () => void, prefix = '', parallel = true): Uint32Array {
  prefix = shortestPrefix(prefix);
  const n = paths.length;
  const h = parallel && n >= PARALLEL_MIN ? usableHelper() : null;
  // From pages, not malloc (large-buffer.ts): a 120k scan's records are 3.8 MB, freed after the diff.
  const out = h ? new Uint32Array(largeShared(n * STAT_WORDS * 4), 0, n * STAT_WORDS) : largeColumn(Uint32Array, n * STAT_WORDS);
  const chunks = Math.ceil(n / STAT_CHUNK);
  const raw = threadRawLstat();
  const statChunk = (c: number): void => {
    check();
    statInto(fs.lstatSync, paths, c * STAT_CHUNK, Math.min((c + 1) * STAT_CHUNK, n), out, prefix, raw);
  };
  if (!h) {
    for (let c = 0; c < chunks; c++) statChunk(c);
    return out;
  }
  // [0]: the next chunk to claim; [1 + c]: chunk c done by the helper (1) or failed there (2).
  const ctl = new Int32Array(new SharedArrayBuffer(4 * (1 + chunks)));
  const send = h.paths !== paths || Atomics.load(h.control, 1) === 0;
  if (send) Atomics.store(h.control, 1, 1);
  h.worker.postMessage({ paths: send ? paths : undefined, prefix, ctl: ctl.buffer, out: out.buffer, n, chunk: STAT_CHUNK });
  h.paths = paths;
  const mine = new Uint8Array(chunks);
  for (let c = Atomics.add(ctl, 0, 1); c < chunks; c = Atomics.add(ctl, 0, 1)) {
    mine[c] = 1;
    statChunk(c);
  }
  const until = Date.now() + HELPER_WAIT_MS;
  for (let c = 0; c < chunks; c++) {
    if (mine[c] === 1) continue;
    if (Atomics.load(ctl, 1 + c) === 0 && !h.broken) {
      try {
        Atomics.wait(ctl, 1 + c, 0, Math.max(0, until - Date.now()));
      } catch {
        // A thread that may not block (a browser-like main thread) cannot wait: no helper from now on.
        h.broken = true;
      }
    }
    const state = Atomics.load(ctl, 1 + c);
    if (state === 1) continue;
    // Failed, or slow: do it here. A late answer only writes into this scan's buffer.
    if (state === 2) h.paths = null;
    statChunk(c);
  }
  return out;
}
