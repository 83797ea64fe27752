import type { Resolver } from '../engine/resolver';
import { refuse } from '../engine/resolver';

/** A stored result as `@result:ID` attaches it: byte for byte as stored. */
export interface StoredResult {
  id: string;
  /** What it was: `reply of run 3`, `@file:src/a.ts from run 2`. */
  label: string;
  text: string;
  language: string;
  createdAt: string;
}

/** Looks a result id up in the current session only; null when this session has no such id. */
export type ResultLookup = (id: string, signal: AbortSignal) => Promise<StoredResult | null>;

/**
 * `@result:ID`: the stored evidence of an earlier result of the current session. Without a
 * session (the CLI without `--session`), every id is `not_found`.
 */
export function createResultResolver(lookup: ResultLookup | null): Resolver {
  return {
    kind: 'result',
    async resolve(ref, ctx) {
      const id = ref.value;
      const found = lookup ? await lookup(id, ctx.signal) : null;
      if (!found) {
        const why = lookup ? 'this session has no such result' : 'no session is open';
        return refuse('not_found', `result not found: ${why}. Pick one from the results of the current session`, id);
      }
      return {
        ok: true,
        text: found.text,
        description: `result ${found.id}: ${found.label}`,
        target: found.id,
        language: found.language,
        source: { resultId: found.id, readAt: ctx.now().toISOString() },
      };
    },
  };
}
