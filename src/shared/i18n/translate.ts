import i18next, { type i18n as I18n } from 'i18next';
import { en } from './catalogues/en';
import { ja } from './catalogues/ja';
import { ko } from './catalogues/ko';
import { formatBytes, formatNumber, formatSeconds } from './format';
import { chooseKoreanParticles } from './korean-particles';
import { isLanguage, type Language } from './languages';
import { localPhrase } from './phrases';
import { isText, type Text, type TextParams } from './text';

/**
 * Turns a {@link Text} into words in one language, through i18next with the three catalogues.
 * The same function serves main, the CLI and the renderer; the renderer's React binding uses the
 * instance below too, so one set of catalogues and formatters is in force everywhere.
 *
 * Catalogue strings interpolate with `{{name}}`; `{{n, number}}` formats for the locale,
 * `{{n, bytes}}` as a size (KiB/MiB), `{{ms, seconds}}` as seconds with one decimal.
 */

let instance: I18n | null = null;

/** The shared i18next instance, created on first use (synchronously: the catalogues are bundled). */
export function i18nInstance(): I18n {
  if (instance) return instance;
  const made = i18next.createInstance();
  void made.init({
    resources: { en: { translation: en }, ja: { translation: ja }, ko: { translation: ko } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'ja', 'ko'],
    initAsync: false,
    // Texts are shown by React (which escapes) or written as plain text: never HTML-escaped here.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<I18n['init']>[0]);
  made.services.formatter?.add('bytes', (value, lng) => formatBytes(Number(value), asLanguage(lng)));
  made.services.formatter?.add('seconds', (value, lng) => formatSeconds(Number(value), asLanguage(lng)));
  made.services.formatter?.add('number', (value, lng) => formatNumber(Number(value), asLanguage(lng)));
  instance = made;
  return made;
}

function asLanguage(lng: string | undefined): Language {
  return isLanguage(lng) ? lng : 'en';
}

/**
 * The words of `message` in `language`. A plain string (a sentence stored before texts had keys, or
 * one that came from outside, such as a server's own error) is returned as it is.
 */
export function translate(message: Text | string, language: Language): string {
  if (typeof message === 'string') return message;
  const params: Record<string, unknown> = { lng: language };
  for (const [name, value] of Object.entries(message.params ?? {})) params[name] = resolveParam(value, language);
  const words = String(i18nInstance().t(message.key, params as never));
  // Korean particles depend on the filled-in word: the catalogue writes both forms, one is kept here.
  return language === 'ko' ? chooseKoreanParticles(words) : words;
}

const LIST_SEPARATOR: Readonly<Record<Language, string>> = { en: ', ', ja: '、', ko: ', ' };

function resolveParam(value: TextParams[string], language: Language): unknown {
  if (Array.isArray(value)) return value.map((item: TextParams[string]) => String(resolveParam(item, language))).join(LIST_SEPARATOR[language]);
  if (isText(value)) return translate(value, language);
  // main's English phrases (a protected path's reason, an address kind, a secret rule) in this language.
  if (typeof value === 'string') return localPhrase(value, language);
  return value ?? '';
}

/** True when `key` is in the English catalogue (the reference for every language). */
export function hasKey(key: string): boolean {
  return i18nInstance().exists(key, { lng: 'en', fallbackLng: false } as never);
}

/**
 * The English words of a text together with the text itself, for the records that carry both
 * (`message` for the prompt, logs and tests; `text` for the UI in the person's language).
 */
export function said(message: Text): { message: string; text: Text } {
  return { message: translate(message, 'en'), text: message };
}
