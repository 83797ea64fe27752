import type { SettingsView } from '../../../shared/api/session-types';
import type { ExpansionResult } from '../../../shared/expansion';
import type { Text } from '../../../shared/i18n';
import { uiText } from '../../i18n/said';

/** What Send depends on. */
export interface SendInputs {
  settings: SettingsView | null;
  result: Pick<ExpansionResult, 'blocked' | 'attachedTokens' | 'hardTokenLimit'> | null;
  text: string;
  hasWorkspace: boolean;
  streaming: boolean;
  /** True while the preview shows no expansion of the current workspace yet (after a switch). */
  awaitingWorkspace?: boolean;
  /**
   * True until the host has said which workspace is open and what the settings are: the composer
   * draws before it answers, and "open a folder" or "add an endpoint" would not be true yet.
   */
  starting?: boolean;
}

/** Why the hard token limit stops Send, or null when it does not. */
export function sendBlockedReason(result: SendInputs['result']): Text | null {
  if (!result?.blocked) return null;
  return uiText('ui.send.blocked', { tokens: result.hardTokenLimit });
}

/**
 * Why Send cannot run now, or null when it can: an endpoint must be configured and the hard limit
 * must not block. A text, not words: the caller shows it in the UI language.
 */
export function sendDisabledReason(inputs: SendInputs): Text | null {
  if (inputs.streaming) return uiText('ui.send.streaming');
  if (inputs.starting) return uiText('ui.send.starting');
  const blocked = sendBlockedReason(inputs.result);
  if (blocked) return blocked;
  if (!inputs.hasWorkspace) return uiText('ui.send.noWorkspace');
  if (inputs.awaitingWorkspace) return uiText('ui.send.readingWorkspace');
  const endpoint = inputs.settings?.endpoints.find((e) => e.id === inputs.settings?.chosenEndpointId);
  if (!endpoint) return uiText('ui.send.noEndpoint');
  if (endpoint.apiKeyRef !== null && !endpoint.hasApiKey) {
    return uiText(inputs.settings?.keysPersist ? 'ui.send.noKey' : 'ui.send.noKeyHost', { name: endpoint.name });
  }
  if (inputs.text.trim() === '') return uiText('ui.send.empty');
  return null;
}
