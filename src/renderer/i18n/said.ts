import { hasKey, isText, text, translate, type Language, type MessageKey, type Text, type TextParams } from '../../shared/i18n';

/** A key of the renderer's catalogues: `ui.*` (en-ui.ts) and `compose.*` (en-compose.ts, the composer's budget, completion and settings feedback). */
export type UiKey = Extract<MessageKey, `ui.${string}` | `compose.${string}`>;

/** A text as stored in a run file: its key may be one this version does not know (a newer Atmark wrote it). */
export interface StoredText {
  key: string;
  params?: Readonly<Record<string, unknown>>;
}

/**
 * Something the renderer shows a person: one of its own catalogue texts, or a sentence from main
 * (a warning, an API error, a run's error) with its English words and, when main gave one, its
 * catalogue text. Stored as data and turned into words only when drawn, so a language switch
 * redraws notices and errors too.
 */
export type Said = Text | { message: string; text?: Text | StoredText };

/** A text of the renderer's catalogue (typed, so a key missing from en-ui.ts does not compile). */
export function uiText(key: UiKey, params?: TextParams): Text {
  return text(key, params);
}

/** True when this version's catalogues hold `key` (a plural key by its base). */
function known(key: string): boolean {
  return hasKey(key) || hasKey(`${key}_other`);
}

/**
 * The words of `said` in `language`: the one place that decides how a warning or an error from
 * main is shown (its catalogue text when it has one this version knows, else the English sentence
 * it came with).
 */
export function say(said: Said, language: Language): string {
  if (isText(said)) return translate(forTheWindow(said), language);
  return said.text && known(said.text.key) ? translate(forTheWindow(said.text as Text), language) : said.message;
}

/**
 * Main's sentences as the window says them: advice that names a command-line flag for the CLI
 * names the setting instead (`net.allowHint` becomes `net.allowHintWindow`), at any depth.
 */
const WINDOW_KEYS: Readonly<Record<string, string>> = { 'net.allowHint': 'net.allowHintWindow' };

function forTheWindow(said: Text): Text {
  const params = said.params
    ? Object.fromEntries(Object.entries(said.params).map(([name, value]) => [name, isText(value) ? forTheWindow(value) : value]))
    : undefined;
  const key = (WINDOW_KEYS[said.key] ?? said.key) as Text['key'];
  return params ? { ...said, key, params } : { ...said, key };
}
