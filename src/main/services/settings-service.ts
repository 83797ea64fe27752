/**
 * The settings behind the API: loaded once from the user-data folder, saved atomically, and shown
 * to the renderer without keys. Keys go into the secret store passed in (the encrypted store in the
 * app, the environment/memory store in the browser host) and leave it only for Send.
 */
import path from 'node:path';
import { fileVersion, NO_FILE, type Sentence, type FileProblem } from '../storage';
import type { SettingsInput, SettingsView } from '../../shared/api/session-types';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import {
  checkSettings,
  createEnvSecretStore,
  defaultSettings,
  endpointForSend,
  engineOptionsFrom,
  loadSettings,
  MAX_SETTINGS_BYTES,
  publicSettings,
  saveSettings,
  SETTINGS_FILE,
  type SecretStore,
  type SendEndpoint,
  type Settings,
} from '../settings';
import { listModels } from '../model';
import { SERVICE_TEXT } from './text';

/** The settings of one services instance. */
export interface SettingsService {
  /** The settings as the renderer may see them. */
  view(): Promise<ApiResult<SettingsView>>;
  /** Validates and saves `input`; answers the stored settings or the first problem as a sentence. */
  save(input: SettingsInput): Promise<ApiResult<SettingsView>>;
  setKey(endpointId: string, key: string): Promise<ApiResult<SettingsView>>;
  deleteKey(endpointId: string): Promise<ApiResult<SettingsView>>;
  /** The chosen endpoint and its key, for Send only. */
  endpointForSend(signal?: AbortSignal): Promise<SendEndpoint>;
  /** The models the endpoint's server lists ([] for an unknown endpoint or a server that lists none). */
  models(endpointId: string, signal?: AbortSignal): Promise<string[]>;
  /** What engines are built with: limits and hosts; `version` changes on every save. */
  engineOptions(): Promise<{ version: number } & ReturnType<typeof engineOptionsFrom>>;
}

/**
 * Creates the settings service. Without `userDataDir` the settings live in memory (tests). The
 * default secret store reads keys from the environment and keeps typed keys in memory.
 */
export function createSettingsService(
  userDataDir: string | undefined,
  secrets: SecretStore = createEnvSecretStore(),
  onNotice: (sentence: Sentence) => void = () => undefined,
): SettingsService {
  let problems: FileProblem[] = [];
  let version = 0;
  /** The settings file's version as this window last read or wrote it (compare-and-swap, storage/file-version.ts). */
  let known: Promise<string> = Promise.resolve(NO_FILE);
  const settingsPath = userDataDir ? path.join(userDataDir, SETTINGS_FILE) : '';
  let current: Promise<Settings> = userDataDir
    ? loadSettings(userDataDir).then((loaded) => {
        known = fileVersion(settingsPath, MAX_SETTINGS_BYTES);
        problems = loaded.problems;
        // The last problem says where the damaged file was kept (see loadSettings).
        const last = loaded.problems[loaded.problems.length - 1];
        if (last) onNotice(last);
        return loaded.settings;
      })
    : Promise.resolve(defaultSettings());

  const view = async (): Promise<ApiResult<SettingsView>> => ok(await publicSettings(await current, secrets, problems));

  async function keyTarget(endpointId: string): Promise<string | null> {
    return (await current).endpoints.find((e) => e.id === endpointId)?.apiKeyRef ?? null;
  }

  // Saves run one after another, in the order they were asked: two in flight (leaving a field, then
  // closing the panel at once) would otherwise race, and the older could land on disk last.
  let saving: Promise<unknown> = Promise.resolve();

  async function save(input: SettingsInput): Promise<ApiResult<SettingsView>> {
    // Fields a caller leaves out (the languages, the workspaces' own hosts) keep their stored values.
    const stored = await current;
    const checked = checkSettings({ version: 1, language: stored.language, promptLanguage: stored.promptLanguage, maskAddresses: stored.maskAddresses, workspaceAllowHosts: stored.workspaceAllowHosts, ...input });
    if (!checked.ok) {
      const issue = checked.issues[0];
      return fail('invalid_request', SERVICE_TEXT.settingsInvalid(issue?.path ?? '', issue?.message ?? ''));
    }
    if (userDataDir) {
      // Another window saved since this one read: its change is not undone. This window takes the
      // file as it is now, and the person looks the settings over and saves again.
      const onDisk = await fileVersion(settingsPath, MAX_SETTINGS_BYTES);
      if (onDisk !== (await known)) {
        const loaded = await loadSettings(userDataDir);
        current = Promise.resolve(loaded.settings);
        known = Promise.resolve(onDisk);
        version += 1;
        return fail('failed', SERVICE_TEXT.settingsChangedElsewhere);
      }
      const saved = await saveSettings(userDataDir, checked.settings);
      if (!saved.ok) return fail('failed', SERVICE_TEXT.settingsNotSaved(saved.problem.message));
      known = fileVersion(settingsPath, MAX_SETTINGS_BYTES);
    }
    current = Promise.resolve(checked.settings);
    problems = [];
    version += 1;
    return view();
  }

  return {
    view,
    save(input) {
      const run = saving.then(() => save(input));
      saving = run.catch(() => undefined);
      return run;
    },
    async setKey(endpointId, key) {
      const ref = await keyTarget(endpointId);
      if (ref === null) return fail('not_found', SERVICE_TEXT.noKeyPlace(endpointId));
      const set = await secrets.set(ref, key);
      return set.ok ? view() : fail('failed', set.message);
    },
    async deleteKey(endpointId) {
      const ref = await keyTarget(endpointId);
      if (ref === null) return fail('not_found', SERVICE_TEXT.noKeyPlace(endpointId));
      const removed = await secrets.delete(ref);
      return removed.ok ? view() : fail('failed', removed.message);
    },
    endpointForSend: async (signal) => endpointForSend(await current, secrets, signal),
    async models(endpointId, signal) {
      const endpoint = (await current).endpoints.find((e) => e.id === endpointId);
      if (!endpoint) return [];
      const key = endpoint.apiKeyRef === null ? null : await secrets.get(endpoint.apiKeyRef, signal);
      return listModels(endpoint.baseUrl, key, signal ? { signal } : {});
    },
    engineOptions: async () => ({ version, ...engineOptionsFrom(await current) }),
  };
}
