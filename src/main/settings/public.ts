/**
 * What the renderer may see of the settings: everything but keys. Each endpoint says only whether
 * a key is kept for it (`hasApiKey`), and the stores' problems come as sentences.
 */
import type { Language, LanguageChoice } from '../../shared/i18n/languages';
import type { Text } from '../../shared/i18n/text';
import type { Limits } from '../../shared/limits';
import type { FileProblem } from '../storage';
import { ENDPOINT_PRESETS, type EndpointPreset } from './presets';
import type { Endpoint, Settings } from './schema';
import type { SecretStore } from './secrets';

/** An endpoint as the settings view shows it. */
export interface PublicEndpoint extends Endpoint {
  /** True when the secret store holds a key under `apiKeyRef`. The key itself never leaves main. */
  hasApiKey: boolean;
}

/** The settings as the renderer sees them. Plain data, safe to send over IPC. */
export interface PublicSettings {
  endpoints: PublicEndpoint[];
  chosenEndpointId: string | null;
  limits: Limits;
  allowHosts: string[];
  /** Each workspace's own allowed hosts, by its absolute path. */
  workspaceAllowHosts: Record<string, string[]>;
  /** The UI's language choice, and the language of warnings written into the prompt. */
  language: LanguageChoice;
  promptLanguage: Language;
  presets: readonly EndpointPreset[];
  /** False in the browser host and the CLI: keys typed there last until the process ends. */
  keysPersist: boolean;
  /** Sentences about damaged settings or key files, for a notice in the settings view. */
  problems: Array<{ message: string; text?: Text }>;
}

/** Builds the renderer's view of `settings`; `problems` are the load problems to show. */
export async function publicSettings(settings: Settings, secrets: SecretStore, problems: readonly FileProblem[] = [], signal?: AbortSignal): Promise<PublicSettings> {
  const endpoints = await Promise.all(
    settings.endpoints.map(async (e) => ({ ...e, hasApiKey: e.apiKeyRef !== null && (await secrets.has(e.apiKeyRef, signal)) })),
  );
  return {
    endpoints,
    chosenEndpointId: settings.chosenEndpointId,
    limits: { ...settings.limits },
    allowHosts: [...settings.allowHosts],
    workspaceAllowHosts: structuredClone(settings.workspaceAllowHosts),
    language: settings.language,
    promptLanguage: settings.promptLanguage,
    presets: ENDPOINT_PRESETS,
    keysPersist: secrets.persistent,
    problems: [...problems, ...secrets.problems()].map((p) => (p.text ? { message: p.message, text: p.text } : { message: p.message })),
  };
}
