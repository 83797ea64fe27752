import type { Text } from '../i18n/text';
import { translate } from '../i18n/translate';
/**
 * Results that cross the renderer/main boundary. Class instances and prototypes do not survive
 * `contextBridge` or JSON, so every call answers with one of these plain values.
 */

/** Stable codes for a call that did not produce a value. */
export const API_ERROR_CODES = [
  'invalid_request',
  'forbidden',
  'no_workspace',
  'not_found',
  'not_a_folder',
  'unsupported',
  'cancelled',
  'failed',
  'no_endpoint',
  'no_api_key',
  'blocked',
  'stopped',
  'busy',
] as const;

/** One of {@link API_ERROR_CODES}. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Why a call failed: a stable code and a sentence for a person. */
export interface ApiError {
  code: ApiErrorCode;
  /** The sentence in English (logs, tests, callers without catalogues). */
  message: string;
  /** The same sentence as a catalogue text, for the UI to show in the person's language. */
  text?: Text;
}

/** What every call resolves with; calls never reject across the boundary. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): ApiResult<T> {
  return { ok: true, value };
}

/** Builds a failed result with a stable code and a sentence for a person. */
export function fail<T = never>(code: ApiErrorCode, message: string | Text): ApiResult<T> {
  if (typeof message === 'string') return { ok: false, error: { code, message } };
  return { ok: false, error: { code, message: translate(message, 'en'), text: message } };
}
