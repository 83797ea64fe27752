import { i18nInstance, isLanguage, resolveLanguage, type Language, type LanguageChoice } from '../../shared/i18n';

/** The system's language as the host reported it (the browser host's locale); [] when it did not. */
let hostTags: readonly string[] = [];

/** Keeps the host's language tags (the `systemLanguage` call), which win over the browser's. */
export function setHostLanguageTags(tags: readonly string[]): void {
  hostTags = tags;
}

/**
 * The languages the system reports to this page: the browser host's locale when it told one
 * (`LANG=ja_JP.UTF-8 atmark serve` opens a Japanese window whatever the browser's language);
 * else the browser's preferences, or in Electron the app's locale (Chromium reports
 * `app.getLocale()` there too).
 */
export function systemLanguageTags(): readonly string[] {
  if (hostTags.length > 0) return hostTags;
  return typeof navigator === 'undefined' ? [] : navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** Settings' language as the host read it before the settings arrived (see src/shared/api/start-state.ts). */
let startChoice: LanguageChoice | undefined;

/** Keeps the language the host read from Settings, used until the settings themselves arrive. */
export function setStartLanguageChoice(choice: LanguageChoice | undefined): void {
  startChoice = choice;
}

/**
 * The UI language for a Settings choice: the choice when it names a language, else the system's.
 * Before the settings arrive (no choice yet), the choice the host read stands in for it, so the
 * first frame is already in the chosen language.
 */
export function uiLanguageFor(choice: LanguageChoice | undefined): Language {
  return resolveLanguage(choice ?? startChoice, systemLanguageTags());
}

/** The UI language in force now, for code outside React (completion, chips). */
export function currentLanguage(): Language {
  const language = i18nInstance().language;
  return isLanguage(language) ? language : 'en';
}

/** Switches the shared instance (components re-render through react-i18next) and `<html lang>`. */
export function applyLanguage(language: Language): void {
  const i18n = i18nInstance();
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
