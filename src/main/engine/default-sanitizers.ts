import type { Sanitizer } from './sanitize';

/**
 * The sanitizers every attached text passes through by default: secrets redacted (looking through
 * invisible characters), then invisible Unicode made visible. Both report `redacted` warnings.
 * The guard (and secretlint behind it) is imported on the first attached text.
 */
export function defaultSanitizers(): Sanitizer[] {
  return [
    async (text, reference, context) => {
      const { guardAttachedText } = await import('../guards/secret-guard');
      const guarded = await guardAttachedText(text, reference, context ? { context } : {});
      return { text: guarded.text, warnings: guarded.warnings };
    },
  ];
}
