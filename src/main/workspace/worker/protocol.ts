/**
 * What the thread that serves the window asks the workspace index's worker thread, and what it
 * hears back. Plain values only: they cross `postMessage` by structured clone.
 */
import type { GitMark } from '../../../shared/api/contract';
import type { EntryKind, WorkspaceEntry } from '../entry-store';
import type { Match } from '../ranking';
import type { Pace } from './answer';
import type { IndexEvent, IndexState } from '../workspace-index';

/** What the worker is started with (`workerData`). */
export interface IndexWorkerData {
  root: string;
  watch?: boolean;
  debounceMs?: number;
  /** How queries are paced (answer.ts); the app's unless a test sets its own. */
  pace?: Pace;
}

/** One question to the index; the answer carries the same id. */
export type IndexRequest =
  | { op: 'query'; text: string; kinds?: EntryKind[]; limit?: number; sizes?: boolean }
  /** A query answered with its first rows at once; when they are not final, `queryRest` with its `run` gives the final ones. */
  | { op: 'queryFirst'; text: string; kinds?: EntryKind[]; limit?: number; sizes?: boolean }
  /** The final answer of the `queryFirst` numbered `run`; null once a newer query replaced it (or its first rows were final). */
  | { op: 'queryRest'; run: number }
  | { op: 'shallowest'; kinds?: EntryKind[]; limit: number }
  | { op: 'get'; path: string }
  | { op: 'sizes'; paths: string[] }
  | { op: 'gitMarks'; items: Array<[string, EntryKind]> }
  | { op: 'ready' }
  | { op: 'settle' };

/** The first answer of a query: its first rows, whether they are final, and the run whose rest follows. */
export interface FirstRows {
  matches: Match[];
  final: boolean;
  run: number;
}

/** The answer to each request kind. */
export interface IndexAnswers {
  query: Match[];
  queryFirst: FirstRows;
  queryRest: Match[] | null;
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
