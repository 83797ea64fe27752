import type { EndpointPresetId, EndpointPresetView, EndpointView, SettingsInput, SettingsView } from '../../../shared/api/session-types';
import { copySettingsFields } from '../../../shared/api/settings-fields';
import { isRatioLimit, LIMIT_RANGES, type Limits } from '../../../shared/limits';
import { uiText, type Said, type UiKey } from '../../i18n';

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
  { key: 'documentTimeoutMs', label: 'ui.settings.limit.documentTimeoutMs', unit: 'ui.settings.unit.seconds', scale: 1000 },
  { key: 'maxUrlBytes', label: 'ui.settings.limit.maxUrlBytes', unit: 'ui.settings.unit.kib', scale: 1024 },
];

/** The editable part of the settings. */
export function formOf(view: SettingsView): SettingsInput {
  return {
    endpoints: view.endpoints.map(({ hasApiKey: _k, ...e }) => ({ ...e })),
    ...copySettingsFields(view),
  };
}

/** A new endpoint from `preset`, with an id no other endpoint has (`openai`, `openai-2`, ...). */
export function endpointFrom(preset: EndpointPresetView, taken: readonly EndpointView[]): EndpointView {
  const ids = new Set(taken.map((e) => e.id));
  let id: string = preset.id;
  for (let n = 2; ids.has(id); n += 1) id = `${preset.id}-${n}`;
  return { id, name: preset.name, preset: preset.id as EndpointPresetId, baseUrl: preset.baseUrl, model: preset.model, apiKeyRef: preset.needsApiKey ? id : null, contextLength: preset.contextLength, acceptsImages: false };
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

/** The sentence beside each limit field whose typed value was refused, by limit. */
export type LimitProblems = Partial<Record<keyof Limits, Said>>;

/** The id of the sentence beside a limit's field. */
export function problemId(field: LimitField): string {
  return ['limit', field.key, 'problem'].join('-');
}

/**
 * The limits with the typed values in, each checked against its range (`LIMIT_RANGES`, the one the
 * settings file's schema uses): a value that is not a number or out of range, and a soft token
 * limit above the hard one, get a sentence beside their field, in the field's unit.
 */
export function checkLimits(saved: Limits, typed: Readonly<Record<string, string>>): { limits: Limits; problems: LimitProblems } {
  const limits = { ...saved };
  const problems: LimitProblems = {};
  for (const field of LIMIT_FIELDS) {
    const text = typed[field.key];
    if (text === undefined) continue;
    const value = storedLimit(field, text);
    const range = LIMIT_RANGES[field.key];
    if (value === null) problems[field.key] = uiText('ui.settings.notANumber', { field: uiText(field.label) });
    else if (value < range.min - 1e-9 || value > range.max + 1e-9 || (!isRatioLimit(field.key) && !Number.isInteger(value))) {
      const params = { field: uiText(field.label), min: shownLimit(field, range.min), max: shownLimit(field, range.max) };
      problems[field.key] = field.unit ? uiText('ui.settings.outOfRangeIn', { ...params, unit: uiText(field.unit) }) : uiText('ui.settings.outOfRange', params);
    } else limits[field.key] = value;
  }
  if (!problems.softTokenRatio && !problems.hardTokenRatio && limits.softTokenRatio > limits.hardTokenRatio) {
    const shown = (key: keyof Limits) => shownLimit(LIMIT_FIELDS.find((f) => f.key === key) as LimitField, limits[key]);
    problems.softTokenRatio = uiText('ui.settings.softAboveHard', { soft: shown('softTokenRatio'), hard: shown('hardTokenRatio') });
    limits.softTokenRatio = saved.softTokenRatio;
    limits.hardTokenRatio = saved.hardTokenRatio;
  }
  return { limits, problems };
}
