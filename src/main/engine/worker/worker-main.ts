/**
 * The engine's worker thread: git (synchronous file reads), tokenizing and HTML extraction run here,
 * off the thread that serves the window, so the app never freezes. Built to its own file
 * (dist/engine-worker.mjs, out/main/engine-worker.js) and started by `startEngineWorker`.
 */
import { workerData } from 'node:worker_threads';
import { createEngine, EngineSetupError, type Engine } from '..';
import { createResultResolver, type ResultLookup, createImageResolver } from '../../resolvers';
import { pastedImageLookup } from '../../sessions/pasted-images';
import type { SessionStore } from '../../sessions';
import { ChannelError, serveChannel } from '../../worker-channel';
import type { EngineProtocol, WorkerEngineOptions } from './protocol';
import { WARM_UP_DELAY_MS, warmUpEngine, type WarmUp } from './warm-up';
import { hasDocumentsNear, warmExtraction } from '../../extraction';

const channel = serveChannel<EngineProtocol>({
  request(request, { signal, progress, light }) {
    if (!engine) throw new ChannelError('no-engine', 'the engine did not start');
    // The person's expansions come first: the warm-up waits for the next quiet spell. A light one
    // (no reference: the empty prompt a page sends as it opens) costs a millisecond: it does not
    // put the warm-up off (a running warm-up still gives way to it: requestsPending counts it).
    if (!light) warmUp?.postpone();
    return engine.expand(request.message, {
      signal,
      fresh: request.fresh,
      ...(request.retry?.length ? { retry: request.retry } : {}),
      ...(request.contextLength === undefined ? {} : { contextLength: request.contextLength }),
      onProgress: progress,
    });
  },
  // A worker started ahead of its workspace (prestartEngineWorker) learns its options here, once.
  notice: ({ options }) => {
    if (!started) start(options);
  },
});

let engine: Engine | undefined;
let warmUp: WarmUp | undefined;
let started = false;
if (!(workerData as { deferred?: boolean } | null)?.deferred) start(workerData as WorkerEngineOptions);

/** Creates the engine for `given` and says hello (or why it could not), then schedules the warm-ups. */
function start(given: WorkerEngineOptions): void {
  started = true;
  try {
    const { sessionDir, ...options } = given;
    const images = sessionDir ? pastedImageLookup(async () => sessionDir) : null;
    engine = createEngine({ ...options, resolvers: [createResultResolver(sessionLookup(sessionDir ?? null)), createImageResolver(images)] });
    channel.hello({ ok: true, workspaceRoot: engine.workspaceRoot, contextLength: engine.contextLength, limits: { ...engine.limits } });
    // It gives way, inside git's synchronous loops too, while a request to this worker is unanswered.
    warmUp = warmUpEngine(engine, WARM_UP_DELAY_MS, () => channel.requestsPending());
    // The warm-up's garbage (a whole `@diff`) is given back once the worker is quiet again.
    void warmUp.done.then(() => channel.worked());
    warmDocumentsOf(engine.workspaceRoot);
  } catch (err) {
    const code = err instanceof EngineSetupError ? err.code : 'failed';
    channel.hello({ ok: false, code, message: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * A workspace with documents near its top gets one extraction worker warmed (pdf.js and the Office
 * readers loaded) once the worker has been quiet for the git warm-up's delay, so the person's first
 * document does not wait for them.
 */
function warmDocumentsOf(root: string): void {
  setTimeout(() => {
    void hasDocumentsNear(root).then((found) => found && warmExtraction(1));
  }, WARM_UP_DELAY_MS).unref();
}

/** `@result` from the current session only; the session is opened lazily, and never created here. */
function sessionLookup(dir: string | null): ResultLookup | null {
  if (!dir) return null;
  let opened: Promise<SessionStore | null> | undefined;
  return async (id, signal) => {
    // Loaded here, not with the worker: the session store (and its record schemas) is for `@result` only.
    opened ??= import('../../sessions').then(({ openSession }) => openSession(dir, { create: false })).then((r) => (r.ok ? r.session : null));
    const session = await opened;
    return session ? session.lookup(id, signal) : null;
  };
}
