export { I18nRoot } from './I18nRoot';
export { useUi, type Ui } from './use-ui';
export { say, uiText, type Said, type UiKey } from './said';
export { applyLanguage, currentLanguage, setHostLanguageTags, setStartLanguageChoice, systemLanguageTags, uiLanguageFor } from './ui-language';
