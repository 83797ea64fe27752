import { text, type Text } from '../../shared/i18n/text';

/**
 * The sentences of the storage helpers, as catalogue texts. Their keys stay `session.*`: these
 * files were the session store's before settings shared them, and stored notices name those keys.
 */
export const STORAGE_TEXT = {
  keptAside: (name: string, why: string, keptAs: string): Text => text('session.keptAside', { name, why, keptAs }),
  couldNotKeepAside: (name: string, why: string, error: string): Text => text('session.couldNotKeepAside', { name, why, error }),
} as const;
