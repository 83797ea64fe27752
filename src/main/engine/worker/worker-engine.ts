import { existsSync } from 'node:fs';
import type { Limits } from '../../../shared/limits';
import type { Engine, EngineOptions, EngineSetupError } from '..';
import { WorkerChannel } from '../../worker-channel';
import { parseReferences } from '../../../shared/grammar';
import type { EngineProtocol, ExpandRequest, WorkerEngineOptions } from './protocol';

/** An {@link Engine} whose work happens in a worker thread; `close()` stops the thread. */
export interface WorkerEngine extends Engine {
  close(): Promise<void>;
}

/**
 * Starts an engine in a worker thread, running the built worker script at `script` (see
 * `engineWorkerScript`). Resolves once the engine is ready; rejects with {@link EngineSetupError}
 * when the workspace is unusable. Cancelling an expansion's signal cancels it in the worker.
 */
export async function startEngineWorker(script: string | URL, options: WorkerEngineOptions): Promise<WorkerEngine> {
  const taken = takeSpare(script);
  const channel = taken ?? new WorkerChannel<EngineProtocol>(script, { label: 'engine worker', worker: { workerData: options } });
  // A spare started with no options says hello once it has them.
  if (taken) taken.notify({ options });
  const hello = await channel.hello;
  if (!hello.ok) {
    void channel.terminate();
    // Loaded here, not with this module: the host that starts workers never loads the engine itself.
    const { EngineSetupError: SetupError } = await import('..');
    throw new SetupError(hello.code as EngineSetupError['code'], hello.message);
  }
  return {
    workspaceRoot: hello.workspaceRoot,
    contextLength: hello.contextLength,
    limits: hello.limits as Limits,
    expand(message, opts = {}) {
      const request: ExpandRequest = { message, fresh: opts.fresh ?? false, contextLength: opts.contextLength, ...(opts.retry?.length ? { retry: opts.retry } : {}) };
      // A cancelled expansion still answers (with what it has), as the engine in-process does. One
      // with no reference (the empty prompt a page sends as it opens) is light: the worker's
      // warm-up gives way to it but is not put off until the next quiet spell.
      return channel.request(request, { signal: opts.signal, onAbort: 'ask', light: parseReferences(message).length === 0, onProgress: (p) => opts.onProgress?.({ raw: p.raw, state: p.state, ...(p.units ? { units: p.units } : {}) }) });
    },
    async close() {
      await channel.terminate();
    },
  };
}

/**
 * A worker started before anyone knew its workspace (see {@link prestartEngineWorker}); the next
 * {@link startEngineWorker} for the same script takes it and tells it its options.
 */
let spare: { script: string; channel: WorkerChannel<EngineProtocol> } | null = null;
function takeSpare(script: string | URL): WorkerChannel<EngineProtocol> | null {
  if (!spare || spare.script !== String(script)) return null;
  const { channel } = spare;
  spare = null;
  return channel.dead ? null : channel;
}

/**
 * Starts an engine worker now, before its workspace and options are known: its thread loads its
 * code (most of a second on a busy machine) while the caller does other work, such as the browser
 * host loading its API (issue 27). The next {@link startEngineWorker} with the same script takes it.
 * One spare at most; a new one replaces an unused one.
 */
export function prestartEngineWorker(script: string): void {
  void closeSpareEngineWorker();
  spare = { script, channel: new WorkerChannel<EngineProtocol>(script, { label: 'engine worker', worker: { workerData: { deferred: true } } }) };
}

/** Ends a spare nobody took (the host stops). */
export async function closeSpareEngineWorker(): Promise<void> {
  const unused = spare;
  spare = null;
  await unused?.channel.terminate();
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
  return (options: EngineOptions & { sessionDir?: string | null }): Promise<Engine | WorkerEngine> => {
    // In-process: the engine's code loads with the first engine (the host's start does not wait for it).
    if (!script) return import('..').then(({ createEngine }) => createEngine(options));
    const { resolvers: _inProcessOnly, sanitizers: _s, countTokens: _c, now: _n, ...plain } = options;
    return startEngineWorker(script, plain);
  };
}
