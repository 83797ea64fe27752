import { useEffect, useState } from 'react';
import { useUi } from '../i18n';
import { pageStartState } from '../api/start-state';
import { useApi, useAppStore, useAppFields } from '../store';
import { formOf } from './settings/settings-form';

/** One choice of the picker: an endpoint and a model on it. */
const valueOf = (endpointId: string, model: string) => `${endpointId}\n${model}`;

/**
 * The model picker beside Send: a combobox named "Model" listing the configured endpoints and,
 * for servers that list their models (`/models`: OpenAI, Ollama, LM Studio, vLLM, OpenRouter),
 * their models. The choice is saved (the endpoint becomes the one Send uses, with that model) and
 * used for the next Send. With no endpoint it offers to add one, which opens Settings.
 */
export function ModelPicker() {
  const ui = useUi();
  const api = useApi();
  const store = useAppStore();
  const { settings, setPanel } = useAppFields('settings', 'setPanel');
  const [listed, setListed] = useState<Record<string, string[]>>({});
  // Before the settings arrive, the endpoints the host read from the settings file: the picker is
  // drawn (disabled) with the same options, so it neither appears late nor changes width.
  const [early] = useState(() => pageStartState()?.models ?? null);
  const ids = settings?.endpoints.map((e) => e.id).join('\n') ?? '';

  // Each endpoint's server is asked once for its models (again when the endpoints change).
  useEffect(() => {
    let live = true;
    for (const id of ids.split('\n').filter((i) => i !== '')) {
      void api.listModels({ endpointId: id }).then((answer) => {
        if (live && answer.ok) setListed((l) => ({ ...l, [id]: answer.value }));
      });
    }
    return () => {
      live = false;
    };
  }, [api, ids]);

  const shown = settings ?? early;
  if (!shown) return null;
  const chosen = shown.endpoints.find((e) => e.id === shown.chosenEndpointId);
  const choose = async (value: string) => {
    if (!settings) return;
    if (value === 'add') {
      setPanel('settings');
      return;
    }
    const [endpointId, model] = value.split('\n') as [string, string];
    const form = formOf(settings);
    const endpoints = form.endpoints.map((e) => (e.id === endpointId ? { ...e, model } : e));
    const answer = await api.saveSettings({ settings: { ...form, endpoints, chosenEndpointId: endpointId } });
    if (answer.ok) store.getState().setSettings(answer.value);
    else store.getState().notify('error', answer.error);
  };
  return (
    <select
      className="model-picker"
      aria-label={ui.t('ui.model.label')}
      title={ui.t('ui.model.label')}
      disabled={!settings}
      value={chosen ? valueOf(chosen.id, chosen.model) : 'none'}
      onChange={(e) => void choose(e.target.value)}
    >
      {shown.endpoints.map((endpoint) => {
        const models = [...new Set([endpoint.model, ...(listed[endpoint.id] ?? [])])];
        return (
          <optgroup key={endpoint.id} label={endpoint.name}>
            {models.map((model) => (
              <option key={model} value={valueOf(endpoint.id, model)}>
                {model}
              </option>
            ))}
          </optgroup>
        );
      })}
      {!chosen && (
        <option value="none" disabled>
          {ui.t('ui.model.none')}
        </option>
      )}
      <option value="add">{ui.t('ui.model.add')}</option>
    </select>
  );
}
