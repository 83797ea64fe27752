import type { ExpansionResult, ReferenceProgress } from '../../shared/expansion';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import type { Engine, EngineOptions } from '../engine';
import { SERVICE_TEXT } from './text';
import { DEFAULT_CONTEXT_LENGTH } from '../../shared/limits';

/**
 * Creates an engine. The services take one so tests, benches and the app can hand in their own
 * (for example a worker-thread engine, which starts asynchronously).
 */
export type EngineFactory = (options: EngineOptions & { sessionDir?: string | null }) => Engine | Promise<Engine>;

/** Progress of one reference of a running expansion. */
export type ExpandProgress = (p: ReferenceProgress) => void;

/** What one expansion asks for. */
export interface ExpandRequest {
  requestId: string;
  text: string;
  contextLength: number;
  /** Re-read every reference (Copy, Export, Send) instead of reusing unchanged ones. */
  fresh?: boolean;
  /** For an export: email addresses are masked unless the setting says never (see `ExpandOptions.forExport`). */
  forExport?: boolean;
  /** References (as written) the person asked to try again (see `ExpandOptions.retry`). */
  retry?: readonly string[];
}

/**
 * What every engine is built with beyond the workspace, context length and grants (limits, allowed
 * hosts, the `@result` resolver of the current session); `key` changes whenever they do, so
 * engines built with older options are not reused.
 */
export type EngineExtras = () => Promise<{ key: string; options: Omit<Partial<EngineOptions>, 'workspace' | 'contextLength' | 'grants'> & { sessionDir?: string | null } }>;

/** Runs expansions for the services: engines kept warm, stale work cancelled. */
export interface Expander {
  /** The engine for `root` at `contextLength` with the current extras (Send uses it). */
  engine(root: string, contextLength: number): Promise<Engine>;
  /** Expands `text` in the workspace `root`; cancelled by {@link Expander.cancel} with the same id. */
  expand(root: string, input: ExpandRequest, onProgress: ExpandProgress): Promise<ApiResult<ExpansionResult>>;
  /** Aborts the expansion with this id; false when none is running. */
  cancel(requestId: string): boolean;
  /** Real paths of files outside the workspace granted one by one. */
  readonly grants: Set<string>;
  /** Drops the engines (the workspace changed). */
  reset(): void;
  /**
   * Starts the engine for `root` in the background (a workspace was opened), so the first reference
   * a person types does not wait for the engine (a worker thread: its start, code and tokenizer take
   * most of a second on a busy machine) to start. The engine is the one that expansion would make.
   */
  prepare(root: string): void;
  /** Cancels running expansions and closes every engine now, retired ones too (the app or host stops). */
  close(): Promise<void>;
}

/**
 * Engines kept at once, one per workspace, settings and grant set; the oldest is dropped first. Each
 * engine keeps its own caches (git packs, and the per-reference cache keyed by content identity
 * that lets typing prose around unchanged references re-read nothing), so reusing engines is what
 * keeps the live preview cheap.
 */
const MAX_ENGINES = 4;

/**
 * An engine dropped from the pool may still be finishing an expansion; one that owns a thread
 * (a worker engine) is closed this long after it was dropped.
 */
const CLOSE_DROPPED_AFTER_MS = 60_000;

/**
 * How long an expansion the page cancelled keeps running, in ms, in case the very same expansion
 * is asked for next. Why (issue 27): a page that has just opened asks again for the text it has
 * (once the workspace is loaded, again once it is announced), cancelling each time the expansion
 * already running; traced, a first `@diff` typed then was started up to three times and its chip
 * waited for the last cold run. A request for anything else ends the cancelled work at once.
 */
export const HANDOVER_MS = 100;

/** One expansion in the expander's hands. */
interface Run {
  controller: AbortController;
  /** What was asked, for matching a repeat: workspace, text and every option. */
  ask: string;
  /** The engine it runs on, once started. */
  engine?: Engine;
  /** The engine's work, once handed to it. */
  work?: Promise<ExpansionResult>;
  /** The controller the engine's work runs under (this run's own, or the one it took over). */
  root: AbortController;
  /** What every run that holds the same work shares. */
  job: Job;
  /** Cancelled by its page: it answers `cancelled`, whatever becomes of its work. */
  cancelled?: boolean;
  /** The abort that follows a cancel unless a repeat takes the work over first. */
  pending?: NodeJS.Timeout;
}

