import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Limits } from '../../../shared/limits';
import type { ExpansionResult } from '../../../shared/expansion';
import { createEngine, EngineSetupError, type Engine, type EngineOptions, type ExpandOptions } from '../engine';
import type { FromWorker, ToWorker, WorkerEngineOptions } from './protocol';

/** An {@link Engine} whose work happens in a worker thread; `close()` stops the thread. */
export interface WorkerEngine extends Engine {
  close(): Promise<void>;
}

/**
 * Starts an engine in a worker thread, running the built worker script at `script` (see
 * `engineWorkerScript`). Resolves once the engine is ready; rejects with {@link EngineSetupError}
 * when the workspace is unusable. Cancelling an expansion's signal cancels it in the worker.
 */
export function startEngineWorker(script: string | URL, options: WorkerEngineOptions): Promise<WorkerEngine> {
  const worker = new Worker(script, { workerData: options });
  const pending = new Map<number, { resolve: (r: ExpansionResult) => void; reject: (e: Error) => void; onProgress?: ExpandOptions['onProgress'] }>();
  let nextId = 1;
  let dead: Error | null = null;

  const failAll = (error: Error) => {
    dead = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`the engine worker stopped (exit ${code})`)));

  return new Promise((resolveReady, rejectReady) => {
    worker.on('message', (msg: FromWorker) => {
      switch (msg.type) {
        case 'ready':
          resolveReady(makeEngine(msg.workspaceRoot, msg.contextLength, msg.limits as Limits));
          return;
        case 'setup-failed':
          void worker.terminate();
          rejectReady(new EngineSetupError(msg.code as EngineSetupError['code'], msg.message));
          return;
        case 'progress':
          pending.get(msg.id)?.onProgress?.({ raw: msg.raw, state: msg.state, ...(msg.units ? { units: msg.units } : {}) });
          return;
        case 'result':
          pending.get(msg.id)?.resolve(msg.result);
          pending.delete(msg.id);
          return;
        case 'error':
          pending.get(msg.id)?.reject(new Error(msg.message));
          pending.delete(msg.id);
          return;
      }
    });
    worker.once('exit', () => rejectReady(dead ?? new Error('the engine worker stopped before it was ready')));
    // Last: attaching a 'message' listener refs the worker again, and an idle engine must never
    // keep the process alive (the host's and the CLI's exit depend on it).
    worker.unref();
  });

  function makeEngine(workspaceRoot: string, contextLength: number, limits: Limits): WorkerEngine {
    return {
      workspaceRoot,
      contextLength,
      limits,
      expand(message, opts = {}) {
        if (dead) return Promise.reject(dead);
        const id = nextId++;
        const send = (m: ToWorker) => worker.postMessage(m);
        return new Promise<ExpansionResult>((resolve, reject) => {
          pending.set(id, { resolve, reject, onProgress: opts.onProgress });
          opts.signal?.addEventListener('abort', () => send({ type: 'cancel', id }), { once: true });
          send({ type: 'expand', id, message, fresh: opts.fresh ?? false, contextLength: opts.contextLength, ...(opts.retry?.length ? { retry: opts.retry } : {}) });
        });
      },
      async close() {
        await worker.terminate();
      },
    };
  }
}

/**
 * The built worker script next to the running bundle: `engine-worker.mjs` (CLI and browser host
 * bundle, dist/) or `engine-worker.js` (Electron main build, out/main/). Null when neither exists
 * (running from TypeScript sources, as in unit tests): callers then use the engine in-process.
 */
export function engineWorkerScript(dir: string): string | null {
  for (const name of ['engine-worker.mjs', 'engine-worker.js']) {
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * A factory for the services: engines in a worker thread running `script`, or in-process engines
 * when `script` is null (unit tests run from TypeScript sources, where no built worker exists).
 */
export function engineFactoryFor(script: string | null) {
  return (options: EngineOptions & { sessionDir?: string | null }): Engine | Promise<WorkerEngine> => {
    if (!script) return createEngine(options);
    const { resolvers: _inProcessOnly, sanitizers: _s, countTokens: _c, now: _n, ...plain } = options;
    return startEngineWorker(script, plain);
  };
}
