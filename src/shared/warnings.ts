import type { Text } from './i18n/text';

/**
 * Warning codes (docs/contract.md "Warnings"). Every warning shown to a person carries one of these codes,
 * the reference it is about (or null), and a sentence in the person's terms.
 */
export const WARNING_CODES = [
  'malformed',
  'not_found',
  'blocked',
  'too_large',
  'limit_exceeded',
  'failed',
  'soft_limit',
  'clamped',
  'redacted',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

/** A warning about one reference (or the whole prompt when `reference` is null). */
export interface Warning {
  code: WarningCode;
  /** The reference as written, or null for a prompt-wide warning. */
  reference: string | null;
  /**
   * What happened, in the person's terms, and how to fix it when there is a fix: the words written
   * into the prompt (English unless Settings chose another prompt language).
   */
  message: string;
  /** The same sentence as a catalogue text, so the UI can show it in the person's language. */
  text?: Text;
}