/** One piece of engine work, shared by the runs that hand it on. */
interface Job {
  /** Where its progress goes: the request that holds it now. */
  to: ExpandProgress;
  /** The last progress per reference, for a request that takes the work over. */
  last: Map<string, ReferenceProgress>;
  /** Set once the work has failed: a repeat does not take a failure over. */
  failed: boolean;
}

/** The key of what `input` asks in `root`: two requests with equal keys get the same expansion from one engine. */
function askOf(root: string, input: ExpandRequest): string {
  return JSON.stringify([root, input.text, input.contextLength, input.fresh === true, input.forExport === true, [...(input.retry ?? [])].sort()]);
}

/** Closes an engine if it has anything to close (a worker engine's thread); never rejects. */
async function closeEngine(engine: Promise<Engine>): Promise<void> {
  const e = await engine.catch(() => null);
  await (e as (Engine & { close?: () => Promise<void> }) | null)?.close?.().catch(() => undefined);
}

/**
 * The engine's own `createEngine`, in this process. Its code (resolvers, the secret scan, the
 * tokenizer) loads on the first engine, not with the services: the browser host and the app run
 * their engines in a worker and never load it here (issue 27: the host's start).
 */
const inProcessEngine: EngineFactory = (options) => import('../engine').then(({ createEngine }) => createEngine(options));

