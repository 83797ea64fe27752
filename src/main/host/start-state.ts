import path from 'node:path';
import { readCapped } from '../guards/capped-read';
import { posixLanguageTags } from '../../shared/i18n/languages';
import { isLanguageChoice, startModelsOf, type StartState } from '../../shared/api/start-state';

/**
 * The start state the door writes into the page (see src/shared/api/start-state.ts), read with the
 * door's own few modules: plain JSON reads of the settings and draft files, without the settings
 * schema, the draft store or the catalogues (loading those is what the page must not wait for).
 * Anything unexpected leaves its field out, and the page asks the API instead, which reads, checks
 * and repairs those files as always.
 */

/** The settings store's and the draft store's file names (their modules load the schemas: a test checks they agree). */
export const SETTINGS_FILE_NAME = 'settings.json';
export const DRAFT_FILE_NAME = 'draft.json';

/** Largest settings or draft file read here (the draft store saves at most 8 MiB). */
const MAX_PEEK_BYTES = 8 * 1024 * 1024;

/** The system's language tags for the page: the host's locale (`C` and `POSIX` say nothing). */
export function hostLanguageTags(given: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(given ?? posixLanguageTags(env).filter((tag) => !/^(c|posix)([._@]|$)/i.test(tag)))];
}

/** A regular file's bytes, at most {@link MAX_PEEK_BYTES}: 'missing' when there is none, null when it cannot be read plainly. */
async function readSmallFile(file: string): Promise<Buffer | 'missing' | null> {
  const read = await readCapped(file, MAX_PEEK_BYTES);
  return read.ok ? read.bytes : read.why === 'missing' ? 'missing' : null;
}

/** The JSON object in `bytes` (strict UTF-8), or null. */
function jsonObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Options of {@link readStartState}. */
export interface StartStateSources {
  /** Atmark's settings folder (settings.json, draft.json); absent: no settings and no draft are read. */
  userDataDir?: string;
  systemLanguageTags: string[];
  /**
   * True once a page has connected to the API: a page may have typed since, and the API's draft in
   * memory may be newer than the file (saves are throttled), so the draft is left out and the page
   * asks for it. Before that, the API only read the file (the draft it restores is the file's).
   */
  pageConnected: boolean;
}

/** Reads what the page can start with (see {@link StartState}). Never throws. */
export async function readStartState(sources: StartStateSources): Promise<StartState> {
  const state: StartState = { systemLanguageTags: sources.systemLanguageTags };
  if (!sources.userDataDir) return state;
  const [settings, draft] = await Promise.all([
    readSmallFile(path.join(sources.userDataDir, SETTINGS_FILE_NAME)),
    sources.pageConnected ? Promise.resolve(null) : readSmallFile(path.join(sources.userDataDir, DRAFT_FILE_NAME)),
  ]);
  const settingsObject = settings instanceof Buffer ? jsonObject(settings) : null;
  // Only a language Settings can hold, as the settings schema keeps it.
  if (isLanguageChoice(settingsObject?.language)) state.language = settingsObject.language;
  // No settings file: the defaults, which have no endpoint.
  const models = settings === 'missing' ? { endpoints: [], chosenEndpointId: null } : startModelsOf(settingsObject);
  if (models) state.models = models;
  if (draft === 'missing') state.draft = null;
  else if (draft instanceof Buffer) {
    const object = jsonObject(draft);
    // The draft store's own shape (version 1 with a text); anything else is the API's to judge.
    if (object?.version === 1 && typeof object.text === 'string') state.draft = object.text;
  }
  return state;
}
