import { LANGUAGES, type LanguageChoice } from '../i18n/languages';

/**
 * What the browser host writes into the page it serves, so the composer draws its first frame
 * without waiting for the API (issue 27): the API's modules take most of a second to load, and the
 * page used to wait for them, then for three calls, before it drew anything.
 *
 * Each field is what the host could read cheaply before its API loaded; a field it could not read
 * is absent, and the page asks the API for it as before. The API's answers stay the truth: they
 * replace these as they arrive.
 */
export interface StartState {
  /** The system's language tags (the host's locale), which win over the browser's. */
  systemLanguageTags: string[];
  /** The language chosen in Settings, when the settings file says so plainly. */
  language?: LanguageChoice;
  /**
   * The draft's text main will restore: null when there is no draft file. Absent when the host
   * could not tell (a damaged file, or the API already loaded and holding a newer draft): the page
   * then waits for the API's `getDraft`, as the text must not change under the person's keys.
   */
  draft?: string | null;
  /**
   * The endpoints' names and models and the chosen one, as the settings file lists them: the model
   * picker beside Send draws with them (disabled) so it does not appear late and move Attach. An
   * empty list when there is no settings file; absent when the file could not be read plainly.
   */
  models?: StartModels;
}

/** What the model picker shows before the settings arrive. */
export interface StartModels {
  endpoints: Array<{ id: string; name: string; model: string }>;
  chosenEndpointId: string | null;
}

/** The picker's part of a settings object (the file's or the state's), or null when it is not that shape. */
export function startModelsOf(value: unknown): StartModels | null {
  if (typeof value !== 'object' || value === null) return null;
  const { endpoints, chosenEndpointId } = value as Record<string, unknown>;
  if (!Array.isArray(endpoints)) return null;
  const picked: StartModels['endpoints'] = [];
  for (const e of endpoints as unknown[]) {
    const { id, name, model } = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof model !== 'string') return null;
    picked.push({ id, name: name.trim(), model: model.trim() });
  }
  return { endpoints: picked, chosenEndpointId: typeof chosenEndpointId === 'string' ? chosenEndpointId : null };
}

/** The id of the `<script type="application/json">` element that carries the state. */
export const START_STATE_ID = 'atmark-start';

/** The state as a JSON data block for the page's `<head>` (`<` escaped: the draft is the person's text). */
export function startStateElement(state: StartState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${START_STATE_ID}">${json}</script>`;
}

/** True for a value Settings' language may hold. */
export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return value === 'system' || (LANGUAGES as readonly unknown[]).includes(value);
}

/** Reads the state back from the element's text; null when it is missing or not what a host writes. */
export function parseStartState(text: string | null | undefined): StartState | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { systemLanguageTags, language, draft, models } = raw as Record<string, unknown>;
  if (!Array.isArray(systemLanguageTags) || !systemLanguageTags.every((t) => typeof t === 'string')) return null;
  const state: StartState = { systemLanguageTags: systemLanguageTags as string[] };
  if (isLanguageChoice(language)) state.language = language;
  if (draft === null || typeof draft === 'string') state.draft = draft;
  const picker = startModelsOf(models);
  if (picker) state.models = picker;
  return state;
}
