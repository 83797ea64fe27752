import { guardAttachedText } from '../guards/secret-guard';
import type { Sanitizer } from './sanitize';

/**
 * The sanitizers every attached text passes through by default: secrets redacted (looking through
 * invisible characters), then invisible Unicode made visible. Both report `redacted` warnings.
 */
export function defaultSanitizers(): Sanitizer[] {
  return [
    async (text, reference) => {
      const guarded = await guardAttachedText(text, reference);
      return { text: guarded.text, warnings: guarded.warnings };
    },
  ];
}
