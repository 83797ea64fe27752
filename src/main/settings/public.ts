/**
 * What the renderer may see of the settings: everything but keys. Each endpoint says only whether
 * a key is kept for it (`hasApiKey`), and the stores' problems come as sentences.
 */
import type { PublicEndpointView, SettingsView } from '../../shared/api/session-types';
import { copySettingsFields } from '../../shared/api/settings-fields';
import type { FileProblem } from '../storage';
import { ENDPOINT_PRESETS } from './presets';
import type { Settings } from './schema';
import type { SecretStore } from './secrets';

/** An endpoint as the settings view shows it: the contract's type (shared/api), so the two cannot drift apart. */
export type PublicEndpoint = PublicEndpointView;

/** The settings as the renderer sees them: the contract's `SettingsView`. Plain data, safe to send over IPC. */
export type PublicSettings = SettingsView;

/** Builds the renderer's view of `settings`; `problems` are the load problems to show. */
export async function publicSettings(settings: Settings, secrets: SecretStore, problems: readonly FileProblem[] = [], signal?: AbortSignal): Promise<PublicSettings> {
  const endpoints = await Promise.all(
    settings.endpoints.map(async (e) => ({ ...e, hasApiKey: e.apiKeyRef !== null && (await secrets.has(e.apiKeyRef, signal)) })),
  );
  return {
    endpoints,
    ...copySettingsFields(settings),
    presets: ENDPOINT_PRESETS,
    keysPersist: secrets.persistent,
    problems: [...problems, ...secrets.problems()].map((p) => (p.text ? { message: p.message, text: p.text } : { message: p.message })),
  };
}
