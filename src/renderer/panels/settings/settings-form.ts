import type { EndpointPresetId, EndpointPresetView, EndpointView, SettingsInput, SettingsView } from '../../../shared/api/session-types';
import type { Limits } from '../../../shared/limits';
import type { UiKey } from '../../i18n';

/** One limit as the settings view shows it: a label, a unit, and the factor from that unit to the stored value. */
export interface LimitField {
  key: keyof Limits;
  label: UiKey;
  unit: UiKey | null;
  scale: number;
}

/** Every limit of docs/contract.md "Limits", in the units people think in. */
export const LIMIT_FIELDS: readonly LimitField[] = [
  { key: 'maxReferences', label: 'ui.settings.limit.maxReferences', unit: null, scale: 1 },
  { key: 'maxReferenceBytes', label: 'ui.settings.limit.maxReferenceBytes', unit: 'ui.settings.unit.kib', scale: 1024 },
  { key: 'maxTotalBytes', label: 'ui.settings.limit.maxTotalBytes', unit: 'ui.settings.unit.kib', scale: 1024 },
  { key: 'softTokenRatio', label: 'ui.settings.limit.softTokenRatio', unit: 'ui.settings.unit.percent', scale: 0.01 },
  { key: 'hardTokenRatio', label: 'ui.settings.limit.hardTokenRatio', unit: 'ui.settings.unit.percent', scale: 0.01 },
  { key: 'maxFolderEntries', label: 'ui.settings.limit.maxFolderEntries', unit: null, scale: 1 },
  { key: 'maxGitCommits', label: 'ui.settings.limit.maxGitCommits', unit: null, scale: 1 },
  { key: 'gitTimeoutMs', label: 'ui.settings.limit.gitTimeoutMs', unit: 'ui.settings.unit.seconds', scale: 1000 },
  { key: 'urlTimeoutMs', label: 'ui.settings.limit.urlTimeoutMs', unit: 'ui.settings.unit.seconds', scale: 1000 },
  { key: 'folderTimeoutMs', label: 'ui.settings.limit.folderTimeoutMs', unit: 'ui.settings.unit.seconds', scale: 1000 },
  { key: 'maxUrlBytes', label: 'ui.settings.limit.maxUrlBytes', unit: 'ui.settings.unit.kib', scale: 1024 },
];

/** The editable part of the settings. */
export function formOf(view: SettingsView): SettingsInput {
  return {
    endpoints: view.endpoints.map(({ hasApiKey: _k, ...e }) => ({ ...e })),
    chosenEndpointId: view.chosenEndpointId,
    limits: { ...view.limits },
    allowHosts: [...view.allowHosts],
    workspaceAllowHosts: structuredClone(view.workspaceAllowHosts),
    language: view.language,
    promptLanguage: view.promptLanguage,
  };
}

/** A new endpoint from `preset`, with an id no other endpoint has (`openai`, `openai-2`, ...). */
export function endpointFrom(preset: EndpointPresetView, taken: readonly EndpointView[]): EndpointView {
  const ids = new Set(taken.map((e) => e.id));
  let id: string = preset.id;
  for (let n = 2; ids.has(id); n += 1) id = `${preset.id}-${n}`;
  return { id, name: preset.name, preset: preset.id as EndpointPresetId, baseUrl: preset.baseUrl, model: preset.model, apiKeyRef: preset.needsApiKey ? id : null, contextLength: preset.contextLength };
}

/** A limit's stored value shown in its unit (rounded so 0.25 shows as 25). */
export function shownLimit(field: LimitField, value: number): string {
  return String(Math.round((value / field.scale) * 1000) / 1000);
}

/** A typed value back in the stored unit; null when it is not a number. */
export function storedLimit(field: LimitField, text: string): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  const value = n * field.scale;
  return field.scale >= 1 ? Math.round(value) : value;
}
