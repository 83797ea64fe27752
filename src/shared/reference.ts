import { cellTargetLabel, type CellTarget } from './cells';
import type { Text } from './i18n/text';
import type { ReferenceKind } from './kinds';
/**
 * The parsed form of an @-reference every part of the app shares (the kinds themselves are
 * described in ./kinds/). Environment-neutral: imported by the renderer, the main process, the CLI
 * and tests alike.
 */

export { BARE_KINDS, REFERENCE_KINDS, type ReferenceKind } from './kinds';

/**
 * A reference found in a message by `parseReferences`. Offsets are UTF-16 indices into the message.
 * `K` is the kind's name: one of the product's kinds, unless a test parses with kinds of its own.
 */
export interface ParsedReference<K extends string = ReferenceKind> {
  /** The text exactly as written, e.g. `@file:"my notes.md":3-9`. */
  raw: string;
  kind: K;
  /** The value with quotes and any line range removed; `''` for bare kinds. */
  value: string;
  /** Start offset of `@`. */
  from: number;
  /** Offset just past the reference. */
  to: number;
  /** Whether the value was written in quotes. */
  quoted: boolean;
  /** A range after a path (`@file:PATH:N` or `:N-M`): 1-based, inclusive. */
  lineStart?: number;
  lineEnd?: number;
  /** A sheet and block of a workbook (`@file:book.xlsx:'売上 2026'!A1:D20`); absent otherwise. */
  cells?: CellTarget;
  /** What is sent of an image (`@file:shot.png:image`): its text, the picture, or both; absent: the default (see grammar/image-mode.ts). */
  imageMode?: ImageSendMode;
  /** A count (`@git:N`): as written (clamping happens in the engine). */
  count?: number;
  /** Set when the reference is malformed: a sentence saying what is wrong and how to fix it. */
  malformed?: Text;
}

/** What is sent of an image reference: its text (read locally), the picture itself, or both. */
export type ImageSendMode = 'text' | 'image' | 'both';

/**
 * The identity of a reference for de-duplication: the same reference written twice is attached
 * once. Two spellings that parse to the same kind, value and range are the same reference.
 */
export function referenceKey(ref: ParsedReference<string>): string {
  const range = ref.lineStart === undefined ? '' : `:${ref.lineStart}-${ref.lineEnd ?? ref.lineStart}`;
  const count = ref.count === undefined ? '' : `:${ref.count}`;
  const cells = ref.cells ? `\u0000${cellTargetLabel(ref.cells)}` : '';
  const mode = ref.imageMode ? `\u0000${ref.imageMode}` : '';
  return `${ref.kind}\u0000${ref.value}${range}${count}${cells}${mode}`;
}
