import type { Text } from './i18n/text';
/**
 * The kinds of @-reference Atmark understands, and the parsed form every part of the app shares.
 * Environment-neutral: imported by the renderer, the main process, the CLI and tests alike.
 */

/** Every kind, in the order the composer offers them. */
export const REFERENCE_KINDS = ['file', 'folder', 'diff', 'staged', 'git', 'url', 'result'] as const;

/** One of {@link REFERENCE_KINDS}. */
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** Kinds written bare (`@diff`), without a `:VALUE`. */
export const BARE_KINDS: ReadonlySet<ReferenceKind> = new Set(['diff', 'staged']);

/** A reference found in a message by {@link parseReferences}. Offsets are UTF-16 indices into the message. */
export interface ParsedReference {
  /** The text exactly as written, e.g. `@file:"my notes.md":3-9`. */
  raw: string;
  kind: ReferenceKind;
  /** The value with quotes and any line range removed; `''` for bare kinds. */
  value: string;
  /** Start offset of `@`. */
  from: number;
  /** Offset just past the reference. */
  to: number;
  /** Whether the value was written in quotes. */
  quoted: boolean;
  /** `@file:PATH:N` or `:N-M`: 1-based, inclusive. */
  lineStart?: number;
  lineEnd?: number;
  /** `@git:N`: the count as written (clamping happens in the engine). */
  count?: number;
  /** Set when the reference is malformed: a sentence saying what is wrong and how to fix it. */
  malformed?: Text;
}

/**
 * The identity of a reference for de-duplication: the same reference written twice is attached
 * once. Two spellings that parse to the same kind, value and range are the same reference.
 */
export function referenceKey(ref: ParsedReference): string {
  const range = ref.lineStart === undefined ? '' : `:${ref.lineStart}-${ref.lineEnd ?? ref.lineStart}`;
  const count = ref.count === undefined ? '' : `:${ref.count}`;
  return `${ref.kind}\u0000${ref.value}${range}${count}`;
}
