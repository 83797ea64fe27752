import type { SettingsView } from '../../../shared/api/session-types';
import type { ExpansionResult } from '../../../shared/expansion';
import { sendBlockedReason } from '../Actions';

/** Sentences about Send (one place, so other languages can follow). */
export const SEND_TEXT = {
  noEndpoint: 'Send is disabled: no model endpoint is configured. Open Settings and add one (OpenAI, Ollama, LM Studio, vLLM or llama.cpp); Copy and Export work without one.',
  noKey: (name: string, persist: boolean) =>
    persist
      ? `Send is disabled: the endpoint "${name}" needs an API key. Open Settings and enter it.`
      : `Send is disabled: the endpoint "${name}" needs an API key. Enter it in Settings (kept until the host stops) or start the host with ATMARK_API_KEY set.`,
  streaming: 'A reply is streaming; press Stop to end it.',
  empty: 'Send is disabled: write a prompt first.',
  noWorkspace: 'Send is disabled: open a workspace folder first.',
} as const;

/** What Send depends on. */
export interface SendInputs {
  settings: SettingsView | null;
  result: Pick<ExpansionResult, 'blocked' | 'attachedTokens' | 'hardTokenLimit'> | null;
  text: string;
  hasWorkspace: boolean;
  streaming: boolean;
}

/** Why Send cannot run now, or null when it can: an endpoint must be configured and the hard limit must not block. */
export function sendDisabledReason(inputs: SendInputs): string | null {
  if (inputs.streaming) return SEND_TEXT.streaming;
  const blocked = sendBlockedReason(inputs.result);
  if (blocked) return blocked;
  if (!inputs.hasWorkspace) return SEND_TEXT.noWorkspace;
  const endpoint = inputs.settings?.endpoints.find((e) => e.id === inputs.settings?.chosenEndpointId);
  if (!endpoint) return SEND_TEXT.noEndpoint;
  if (endpoint.apiKeyRef !== null && !endpoint.hasApiKey) return SEND_TEXT.noKey(endpoint.name, inputs.settings?.keysPersist ?? false);
  if (inputs.text.trim() === '') return SEND_TEXT.empty;
  return null;
}
