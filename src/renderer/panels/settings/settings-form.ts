import type { EndpointPresetId, EndpointPresetView, EndpointView, SettingsInput, SettingsView } from '../../../shared/api/session-types';
import type { Limits } from '../../../shared/limits';

/** One limit as the settings view shows it: a label, a unit, and the factor from that unit to the stored value. */
export interface LimitField {
  key: keyof Limits;
  label: string;
  unit: string;
  scale: number;
}

/** Every limit of docs/contract.md "Limits", in the units people think in. */
export const LIMIT_FIELDS: readonly LimitField[] = [
  { key: 'maxReferences', label: 'References per prompt', unit: '', scale: 1 },
  { key: 'maxReferenceBytes', label: 'Text one reference attaches', unit: 'KiB', scale: 1024 },
  { key: 'maxTotalBytes', label: 'Text all references attach', unit: 'KiB', scale: 1024 },
  { key: 'softTokenRatio', label: 'Soft token limit', unit: '% of context', scale: 0.01 },
  { key: 'hardTokenRatio', label: 'Hard token limit', unit: '% of context', scale: 0.01 },
  { key: 'maxFolderEntries', label: 'Folder entries', unit: '', scale: 1 },
  { key: 'maxGitCommits', label: 'Git commits', unit: '', scale: 1 },
  { key: 'gitTimeoutMs', label: 'Git time', unit: 's', scale: 1000 },
  { key: 'urlTimeoutMs', label: 'URL time', unit: 's', scale: 1000 },
  { key: 'folderTimeoutMs', label: 'Folder time', unit: 's', scale: 1000 },
  { key: 'maxUrlBytes', label: 'Web page size', unit: 'KiB', scale: 1024 },
];

/** The editable part of the settings. */
export function formOf(view: SettingsView): SettingsInput {
  return {
    endpoints: view.endpoints.map(({ hasApiKey: _k, ...e }) => ({ ...e })),
    chosenEndpointId: view.chosenEndpointId,
    limits: { ...view.limits },
    allowHosts: [...view.allowHosts],
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
