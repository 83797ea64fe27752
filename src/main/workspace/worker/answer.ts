/**
 * Answers one {@link IndexRequest} from a live {@link WorkspaceIndex}: the same code in the worker
 * thread and in the in-process fallback, so both behave alike.
 */
import { query } from '../fuzzy-query';
import { shallowest } from '../shallowest';
import type { WorkspaceIndex } from '../workspace-index';
import type { StatusMarks, statusMarksCache } from '../../git/views';
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

/** Runs `request`; `signal` stops the size look-ups of a query nobody waits for any more. */
export async function answerRequest(index: WorkspaceIndex, request: IndexRequest, signal?: AbortSignal): Promise<IndexAnswers[IndexRequest['op']]> {
  switch (request.op) {
    case 'query': {
      // The index itself, not a snapshot: the matcher then narrows keystroke after keystroke.
      const found = query(index, request.text, { kinds: request.kinds, limit: request.limit });
      if (request.sizes === false) return found;
      // Untracked files have no recorded size: fetch it for the few options returned.
      const unknown = found.filter((m) => m.kind === 'file' && m.size < 0).map((m) => m.path);
      if (unknown.length === 0) return found;
      const sizes = await index.sizes(unknown, signal);
      return found.map((m) => (m.kind === 'file' && m.size < 0 ? { ...m, size: sizes.get(m.path) ?? -1 } : m));
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
