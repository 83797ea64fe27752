import { useState } from 'react';
import type { EndpointView, SettingsInput } from '../../../shared/api/session-types';
import { useApi, useApp, useAppStore } from '../../store';
import { usePanelKeys } from '../panel-keys';
import { endpointFrom, formOf, LIMIT_FIELDS, shownLimit, storedLimit } from './settings-form';

/**
 * The settings view: the endpoint Send uses (from a preset: OpenAI, Ollama, LM Studio, vLLM,
 * llama.cpp), its base URL, model, context length and API key (shown only as set or not set; the
 * key never comes back from main), and every limit of docs/contract.md "Limits".
 */
export function Settings() {
  const api = useApi();
  const store = useAppStore();
  const panelKeys = usePanelKeys<HTMLElement>(() => store.getState().setPanel(null));
  const view = useApp((s) => s.settings);
  const [form, setForm] = useState<SettingsInput | null>(view ? formOf(view) : null);
  const [presetId, setPresetId] = useState('openai');
  const [limitText, setLimitText] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);

  // The settings arrive after the panel opens: the form starts from them (adjusted while rendering).
  if (view && !form) setForm(formOf(view));
  if (!view || !form) return <section id="settings-panel" className="panel settings" aria-label="Settings" aria-busy="true" {...panelKeys} />;

  const chosen = form.endpoints.find((e) => e.id === form.chosenEndpointId) ?? null;
  const saved = view.endpoints.find((e) => e.id === chosen?.id) ?? null;
  const edit = (patch: Partial<EndpointView>) =>
    setForm({ ...form, endpoints: form.endpoints.map((e) => (e.id === chosen?.id ? { ...e, ...patch } : e)) });

  async function save(next: SettingsInput = form as SettingsInput): Promise<boolean> {
    const limits = { ...next.limits };
    for (const field of LIMIT_FIELDS) {
      const text = limitText[field.key];
      if (text === undefined) continue;
      const value = storedLimit(field, text);
      if (value === null) return show('error', `${field.label} must be a number.`), false;
      limits[field.key] = value;
    }
    const answer = await api.saveSettings({ settings: { ...next, limits } });
    if (!answer.ok) return show('error', answer.error.message), false;
    store.getState().setSettings(answer.value);
    setForm(formOf(answer.value));
    setLimitText({});
    store.getState().refresh();
    return true;
  }
  function show(kind: 'info' | 'error', text: string): void {
    setMessage({ kind, text });
  }
  async function saveKey(): Promise<void> {
    if (!chosen || key.trim() === '') return;
    if (!(await save())) return;
    const answer = await api.setApiKey({ endpointId: chosen.id, key });
    setKey('');
    if (!answer.ok) return show('error', answer.error.message);
    store.getState().setSettings(answer.value);
    show('info', view?.keysPersist ? 'The API key is saved, encrypted.' : 'The API key is kept until the host stops.');
  }
  async function removeKey(): Promise<void> {
    if (!chosen) return;
    const answer = await api.deleteApiKey({ endpointId: chosen.id });
    if (!answer.ok) return show('error', answer.error.message);
    store.getState().setSettings(answer.value);
    show('info', 'The API key was removed.');
  }
  const add = () => {
    const preset = view.presets.find((p) => p.id === presetId) ?? view.presets[0];
    if (!preset) return;
    const endpoint = endpointFrom(preset, form.endpoints);
    setForm({ ...form, endpoints: [...form.endpoints, endpoint], chosenEndpointId: endpoint.id });
  };
  const remove = () => {
    const endpoints = form.endpoints.filter((e) => e.id !== chosen?.id);
    setForm({ ...form, endpoints, chosenEndpointId: endpoints[0]?.id ?? null });
  };

  return (
    <section id="settings-panel" className="panel settings" aria-label="Settings" {...panelKeys}>
      <div className="panel-head">
        <h2>Settings</h2>
        <button type="button" className="link" onClick={() => store.getState().setPanel(null)}>
          Close
        </button>
      </div>
      {view.problems.map((p) => (
        <p key={p} className="error">
          {p}
        </p>
      ))}
      <fieldset>
        <legend>Model endpoint</legend>
        <div className="row">
          <label>
            Preset{' '}
            <select value={presetId} onChange={(e) => setPresetId(e.target.value)}>
              {view.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={add}>
            Add endpoint
          </button>
        </div>
        {form.endpoints.length === 0 ? (
          <p className="muted">No endpoint yet: pick a preset and add it. Compose, preview, copy and export work without one.</p>
        ) : (
          <div className="grid-form">
            <label>
              Endpoint used for Send
              <select value={form.chosenEndpointId ?? ''} onChange={(e) => setForm({ ...form, chosenEndpointId: e.target.value || null })}>
                {form.endpoints.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} ({e.id})
                  </option>
                ))}
              </select>
            </label>
            {chosen && (
              <>
                <label>
                  Name
                  <input value={chosen.name} onChange={(e) => edit({ name: e.target.value })} />
                </label>
                <label>
                  Base URL
                  <input value={chosen.baseUrl} spellCheck={false} onChange={(e) => edit({ baseUrl: e.target.value })} />
                </label>
                <label>
                  Model
                  <input value={chosen.model} spellCheck={false} onChange={(e) => edit({ model: e.target.value })} />
                </label>
                <label>
                  Model context length
                  <input type="number" min={256} step={1} value={chosen.contextLength} onChange={(e) => edit({ contextLength: Math.trunc(Number(e.target.value)) || 0 })} />
                </label>
                <label className="check">
                  <input type="checkbox" checked={chosen.apiKeyRef !== null} onChange={(e) => edit({ apiKeyRef: e.target.checked ? chosen.id : null })} /> Needs an API key
                </label>
                {chosen.apiKeyRef !== null && (
                  <div className="key-row">
                    <p className="key-state" role="status" aria-label="API key status">
                      {saved?.hasApiKey ? 'An API key is set.' : 'No API key is set.'}
                      {!view.keysPersist && ' Keys typed here last until the host stops; or start it with ATMARK_API_KEY set.'}
                    </p>
                    <label>
                      API key
                      <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
                    </label>
                    <button type="button" onClick={() => void saveKey()} disabled={key.trim() === ''}>
                      Save key
                    </button>
                    {saved?.hasApiKey && (
                      <button type="button" onClick={() => void removeKey()}>
                        Remove key
                      </button>
                    )}
                  </div>
                )}
                <button type="button" className="link danger" onClick={remove}>
                  Remove endpoint
                </button>
              </>
            )}
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>Limits</legend>
        <div className="grid-form limits">
          {LIMIT_FIELDS.map((field) => (
            <label key={field.key}>
              {field.label}
              {field.unit && <span className="muted"> ({field.unit})</span>}
              <input
                type="number"
                min={0}
                value={limitText[field.key] ?? shownLimit(field, form.limits[field.key])}
                onChange={(e) => setLimitText({ ...limitText, [field.key]: e.target.value })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="row">
        <button type="button" className="primary" onClick={() => void save().then((ok) => ok && show('info', 'Settings saved.'))}>
          Save settings
        </button>
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'muted'}>
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
