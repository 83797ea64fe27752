/**
 * Answers one {@link IndexRequest} from a live {@link WorkspaceIndex}: the same code in the worker
 * thread and in the in-process fallback, so both behave alike.
 */
import { FIRST_ROWS_BUDGET_MS, startQuery } from '../query-run';
import { shallowest } from '../shallowest';
import type { WorkspaceIndex } from '../workspace-index';
import type { StatusMarks, statusMarksCache } from '../../git/views';
import type { EntryKind } from '../entry-store';
import type { Match } from '../ranking';
import type { IndexAnswers, IndexRequest } from './protocol';

/**
 * The status marks of each index's workspace, kept fresh for completion rows. The git reader is
 * imported on the first question: a workspace that is never completed in never loads it here.
 */
const statuses = new WeakMap<WorkspaceIndex, Promise<ReturnType<typeof statusMarksCache>>>();

/** The status marks of `index`'s workspace now (see statusMarksCache). */
async function currentMarks(index: WorkspaceIndex): Promise<StatusMarks> {
  let cache = statuses.get(index);
  if (!cache) {
    cache = import('../../git/views').then((m) => m.statusMarksCache(index.root));
    // A failed load is not kept: the next question tries again.
    cache.catch(() => statuses.delete(index));
    statuses.set(index, cache);
  }
  return (await cache).current();
}

/** The slice a query's rest runs in before the thread turns to other requests, in ms. */
const SLICE_MS = 4;

/** The latest query asked of each index: an older one still running gives way to it. */
const latest = new WeakMap<WorkspaceIndex, number>();
let asked = 0;

/** A query begun: its first rows, and its rest (null when the first rows are final already). */
interface Begun {
  first: Match[];
  /** The final answer, or null when the query gave way to a newer one or was aborted first. */
  rest: Promise<Match[] | null> | null;
}

/**
 * Begins a query (query-run.ts): its rest runs in slices, one per turn of the event loop, so
 * other requests are answered between them, and a newer query on the same index (the next
 * keystroke), or an abort, ends it: its first rows are then the last word (real matches with their
 * exact scores that nobody reads as the final answer any more). `later`: the rest's first slice
 * waits a turn, so the first rows are answered before it.
 */
function begin(index: WorkspaceIndex, text: string, kinds: readonly EntryKind[] | undefined, limit: number | undefined, signal: AbortSignal | undefined, pace: Pace, later: boolean): Begun {
  const mine = ++asked;
  latest.set(index, mine);
  // The index itself, not a snapshot: the matcher then narrows keystroke after keystroke.
  const run = startQuery(index, text, { kinds, limit }, pace.firstMs);
  if (run.final) return { first: run.final, rest: null };
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const gone = () => latest.get(index) !== mine || signal?.aborted === true;
  const rest = (async () => {
    if (later) await turn();
    while (!gone() && !run.step(pace.sliceMs)) await turn();
    return run.final;
  })();
  return { first: run.first, rest };
}

/** The rest of the latest first-rows query on each index, by its run number (see `queryFirst`). */
const rests = new WeakMap<WorkspaceIndex, { run: number; rest: Promise<Match[] | null> }>();
let firstRuns = 0;

/** `found` with the sizes of untracked files filled in (they have no recorded size), unless `sizes` is false. */
async function withSizes(index: WorkspaceIndex, found: Match[], sizes: boolean | undefined, signal: AbortSignal | undefined): Promise<Match[]> {
  if (sizes === false) return found;
  const unknown = found.filter((m) => m.kind === 'file' && m.size < 0).map((m) => m.path);
  if (unknown.length === 0) return found;
  const known = await index.sizes(unknown, signal);
  return found.map((m) => (m.kind === 'file' && m.size < 0 ? { ...m, size: known.get(m.path) ?? -1 } : m));
}

/** How a query is paced: the budget of its first rows' sample, and of each slice of the rest, in ms. */
export interface Pace {
  firstMs: number;
  sliceMs: number;
}

/**
 * Runs `request`; `signal` stops the size look-ups of a query nobody waits for any more (and the
 * rest of its search). `pace`: the app's unless a test sets its own.
 */
export async function answerRequest(index: WorkspaceIndex, request: IndexRequest, signal?: AbortSignal, pace: Pace = { firstMs: FIRST_ROWS_BUDGET_MS, sliceMs: SLICE_MS }): Promise<IndexAnswers[IndexRequest['op']]> {
  switch (request.op) {
    case 'query': {
      const { first, rest } = begin(index, request.text, request.kinds, request.limit, signal, pace, false);
      return withSizes(index, (await rest) ?? first, request.sizes, signal);
    }
    case 'queryFirst': {
      const { first, rest } = begin(index, request.text, request.kinds, request.limit, undefined, pace, true);
      const run = ++firstRuns;
      // A failed size look-up leaves the first rows shown (null), as a newer query does.
      const sized = rest?.then((found) => (found ? withSizes(index, found, request.sizes, undefined) : null)).catch(() => null);
      if (sized) rests.set(index, { run, rest: sized });
      else rests.delete(index);
      return { matches: await withSizes(index, first, request.sizes, signal), final: rest === null, run };
    }
    case 'queryRest': {
      const pending = rests.get(index);
      if (!pending || pending.run !== request.run) return null;
      return pending.rest;
    }
    case 'shallowest':
      return shallowest(index.snapshot(), request.limit, request.kinds);
    case 'get':
      return index.get(request.path) ?? null;
    case 'sizes':
      return [...(await index.sizes(request.paths, signal))];
    case 'gitMarks': {
      const marks = await currentMarks(index);
      return request.items.map(([path, kind]) => marks.of(path, kind));
    }
    case 'ready':
      return index.whenReady();
    case 'settle':
      await index.settle();
      return true;
  }
}