/** Creates an {@link Expander} using `factory` (default: the engine's `createEngine`, in this process). */
export function createExpander(factory: EngineFactory = inProcessEngine, extras: EngineExtras = async () => ({ key: '', options: {} })): Expander {
  const engines = new Map<string, Promise<Engine>>();
  const running = new Map<string, Run>();
  /** Cancelled runs whose work goes on for {@link HANDOVER_MS}, by request id. */
  const cancelling = new Map<string, Run>();
  const grants = new Set<string>();
  /** Dropped engines waiting to be closed, each with its timer. */
  const retired = new Map<Promise<Engine>, NodeJS.Timeout>();
  let closed = false;

  /** Closes a dropped engine later: it may still be finishing an expansion. */
  function retire(engine: Promise<Engine>): void {
    const timer = setTimeout(() => {
      retired.delete(engine);
      void closeEngine(engine);
    }, CLOSE_DROPPED_AFTER_MS);
    timer.unref();
    retired.set(engine, timer);
  }

  /** Ends a cancelled run's work (its grace is over, or something else was asked for). */
  function endCancelled(requestId: string, run: Run): void {
    clearTimeout(run.pending);
    if (cancelling.get(requestId) === run) cancelling.delete(requestId);
    run.controller.abort();
  }

  /**
   * A cancelled run still working on what `run` asks, on the same engine: taken out of the
   * cancelled ones and out of `running` (a later cancel or a reused id must not reach the work
   * through it), or undefined.
   */
  function takeOver(run: Run): Run | undefined {
    for (const [id, r] of cancelling) {
      if (r.ask !== run.ask || r.engine !== run.engine || !r.work || r.job.failed || r.root.signal.aborted) continue;
      clearTimeout(r.pending);
      cancelling.delete(id);
      if (running.get(id) === r) running.delete(id);
      return r;
    }
    return undefined;
  }

  async function engineFor(root: string, contextLength: number): Promise<Engine> {
    const grantList = [...grants].sort();
    const extra = await extras();
    // Closed while the options were read (a prepared engine racing the close): start nothing.
    if (closed) throw new Error('the expander is closed');
    // Not keyed by context length: each expansion passes its own, so a new length reuses the
    // engine and its prepared references (only the budget is computed again).
    const key = `${root}\u0000${extra.key}\u0000${grantList.join('\u0000')}`;
    let engine = engines.get(key);
    if (engine) {
      engines.delete(key); // re-insert: Map order is the LRU order
    } else {
      engine = Promise.resolve().then(() => factory({ ...extra.options, workspace: root, contextLength, grants: grantList }));
      engine.catch(() => engines.delete(key)); // a failed start is retried next time
    }
    engines.set(key, engine);
    while (engines.size > MAX_ENGINES) {
      const oldest = engines.keys().next().value as string;
      retire(engines.get(oldest) as Promise<Engine>);
      engines.delete(oldest);
    }
    return engine;
  }

  return {
    grants,
    async engine(root, contextLength) {
      const engine = await engineFor(root, contextLength);
      return { workspaceRoot: engine.workspaceRoot, limits: engine.limits, contextLength, expand: (message, options) => engine.expand(message, { contextLength, ...options }) };
    },
    async expand(root, input, onProgress) {
      running.get(input.requestId)?.controller.abort();
      const ask = askOf(root, input);
      // Another expansion replaces cancelled work: that work ends now, not after its grace.
      for (const [id, r] of cancelling) if (r.ask !== ask) endCancelled(id, r);
      const controller = new AbortController();
      const run: Run = { controller, root: controller, ask, job: { to: onProgress, last: new Map(), failed: false } };
      running.set(input.requestId, run);
      try {
        const engine = await engineFor(root, input.contextLength);
        // Replaced while the engine was starting (a page opens, its person types, it refreshes): the
        // engine never sees it, or a worker would run every one of them through a cold `@diff`.
        if (run.controller.signal.aborted) return fail('cancelled', SERVICE_TEXT.cancelled);
        run.engine = engine;
        const donor = takeOver(run);
        let work: Promise<ExpansionResult>;
        if (donor?.work) {
          // The same expansion, cancelled a moment ago and still running: its work becomes this one's.
          work = donor.work;
          run.root = donor.root;
          run.job = donor.job;
          run.job.to = onProgress;
          // What the page missed while another request held the work (it shows one request's states).
          for (const p of run.job.last.values()) onProgress(p);
          run.controller.signal.addEventListener('abort', () => donor.controller.abort(), { once: true });
        } else {
          const job = run.job;
          work = engine.expand(input.text, {
            signal: run.controller.signal,
            onProgress: (p) => {
              job.last.set(p.raw, p);
              job.to(p);
            },
            fresh: input.fresh === true,
            contextLength: input.contextLength,
            ...(input.forExport ? { forExport: true } : {}),
            ...(input.retry?.length ? { retry: input.retry } : {}),
          });
          work.catch(() => void (job.failed = true));
        }
        run.work = work;
        const result = await work;
        return run.controller.signal.aborted || run.cancelled ? fail('cancelled', SERVICE_TEXT.cancelled) : ok(result);
      } catch (error) {
        if (run.controller.signal.aborted || run.cancelled) return fail('cancelled', SERVICE_TEXT.cancelled);
        return fail('failed', SERVICE_TEXT.expandFailed(error instanceof Error ? error.message : String(error)));
      } finally {
        if (running.get(input.requestId) === run) running.delete(input.requestId);
      }
    },
    prepare(root) {
      // Not keyed by context length (see engineFor): any length gives the engine expansions use.
      engineFor(root, DEFAULT_CONTEXT_LENGTH).catch(() => undefined);
    },
    cancel(requestId) {
      const run = running.get(requestId);
      if (!run) return false;
      run.cancelled = true;
      if (run.work && !run.controller.signal.aborted && !run.pending) {
        // Its work may be asked for again at once (a page refreshing the text it has): kept briefly.
        run.pending = setTimeout(() => endCancelled(requestId, run), HANDOVER_MS);
        run.pending.unref();
        cancelling.set(requestId, run);
      } else run.controller.abort();
      return true;
    },
    reset() {
      for (const engine of engines.values()) retire(engine);
      engines.clear();
    },
    async close() {
      closed = true;
      for (const [id, run] of cancelling) endCancelled(id, run);
      for (const run of running.values()) run.controller.abort();
      running.clear();
      for (const timer of retired.values()) clearTimeout(timer);
      const all = [...engines.values(), ...retired.keys()];
      engines.clear();
      retired.clear();
      await Promise.all(all.map(closeEngine));
    },
  };
}
