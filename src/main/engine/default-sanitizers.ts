import { guardAttachedText } from '../guards/secret-guard';
import type { Sanitizer } from './sanitize';

/**
 * The sanitizers every attached text passes through by default: secrets redacted (looking through
 * invisible characters), then invisible Unicode made visible. Both report `redacted` warnings.
 */
export function defaultSanitizers(): Sanitizer[] {
  return [
    async (text, reference, context) => {
      const guarded = await guardAttachedText(text, reference, context ? { context } : {});
      return { text: guarded.text, warnings: guarded.warnings };
    },
  ];
}
