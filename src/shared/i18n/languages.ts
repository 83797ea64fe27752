/**
 * The languages Atmark speaks, and how one is chosen from what the system reports (Electron's
 * `app.getLocale()`, the browser's `navigator.languages`, the CLI's `LANG`/`LC_ALL`/`LC_MESSAGES`).
 */
export const LANGUAGES = ['en', 'ja', 'ko'] as const;

export type Language = (typeof LANGUAGES)[number];

/** A language choice as stored in Settings: a language, or "follow the system". */
export type LanguageChoice = Language | 'system';

/** The default for text written into the prompt itself (models read English best). */
export const DEFAULT_PROMPT_LANGUAGE: Language = 'en';

/** The BCP 47 locale used for numbers and dates in each language. */
export const LOCALE_OF: Readonly<Record<Language, string>> = { en: 'en-US', ja: 'ja-JP', ko: 'ko-KR' };

/** True for one of Atmark's languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of `tags` Atmark speaks, else English. Accepts BCP 47 tags (`ja-JP`, `ko`) and POSIX
 * locales (`ko_KR.UTF-8`, `ja_JP.eucJP@euro`); `C` and `POSIX` mean English.
 */
export function pickLanguage(tags: ReadonlyArray<string | null | undefined>): Language {
  for (const tag of tags) {
    if (!tag) continue;
    const primary = tag.trim().toLowerCase().split(/[-_.@]/)[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language in force: the setting when it names one, else the system's. */
export function resolveLanguage(choice: LanguageChoice | undefined, systemTags: ReadonlyArray<string | null | undefined>): Language {
  return choice && choice !== 'system' ? choice : pickLanguage(systemTags);
}

/** The system's language tags in a POSIX environment, most specific variable first. */
export function posixLanguageTags(env: Readonly<Record<string, string | undefined>>): string[] {
  const out: string[] = [];
  // LANGUAGE is a colon-separated priority list (GNU gettext); LC_ALL overrides LC_MESSAGES overrides LANG.
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANGUAGE', 'LANG']) {
    const value = env[name];
    if (value) out.push(...value.split(':'));
  }
  return out;
}
