import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, isLanguage, translate, type Language, type TextParams } from '../../shared/i18n';
import { say, uiText, type Said, type UiKey } from './said';

/** What a component needs to speak: the language, its words, and how to show a message from main. */
export interface Ui {
  language: Language;
  /** The words of a `ui.*` key in the UI language. */
  t(key: UiKey, params?: TextParams): string;
  /** A warning, an error or a notice in the UI language (see {@link say}). */
  say(said: Said): string;
  /** A count with the locale's grouping. */
  number(value: number): string;
  /** A date and time in the locale's form. */
  date(value: string | number | Date): string;
}

/**
 * The UI's words for a component. react-i18next re-renders every component that uses this when
 * the language changes (Settings, or the system's language at start).
 */
export function useUi(): Ui {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return useMemo(
    () => ({
      language,
      t: (key, params) => translate(uiText(key, params), language),
      say: (said) => say(said, language),
      number: (value) => formatNumber(value, language),
      date: (value) => formatDateTime(value, language),
    }),
    [language],
  );
}
