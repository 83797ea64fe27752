import { LANGUAGES, pickLanguage, translate, type Language, type LanguageChoice } from '../../../shared/i18n';
import { systemLanguageTags, uiText, useUi } from '../../i18n';
import type { SectionProps } from './section';

/** A language's own name (English, 日本語, 한국어), the same whatever the UI language. */
function nameOf(language: Language): string {
  return translate(uiText('ui.language.name'), language);
}

/** One option per language, each named in itself. */
function languageOptions() {
  return LANGUAGES.map((l) => (
    <option key={l} value={l} lang={l}>
      {nameOf(l)}
    </option>
  ));
}

/**
 * The UI language and the language of the prompt's warnings, both saved at once, so the window
 * switches as soon as one is picked.
 */
export function LanguagesSection({ settings }: SectionProps) {
  const ui = useUi();
  const { form, saveChoice } = settings;
  return (
    <div className="grid-form">
      <label>
        {/* Named by its words alone (a wrapping label would add the chosen option's name). */}
        <span id="ui-language-label">{ui.t('ui.settings.language')}</span>
        <select aria-labelledby="ui-language-label" value={form.language ?? 'system'} onChange={(e) => void saveChoice({ language: e.target.value as LanguageChoice })}>
          <option value="system">{ui.t('ui.language.system', { name: nameOf(pickLanguage(systemLanguageTags())) })}</option>
          {languageOptions()}
        </select>
      </label>
      <label>
        <span id="prompt-language-label">{ui.t('ui.settings.promptLanguage')}</span>
        <select
          aria-labelledby="prompt-language-label"
          value={form.promptLanguage ?? 'en'}
          aria-describedby="prompt-language-why"
          onChange={(e) => void saveChoice({ promptLanguage: e.target.value as Language })}
        >
          {languageOptions()}
        </select>
      </label>
      <p id="prompt-language-why" className="muted">
        {ui.t('ui.settings.promptLanguageWhy')}
      </p>
    </div>
  );
}
