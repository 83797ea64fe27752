/**
 * What the thread that serves the window asks the workspace index's worker thread, and what it
 * hears back. Plain values only: they cross `postMessage` by structured clone.
 */
import type { GitMark } from '../../../shared/api/contract';
import type { EntryKind, WorkspaceEntry } from '../entry-store';
import type { Match } from '../ranking';
import type { IndexEvent, IndexState } from '../workspace-index';

/** What the worker is started with (`workerData`). */
export interface IndexWorkerData {
  root: string;
  watch?: boolean;
  debounceMs?: number;
}

/** One question to the index; the answer carries the same id. */
export type IndexRequest =
  | { op: 'query'; text: string; kinds?: EntryKind[]; limit?: number; sizes?: boolean }
  | { op: 'shallowest'; kinds?: EntryKind[]; limit: number }
  | { op: 'get'; path: string }
  | { op: 'sizes'; paths: string[] }
  | { op: 'gitMarks'; items: Array<[string, EntryKind]> }
  | { op: 'ready' }
  | { op: 'settle' };

/** The answer to each request kind. */
export interface IndexAnswers {
  query: Match[];
  shallowest: WorkspaceEntry[];
  get: WorkspaceEntry | null;
  sizes: Array<[string, number]>;
  gitMarks: GitMark[][];
  ready: IndexState;
  settle: true;
}

/** The index worker's protocol (inside the worker channel's envelopes, src/main/worker-channel). */
export interface IndexProtocol {
  request: IndexRequest;
  /** One of {@link IndexAnswers}, by the request's `op`. */
  response: unknown;
  progress: never;
  hello: never;
  /** Stop watching and building: the worker then ends. */
  toWorker: { type: 'close' };
  /** The index's events (tracked, ready, updated, failed). */
  fromWorker: IndexEvent;
}
