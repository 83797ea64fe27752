import { type Resolver, refuse } from '../resolve';

/** A stored result as `@result:ID` attaches it: byte for byte as stored. */
export interface StoredResult {
  id: string;
  /** What it was: `reply of run 3`, `@file:src/a.ts in run 2`. */
  label: string;
  text: string;
  language: string;
  createdAt: string;
}

/**
 * Looks a result id up in the current session only; null when this session has no such id (or
 * its stored copy is damaged: the session store reports that separately).
 */
export type ResultLookup = (id: string, signal: AbortSignal) => Promise<StoredResult | null>;

/** The shape of a result id: `r-` and 8 lowercase base32 characters (see sessions/ids.ts). */
export const RESULT_ID = /^r-[a-z2-7]{8}$/;

/** Sentences of `@result` (one place, so other languages can follow). */
export const RESULT_TEXT = {
  noSession: 'result not found: no session is open. Results can be cited within the session that produced them',
  notInSession: 'result not found: this session has no such result. Pick one from the results of the current session',
  badId: (id: string): string => `result not found: "${id}" is not a result id (they look like r-k3d9x2ab). Pick one from the results of the current session`,
} as const;

/**
 * `@result:ID`: the stored evidence of an earlier result of the current session, attached exactly
 * as stored (the engine's sanitizers still run over it, like over every attached text). Without a
 * session (the CLI without `--session`) every id is `not_found`; so is an id of another session
 * and an unknown one. The id is checked for its shape before any lookup, so it never reaches a
 * file name unchecked.
 */
export function createResultResolver(lookup: ResultLookup | null): Resolver {
  return {
    kind: 'result',
    async resolve(ref, ctx) {
      const id = ref.value;
      if (!lookup) return refuse('not_found', RESULT_TEXT.noSession, id);
      if (!RESULT_ID.test(id)) return refuse('not_found', RESULT_TEXT.badId(id), id);
      const found = await lookup(id, ctx.signal);
      if (!found) return refuse('not_found', RESULT_TEXT.notInSession, id);
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
