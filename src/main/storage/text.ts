import { text, type Text } from '../../shared/i18n/text';

/**
 * The sentences of the storage helpers, as catalogue texts. Their keys stay `session.*`: these
 * files were the session store's before settings shared them, and stored notices name those keys.
 */
export const STORAGE_TEXT = {
  keptAside: (name: string, why: string | Text, keptAs: string): Text => text('session.keptAside', { name, why, keptAs }),
  couldNotKeepAside: (name: string, why: string | Text, error: string): Text => text('session.couldNotKeepAside', { name, why, error }),
  /** Why a file of Atmark's own was set aside, as words of the person's language. */
  whyNotJson: (): Text => text('session.whyNotJson'),
  whyInvalidContent: (): Text => text('session.whyInvalidContent'),
} as const;
