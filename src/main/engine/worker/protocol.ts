import type { ExpansionResult, ReferenceProgress } from '../../../shared/expansion';
import type { EngineOptions } from '..';

/**
 * What the thread that serves the window and the engine's worker thread say to each other, inside
 * the worker channel's envelopes (src/main/worker-channel). Plain values only: they cross
 * `postMessage` by structured clone.
 */

/** What the worker is started with: the engine's options without functions. */
export type WorkerEngineOptions = Omit<EngineOptions, 'resolvers' | 'sanitizers' | 'countTokens' | 'now'> & {
  /** The current session's folder: `@result:ID` and `@image:NAME` look there (and nowhere else). */
  sessionDir?: string | null;
};

/** One expansion asked of the worker. */
export interface ExpandRequest {
  message: string;
  fresh: boolean;
  contextLength?: number;
  retry?: readonly string[];
}

/** What the worker says once started: its engine's figures, or why the workspace is unusable. */
export type EngineHello =
  | { ok: true; workspaceRoot: string; contextLength: number; limits: EngineOptions['limits'] }
  | { ok: false; code: string; message: string };

/** The engine worker's protocol. */
export interface EngineProtocol {
  request: ExpandRequest;
  response: ExpansionResult;
  progress: ReferenceProgress;
  hello: EngineHello;
  /** A worker started ahead of its workspace (`prestartEngineWorker`) is told its options this way, once. */
  toWorker: { options: WorkerEngineOptions };
  fromWorker: never;
}
