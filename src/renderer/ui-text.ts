import type { ApiError } from '../shared/api/result';
import { pickLanguage, text, translate, type Language, type MessageKey, type TextParams } from '../shared/i18n';

/**
 * The renderer's words from the shared catalogues (`ui.*` and the API's texts), in the language
 * the browser or Electron reports. One function, so the UI never holds a sentence itself.
 */

/** The language the page speaks: the first of the system's languages Atmark knows, else English. */
export function uiLanguage(): Language {
  return pickLanguage(typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language]);
}

/** The words of catalogue key `key` with `params`, in the page's language. */
export function say(key: MessageKey, params?: TextParams): string {
  return translate(text(key, params), uiLanguage());
}

/** An API error's sentence in the page's language (its catalogue text when it has one). */
export function uiError(error: ApiError): string {
  return error.text ? translate(error.text, uiLanguage()) : error.message;
}
