import type { ExpansionResult, ReferenceProgress } from '../../../shared/expansion';
import type { EngineOptions } from '../engine';

/**
 * Messages between the thread that serves the window and the engine's worker thread. Plain values
 * only: they cross `postMessage` by structured clone.
 */

/** What the worker is started with: the engine's options without functions. */
export type WorkerEngineOptions = Omit<EngineOptions, 'resolvers' | 'sanitizers' | 'countTokens' | 'now'> & {
  /** The current session's folder: `@result:ID` and `@image:NAME` look there (and nowhere else). */
  sessionDir?: string | null;
};

export type ToWorker =
  | { type: 'expand'; id: number; message: string; fresh: boolean; contextLength?: number; retry?: readonly string[] }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'ready'; workspaceRoot: string; contextLength: number; limits: EngineOptions['limits'] }
  | { type: 'setup-failed'; code: string; message: string }
  | ({ type: 'progress'; id: number } & ReferenceProgress)
  | { type: 'result'; id: number; result: ExpansionResult }
  | { type: 'error'; id: number; message: string };
