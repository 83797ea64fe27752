/**
 * The engine worker's warm-up. A fresh process runs its first `@diff` several times slower than
 * its next ones (issue 12: about 250 ms against 35 ms on a 10,000-file repository): the code is
 * not compiled yet, and the index, the pack indexes and the patches are not cached. So once a
 * workspace is open and the worker is idle, it resolves `@diff @git:1` once in the background,
 * with the same engine and caches the person's expansions use, and throws the result away. By the
 * time a person has typed a git reference, it costs nearly what a warm one costs. The expansion is
 * a fresh one: it fills the caches keyed by content (objects, patches, cleaned texts), and leaves
 * no entry in the short reuse-while-typing cache, so an edit the person makes just after it is
 * never hidden from their own `@diff`.
 *
 * It gives way to the person: it starts only after {@link WARM_UP_DELAY_MS} without an expansion
 * asked for; an expansion asked for while it runs aborts it (what it read stays cached) and it
 * tries again after the next quiet spell. An expansion of a message with no reference (the empty
 * prompt a page sends as it opens) does not put it off: it is answered in a millisecond, and it used
 * to put off the warm-up until after the person's first git reference had come (issue 27). A running
 * warm-up still gives way to it, as to any request: plain typing's expansions must not wait behind
 * a cold `@diff` of a large repository (they did, up to the warm-up's whole run). Much of git's
 * reading is synchronous, so no message (and no abort) reaches the worker while it runs: the
 * warm-up also asks `yieldNow` (a request sent to the worker and not yet taken up, seen through
 * memory both threads share) inside those loops and ends there, so the person's request waits for
 * one step of the reader, not for the whole warm-up (nor does a warm-up start, or go on, while a
 * request is being answered); it never runs longer than {@link WARM_UP_LIMIT_MS}, and a repository
 * too large for that is not tried again. A folder that is not a git repository costs
 * a warning nobody sees. The tokenizer is loaded, as the first expansion would load it anyway.
 */

import type { Engine } from '..';

/** How long the worker must be idle before the warm-up starts. */
export const WARM_UP_DELAY_MS = 300;
/** Longest the warm-up may run (a huge repository's first `@diff` can take seconds). */
export const WARM_UP_LIMIT_MS = 3000;
/** What the warm-up expands: `@diff` reads the index, the objects and the work tree; `@git:1` a commit and its trees. */
export const WARM_UP_MESSAGE = '@diff @git:1';

/** A scheduled warm-up. */
export interface WarmUp {
  /** The person asked for an expansion: wait for the next quiet spell (aborting a run in progress). */
  postpone(): void;
  /** Gives up: cancels it before it starts, or aborts it while it runs. */
  stop(): void;
  /** Settles once the warm-up has run to its end, hit its limit or been stopped (never rejects). */
  readonly done: Promise<void>;
}

/**
 * Schedules `expand(WARM_UP_MESSAGE)` for after `delay` quiet ms, each run bounded by `limit` ms.
 * `expand` is handed the run's signal and a `yieldNow` check: once `waiting` says a request is
 * waiting, the check stays true for the rest of that run, and a run that gave way is tried again
 * after the next quiet spell.
 */
export function scheduleWarmUp(
  expand: (message: string, signal: AbortSignal, yieldNow: () => boolean) => Promise<unknown>,
  delay = WARM_UP_DELAY_MS,
  limit = WARM_UP_LIMIT_MS,
  waiting: () => boolean = () => false,
): WarmUp {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let over = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: AbortController | null = null;

  const end = () => {
    over = true;
    if (timer) clearTimeout(timer);
    timer = null;
    finish();
  };
  const run = () => {
    timer = null;
    // A request still being answered: the quiet spell has not begun.
    if (waiting()) return arm();
    const controller = new AbortController();
    running = controller;
    let timedOut = false;
    const bound = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
    bound.unref();
    let gaveWay = false;
    const yieldNow = () => (gaveWay ||= waiting());
    expand(WARM_UP_MESSAGE, controller.signal, yieldNow)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(bound);
        if (running === controller) running = null;
        // Postponed (aborted by the person's expansion): another run is already scheduled.
        if (controller.signal.aborted && !timedOut) return;
        // Gave way to a request not taken up yet (its postpone() will arm again as well).
        if (gaveWay && !over) return arm();
        end();
      });
  };
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    // A worker with nothing else to do must be free to exit.
    timer.unref();
  };
  arm();
  return {
    done,
    postpone() {
      if (over) return;
      running?.abort();
      running = null;
      arm();
    },
    stop() {
      if (over) return;
      running?.abort();
      end();
    },
  };
}

/**
 * The engine worker's warm-up of `engine` (see the module comment): a fresh expansion of
 * {@link WARM_UP_MESSAGE} after `delay` quiet ms, giving way whenever `waiting` says a request is
 * waiting for the worker.
 */
export function warmUpEngine(engine: Pick<Engine, 'expand'>, delay = WARM_UP_DELAY_MS, waiting: () => boolean = () => false): WarmUp {
  return scheduleWarmUp((message, signal, yieldNow) => engine.expand(message, { signal, fresh: true, background: true, yieldNow }), delay, WARM_UP_LIMIT_MS, waiting);
}
