export { LANGUAGES, DEFAULT_PROMPT_LANGUAGE, LOCALE_OF, isLanguage, pickLanguage, resolveLanguage, posixLanguageTags } from './languages';
export type { Language, LanguageChoice } from './languages';
export { text, isText } from './text';
export type { Text, TextParam, TextParams, MessageKey } from './text';
export { translate, said, i18nInstance, hasKey } from './translate';
export { formatNumber, formatCompactNumber, formatBytes, formatSeconds, formatDateTime } from './format';
