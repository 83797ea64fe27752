/**
 * Settings on disk: `settings.json` in the app's user-data folder (passed in), written atomically.
 * A damaged file never stops the app: what can be saved from it is kept (each endpoint and each
 * limit on its own), the rest falls back to defaults, and every loss is reported as a problem.
 */
import { parseAllowEntry } from '../../shared/allow-host';
import { promises as fsp } from 'node:fs';
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { join } from 'node:path';
import { DEFAULT_LIMITS, MiB, type Limits } from '../../shared/limits';
import { fail, jsonText, readFileCapped, STORAGE_TEXT, writeFileAtomic, type FileProblem, type FileRead, keepAside, whyOf } from '../storage';
import { defaultSettings, EndpointSchema, LimitsSchema, MAX_WORKSPACE_HOST_LISTS, SettingsSchema, type Endpoint, type Settings } from './schema';
import { SETTINGS_TEXT } from './text';

/** The settings file's name inside the user-data folder. */
export const SETTINGS_FILE = 'settings.json';

/** A settings file is small; anything larger is not ours. */
export const MAX_SETTINGS_BYTES = 1 * MiB;

/** Settings as loaded, and what was wrong with the file (empty when nothing was). */
export interface LoadedSettings {
  settings: Settings;
  problems: FileProblem[];
}

/** A field the person got wrong: where (`endpoints.0.baseUrl`) and why. */
export interface SettingsIssue {
  path: string;
  message: string;
}

/** Settings that passed validation, or the issues to show next to the fields. */
export type SettingsCheck = { ok: true; settings: Settings } | { ok: false; issues: SettingsIssue[] };

/**
 * Loads the settings from `dir`. No file gives the defaults with no problem; a damaged file gives
 * what could be salvaged plus a problem per loss. Never throws, never fails.
 */
export async function loadSettings(dir: string, signal?: AbortSignal): Promise<LoadedSettings> {
  const path = join(dir, SETTINGS_FILE);
  const read = await readFileCapped(path, MAX_SETTINGS_BYTES, signal);
  if (!read.ok) {
    if (read.problem.code === 'missing' || read.problem.code === 'aborted') return { settings: defaultSettings(), problems: [] };
    if (read.problem.code === 'unreadable') return { settings: defaultSettings(), problems: [read.problem] };
    return { settings: defaultSettings(), problems: [read.problem, await setAside(path, whyOf(read.problem))] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.value));
  } catch {
    return { settings: defaultSettings(), problems: [problem(path, SETTINGS_TEXT.notJson), await setAside(path, STORAGE_TEXT.whyNotJson())] };
  }
  const whole = SettingsSchema.safeParse(raw);
  if (whole.success) return { settings: whole.data, problems: [] };
  // What can be kept is kept; the file itself is kept aside before a save could write over it.
  const salvaged = salvage(path, raw);
  const aside = await setAside(path, STORAGE_TEXT.whyInvalidContent());
  // What was kept is written to a new settings.json, so the next start has it too.
  if (!(await fsp.lstat(path).then(() => true, () => false))) await saveSettings(dir, salvaged.settings, signal);
  return { ...salvaged, problems: [...salvaged.problems, aside] };
}

/** Renames a damaged settings file aside (see `keep-aside.ts`), as a problem to show. */
async function setAside(path: string, why: string | Text): Promise<FileProblem> {
  return problem(path, (await keepAside(path, why)).text);
}

/** Keeps every valid endpoint and limit of a damaged file; reports what was dropped. */
function salvage(path: string, raw: unknown): LoadedSettings {
  const problems: FileProblem[] = [];
  const obj = isRecord(raw) ? raw : {};
  const endpoints: Endpoint[] = [];
  for (const [i, item] of (Array.isArray(obj.endpoints) ? obj.endpoints : []).entries()) {
    const parsed = EndpointSchema.safeParse(item);
    if (parsed.success && !endpoints.some((e) => e.id === parsed.data.id)) endpoints.push(parsed.data);
    else problems.push(problem(path, SETTINGS_TEXT.droppedEndpoint(i + 1)));
  }
  const limits = salvageLimits(obj.limits, (name) => problems.push(problem(path, SETTINGS_TEXT.resetLimit(name))));
  const chosen = typeof obj.chosenEndpointId === 'string' && endpoints.some((e) => e.id === obj.chosenEndpointId) ? obj.chosenEndpointId : null;
  const allowHosts = salvageHosts(obj.allowHosts);
  const workspaceAllowHosts: Record<string, string[]> = {};
  if (isRecord(obj.workspaceAllowHosts)) {
    for (const [root, list] of Object.entries(obj.workspaceAllowHosts).slice(0, MAX_WORKSPACE_HOST_LISTS)) {
      const hosts = salvageHosts(list);
      if (root !== '' && hosts.length > 0) workspaceAllowHosts[root] = hosts;
    }
  }
  const defaults = defaultSettings();
  const language = SettingsSchema.shape.language.safeParse(obj.language);
  const promptLanguage = SettingsSchema.shape.promptLanguage.safeParse(obj.promptLanguage);
  const maskAddresses = SettingsSchema.shape.maskAddresses.safeParse(obj.maskAddresses);
  if (problems.length === 0) problems.push(problem(path, SETTINGS_TEXT.partlyDamaged));
  return {
    settings: {
      version: 1,
      endpoints,
      chosenEndpointId: chosen,
      limits,
      allowHosts,
      workspaceAllowHosts,
      language: language.success ? language.data : defaults.language,
      promptLanguage: promptLanguage.success ? promptLanguage.data : defaults.promptLanguage,
      maskAddresses: maskAddresses.success ? maskAddresses.data : defaults.maskAddresses,
    },
    problems,
  };
}

/** The valid host entries of a damaged list (see src/shared/allow-host.ts), at most 100. */
function salvageHosts(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((h): h is string => typeof h === 'string' && parseAllowEntry(h) !== null).map((h) => h.trim()).slice(0, 100);
}

function salvageLimits(raw: unknown, onReset: (name: string) => void): Limits {
  const given = isRecord(raw) ? raw : {};
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(DEFAULT_LIMITS) as Array<keyof Limits>) {
    if (!(name in given)) continue;
    const candidate = { ...limits, [name]: given[name] };
    if (LimitsSchema.safeParse(candidate).success) limits[name] = candidate[name] as number;
    else onReset(name);
  }
  return limits;
}

/**
 * Validates settings edited in the settings view (untrusted input). Issues name the field and say
 * what is wrong, in the person's terms.
 */
export function checkSettings(input: unknown): SettingsCheck {
  const parsed = SettingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

/** Saves `settings` (validated again first) to `dir` atomically. */
export async function saveSettings(dir: string, settings: Settings, signal?: AbortSignal): Promise<FileRead<true>> {
  const path = join(dir, SETTINGS_FILE);
  const checked = checkSettings(settings);
  if (!checked.ok) return fail(path, 'corrupt', SETTINGS_TEXT.invalid(checked.issues[0]?.path ?? '', checked.issues[0]?.message ?? ''));
  return writeFileAtomic(path, jsonText(checked.settings), { signal });
}

function problem(path: string, message: Text): FileProblem {
  return { path, code: 'corrupt', ...said(message) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
