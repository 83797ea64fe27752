/**
 * The workspace index as the services use it: asynchronous, hosted in a worker thread when the
 * built worker script is present (dist/index-worker.mjs, out/main/index-worker.js), in-process
 * otherwise (unit tests running from sources). Both answer through the same `answerRequest`.
 */
import { existsSync } from 'node:fs';
import type { GitMark } from '../../../shared/api/contract';
import type { EntryKind, WorkspaceEntry } from '../entry-store';
import type { Match } from '../ranking';
import { createWorkspaceIndex, type IndexEvent, type IndexState } from '../workspace-index';
import { answerRequest, type Pace } from './answer';
import { WorkerChannel } from '../../worker-channel';
import type { FirstRows, IndexAnswers, IndexProtocol, IndexRequest, IndexWorkerData } from './protocol';

/** Options of a query through {@link AsyncWorkspaceIndex.query}. */
export interface AsyncQueryOptions {
  kinds?: EntryKind[];
  /** Most results. Default 50. */
  limit?: number;
  /** Fetch sizes of untracked files among the results (default true). */
  sizes?: boolean;
  /** Rejects the call with the signal's reason when aborted. */
  signal?: AbortSignal;
}

/** A workspace index answering asynchronously (worker thread or in-process). */
export interface AsyncWorkspaceIndex {
  /** Where it runs: `worker` or `in-process`. */
  readonly host: 'worker' | 'in-process';
  /** Best matches for `text`, best first (see `query`); sizes of files filled in unless `sizes: false`. */
  query(text: string, options?: AsyncQueryOptions): Promise<Match[]>;
  /**
   * The same query answered in two steps (query-run.ts): its first rows at once, marked final or
   * not; when not, {@link queryRest} with the answer's `run` gives the final rows, `query`'s own.
   */
  queryFirst(text: string, options?: AsyncQueryOptions): Promise<FirstRows>;
  /** The final rows of the `queryFirst` numbered `run`; null when a newer query replaced it or nothing follows. */
  queryRest(run: number, signal?: AbortSignal): Promise<Match[] | null>;
  /** The shallowest visible entries, for an empty query. */
  shallowest(limit: number, kinds?: EntryKind[], signal?: AbortSignal): Promise<WorkspaceEntry[]>;
  /** The entry at a path, if listed and not protected. */
  get(path: string, signal?: AbortSignal): Promise<WorkspaceEntry | null>;
  /** Sizes of files (`lstat` now). */
  sizes(paths: string[], signal?: AbortSignal): Promise<Map<string, number>>;
  /**
   * The git status marks of workspace paths, in the order given: read in the index's thread, at
   * most every 2 s (see src/main/git/views/status-marks.ts); none outside a repository.
   */
  gitMarks(items: Array<[string, EntryKind]>, signal?: AbortSignal): Promise<GitMark[][]>;
  /** Listens to index events (tracked, ready, updated, failed); returns the unsubscribe function. */
  subscribe(listener: (event: IndexEvent) => void): () => void;
  /** Resolves with the first build's final state; never rejects. */
  whenReady(): Promise<IndexState>;
  /** Resolves once file changes seen so far are applied (tests). */
  settle(): Promise<void>;
  /** Stops building, watching and the worker thread. */
  close(): Promise<void>;
}

/** Options of {@link openWorkspaceIndex}. */
export interface OpenIndexOptions {
  /** The built worker script (see {@link indexWorkerScript}); null or absent: in-process. */
  workerScript?: string | null;
  /** Keep the index current with file watchers. Default true. */
  watch?: boolean;
  /** Quiet time before changed folders are rescanned, in ms. Default 100. */
  debounceMs?: number;
  /** How queries are paced (answer.ts): the app's unless a test sets its own. */
  pace?: Pace;
}

/**
 * The built index worker next to the running bundle: `index-worker.mjs` (CLI and browser host,
 * dist/) or `index-worker.js` (Electron main, out/main/); null when neither exists.
 */
export function indexWorkerScript(dir: string): string | null {
  for (const name of ['index-worker.mjs', 'index-worker.js']) {
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Starts indexing `root` in the background (in a worker thread when `workerScript` is given). */
export function openWorkspaceIndex(root: string, options: OpenIndexOptions = {}): AsyncWorkspaceIndex {
  const data: IndexWorkerData = { root, watch: options.watch, debounceMs: options.debounceMs, pace: options.pace };
  return options.workerScript ? workerIndex(options.workerScript, data) : inProcessIndex(data);
}

type Ask = <O extends IndexRequest['op']>(request: Extract<IndexRequest, { op: O }>, signal?: AbortSignal) => Promise<IndexAnswers[O]>;

/** The public API over one `ask` function. */
function facade(host: AsyncWorkspaceIndex['host'], ask: Ask, listeners: Set<(e: IndexEvent) => void>, close: () => Promise<void>): AsyncWorkspaceIndex {
  let ready: Promise<IndexState> | null = null;
  return {
    host,
    query: (text, o = {}) => ask({ op: 'query', text, kinds: o.kinds, limit: o.limit, sizes: o.sizes }, o.signal),
    queryFirst: (text, o = {}) => ask({ op: 'queryFirst', text, kinds: o.kinds, limit: o.limit, sizes: o.sizes }, o.signal),
    queryRest: (run, signal) => ask({ op: 'queryRest', run }, signal),
    shallowest: (limit, kinds, signal) => ask({ op: 'shallowest', limit, kinds }, signal),
    get: (path, signal) => ask({ op: 'get', path }, signal),
    sizes: async (paths, signal) => new Map(await ask({ op: 'sizes', paths }, signal)),
    gitMarks: (items, signal) => ask({ op: 'gitMarks', items }, signal),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenReady: () => (ready ??= ask({ op: 'ready' }).catch((): IndexState => 'closed')),
    settle: async () => { await ask({ op: 'settle' }); },
    close,
  };
}

function inProcessIndex(data: IndexWorkerData): AsyncWorkspaceIndex {
  const listeners = new Set<(e: IndexEvent) => void>();
  const index = createWorkspaceIndex(data.root, { watch: data.watch, debounceMs: data.debounceMs, onProgress: (e) => { for (const l of listeners) l(e); } });
  const ask: Ask = async (request, signal) => {
    signal?.throwIfAborted();
    // A macrotask first, as a worker answers: callers never depend on a synchronous answer.
    await new Promise((r) => setImmediate(r));
    signal?.throwIfAborted();
    return answerRequest(index, request, signal, data.pace) as never;
  };
  return facade('in-process', ask, listeners, async () => index.close());
}

function workerIndex(script: string, data: IndexWorkerData): AsyncWorkspaceIndex {
  const listeners = new Set<(e: IndexEvent) => void>();
  const channel = new WorkerChannel<IndexProtocol>(script, {
    label: 'workspace index worker',
    worker: { workerData: data },
    onNotice: (event) => {
      for (const l of listeners) l(event);
    },
  });
  // An aborted question rejects at once; its answer, if it still comes, is dropped, and the worker stops its size look-ups.
  const ask: Ask = (request, signal) => channel.request(request, { signal }) as never;
  return facade('worker', ask, listeners, async () => {
    if (channel.dead) return;
    channel.notify({ type: 'close' });
    await channel.close('the workspace index was closed');
  });
}
