/**
 * The endpoint Send uses, with its key fetched from the secret store: the one place a key leaves
 * the store, on its way to the model client. Missing pieces are values with stable codes.
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { chosenEndpoint, type Endpoint, type Settings } from './schema';
import type { SecretStore } from './secrets';
import { SEND_ENDPOINT_TEXT } from './text';

/** The chosen endpoint and its key, or why Send cannot go yet. */
export type SendEndpoint =
  | { ok: true; endpoint: Endpoint; apiKey: string | null }
  | { ok: false; code: 'no_endpoint' | 'no_api_key'; message: string; text: Text };

/**
 * The chosen endpoint and its key. An endpoint whose `apiKeyRef` is set but has no key kept is
 * `no_api_key` (Send would only be refused by the server); one with `apiKeyRef: null` sends none.
 */
export async function endpointForSend(settings: Settings, secrets: SecretStore, signal?: AbortSignal): Promise<SendEndpoint> {
  const endpoint = chosenEndpoint(settings);
  if (!endpoint) return { ok: false, code: 'no_endpoint', ...said(SEND_ENDPOINT_TEXT.noEndpoint) };
  if (endpoint.apiKeyRef === null) return { ok: true, endpoint, apiKey: null };
  const apiKey = await secrets.get(endpoint.apiKeyRef, signal);
  if (apiKey === null) return { ok: false, code: 'no_api_key', ...said(SEND_ENDPOINT_TEXT.noApiKey(endpoint.name, secrets.persistent)) };
  return { ok: true, endpoint, apiKey };
}
