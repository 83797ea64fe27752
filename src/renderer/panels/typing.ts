import { parsedReferences } from '../composer/parsed';
import { findNearMisses, type NearMiss } from '../../shared/grammar';
import type { Warning } from '../../shared/warnings';

/** Codes that mean "not finished yet" while the person is still typing the reference. */
const WHILE_TYPING = new Set(['malformed', 'not_found']);

/**
 * The reference the cursor is in or at the end of, as written, or null. While the cursor is
 * there the person is still typing it: `@file:` is not yet a malformed reference.
 */
export function referenceBeingTyped(text: string, cursor: number | null): string | null {
  if (cursor === null) return null;
  return parsedReferences(text).find((r) => r.from < cursor && cursor <= r.to)?.raw ?? null;
}

/** The warnings to show now: those about the reference being typed wait until the cursor leaves it. */
export function settledWarnings(warnings: readonly Warning[], typing: string | null): readonly Warning[] {
  if (typing === null) return warnings;
  const kept = warnings.filter((w) => !(w.reference === typing && WHILE_TYPING.has(w.code)));
  return kept.length === warnings.length ? warnings : kept;
}

/**
 * The near misses to show now: not one the cursor is still in or at the end of (`@dif` on its way
 * to `@diff`). Offsets are in `text`.
 */
export function settledNearMisses(text: string, cursor: number | null): NearMiss[] {
  return findNearMisses(text).filter((m) => cursor === null || cursor < m.from || cursor > m.to);
}
