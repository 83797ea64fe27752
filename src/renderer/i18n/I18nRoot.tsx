import { useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nInstance } from '../../shared/i18n';
import { useApp } from '../store';
import { applyLanguage, uiLanguageFor } from './ui-language';

/**
 * Provides the shared i18next instance to the window and keeps it on the UI language: Settings'
 * choice when it names one, else the system's. A change in Settings re-renders at once.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const choice = useApp((s) => s.settings?.language);
  const language = uiLanguageFor(choice);
  // A layout effect: the switch lands before the browser paints, so no frame shows the old language.
  useLayoutEffect(() => applyLanguage(language), [language]);
  return <I18nextProvider i18n={i18nInstance()}>{children}</I18nextProvider>;
}
