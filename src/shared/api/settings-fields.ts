import type { SettingsInput } from './session-types';

/** The settings besides the endpoints, as main keeps them, the view shows them and the form edits them. */
export type SettingsFields = Required<Omit<SettingsInput, 'endpoints'>>;

/**
 * A copy of the settings' fields besides the endpoints that shares no list or record with `from`.
 * The one list of those fields: main's view of its settings and the renderer's editable form both
 * copy them here, so a new field cannot be missed by one of them.
 */
export function copySettingsFields(from: SettingsFields): SettingsFields {
  return {
    chosenEndpointId: from.chosenEndpointId,
    limits: { ...from.limits },
    allowHosts: [...from.allowHosts],
    workspaceAllowHosts: structuredClone(from.workspaceAllowHosts),
    language: from.language,
    promptLanguage: from.promptLanguage,
    maskAddresses: from.maskAddresses,
  };
}
