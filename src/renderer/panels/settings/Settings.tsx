import { ADDRESS_MASKING, DEFAULT_ADDRESS_MASKING, type AddressMasking } from '../../../shared/address-masking';
import { useRef, useState } from 'react';
import type { EndpointView, SettingsInput } from '../../../shared/api/session-types';
import { LANGUAGES, pickLanguage, translate, type Language, type LanguageChoice } from '../../../shared/i18n';
import { systemLanguageTags, uiText, useUi, type Said } from '../../i18n';
import { useApi, useApp, useAppStore } from '../../store';
import { usePanelKeys } from '../panel-keys';
import { HostListField } from './HostListField';
import { PRESET_NAME_KEYS } from '../../i18n/code-words';
import { EndpointLocalityNote } from './EndpointLocalityNote';
import { KeyInClear } from './KeyInClear';
import { checkLimits, endpointFrom, formOf, LIMIT_FIELDS, problemId, shownLimit, type LimitProblems } from './settings-form';

/** A language's own name (English, 日本語, 한국어), the same whatever the UI language. */
function nameOf(language: Language): string {
  return translate(uiText('ui.language.name'), language);
}

/**
 * The settings view: the UI language and the language of the prompt's warnings (both saved at
 * once, so the window switches as soon as one is picked), the endpoint Send uses (from a preset: OpenAI, Ollama, LM Studio, vLLM,
 * llama.cpp), its base URL, model, context length and API key (shown only as set or not set; the
 * key never comes back from main), and every limit of docs/contract.md "Limits".
 */
/** The words of each address-masking choice. */
const MASKING_KEYS = {
  exports: 'ui.settings.maskAddressesChoice.exports',
  always: 'ui.settings.maskAddressesChoice.always',
  never: 'ui.settings.maskAddressesChoice.never',
} as const satisfies Record<AddressMasking, string>;

export function Settings() {
  const api = useApi();
  const ui = useUi();
  const store = useAppStore();
  // Closing (Escape or Close) first takes focus out of the field being typed in, so its change is
  // saved as leaving any field saves it: there is no separate Save button to forget.
  const close = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && panelKeys.ref.current?.contains(active)) active.blur();
    store.getState().setPanel(null);
  };
  const panelKeys = usePanelKeys<HTMLElement>(() => close());
  const view = useApp((s) => s.settings);
  const [form, setForm] = useState<SettingsInput | null>(view ? formOf(view) : null);
  const [presetId, setPresetId] = useState('openai');
  const [limitText, setLimitText] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; said: Said } | null>(null);
  // The settings before the last change saved on the spot, for its Undo.
  const [undo, setUndo] = useState<SettingsInput | null>(null);
  const [limitProblems, setLimitProblems] = useState<LimitProblems>({});
  const workspace = useApp((s) => s.workspace);
  // Counts edits, so a save that answers after the person typed on does not put the old values back.
  const edits = useRef(0);
  const editsAtView = useRef(0);

  // The settings arrive after the panel opens: the form starts from them (adjusted while rendering).
  if (view && !form) setForm(formOf(view));
  // Settings saved elsewhere (a save that answered after the panel reopened, the language picker)
  // come into the form unless the person is typing in it.
  const [formView, setFormView] = useState(view);
  if (view && form && view !== formView) {
    setFormView(view);
    const typing = Object.keys(limitText).length > 0 || edits.current !== editsAtView.current;
    if (!typing) setForm(formOf(view));
    editsAtView.current = edits.current;
  }
  if (!view || !form) return <section id="settings-panel" className="panel settings" aria-label={ui.t('ui.settings.title')} aria-busy="true" {...panelKeys} />;

  const chosen = form.endpoints.find((e) => e.id === form.chosenEndpointId) ?? null;
  const saved = view.endpoints.find((e) => e.id === chosen?.id) ?? null;
  const edit = (patch: Partial<EndpointView>) =>
    (edits.current += 1) &&
    setForm({ ...form, endpoints: form.endpoints.map((e) => (e.id === chosen?.id ? { ...e, ...patch } : e)) });

  async function save(next: SettingsInput = form as SettingsInput): Promise<boolean> {
    const checked = checkLimits(next.limits, limitText);
    setLimitProblems(checked.problems);
    // A refused value stays as typed beside its sentence, to be corrected, and that limit keeps its
    // saved value; every other field is still saved, so a change elsewhere is never lost to it.
    const refused = new Set<string>(Object.keys(checked.problems));
    const at = edits.current;
    const answer = await api.saveSettings({ settings: { ...next, limits: checked.limits } });
    if (!answer.ok) return show('error', answer.error), false;
    store.getState().setSettings(answer.value);
    if (edits.current === at) setForm(formOf(answer.value));
    // What was typed while this save was on its way stays, to be saved when its field is left.
    const sent = limitText;
    setLimitText((typed) => Object.fromEntries(Object.entries(typed).filter(([key, value]) => refused.has(key) || sent[key] !== value)));
    store.getState().refresh();
    return refused.size === 0;
  }
  function show(kind: 'info' | 'error', said: Said): void {
    setMessage({ kind, said });
    setUndo(null);
  }
  /** Saves a change as soon as it is made, with an Undo that puts the settings before it back. */
  async function commit(next: SettingsInput, said: Said): Promise<void> {
    const before = view ? formOf(view) : null;
    // The form holds the change at once, not when the answer comes: a save made before then (leaving
    // another field, closing the panel) sends the whole form, and must not send it without this change.
    setForm(next);
    // Until this change is saved, no Undo is offered: the one on screen belongs to the change before,
    // and a click on it right after this one (Remove, then Undo) would undo the wrong change.
    setUndo(null);
    if (!(await save(next))) return;
    setMessage({ kind: 'info', said });
    setUndo(before);
  }
  async function undoLast(): Promise<void> {
    if (!undo) return;
    const previous = undo;
    setUndo(null);
    if (await save(previous)) show('info', uiText('ui.settings.undone'));
  }
  /** Fields that are typed in are saved when the person leaves them. */
  const saveOnLeave = () => void commit(form, uiText('ui.settings.changeSaved'));
  // The languages and the address masking are saved alone, from the saved settings: other edits in the form stay unsaved.
  async function saveChoice(patch: { language?: LanguageChoice; promptLanguage?: Language; maskAddresses?: AddressMasking }): Promise<void> {
    if (!view) return;
    const answer = await api.saveSettings({ settings: { ...formOf(view), ...patch } });
    if (!answer.ok) return show('error', answer.error);
    store.getState().setSettings(answer.value);
    setForm((f) => (f ? { ...f, ...patch } : f));
    // The prompt's warnings are written in the prompt language: the preview follows it.
    if (patch.promptLanguage || patch.maskAddresses) store.getState().refresh();
  }
  async function saveKey(): Promise<void> {
    if (!chosen || key.trim() === '') return;
    if (!(await save())) return;
    const answer = await api.setApiKey({ endpointId: chosen.id, key });
    setKey('');
    if (!answer.ok) return show('error', answer.error);
    store.getState().setSettings(answer.value);
    show('info', uiText(view?.keysPersist ? 'ui.settings.keySaved' : 'ui.settings.keyKept'));
  }
  async function removeKey(): Promise<void> {
    if (!chosen) return;
    const answer = await api.deleteApiKey({ endpointId: chosen.id });
    if (!answer.ok) return show('error', answer.error);
    store.getState().setSettings(answer.value);
    show('info', uiText('ui.settings.keyRemoved'));
  }
  const add = () => {
    const preset = view.presets.find((p) => p.id === presetId) ?? view.presets[0];
    if (!preset) return;
    const endpoint = endpointFrom(preset, form.endpoints);
    // Added is saved and chosen at once: Send uses the new endpoint without a second step.
    void commit({ ...form, endpoints: [...form.endpoints, endpoint], chosenEndpointId: endpoint.id }, uiText('ui.settings.endpointAdded', { name: endpoint.name }));
  };
  const remove = () => {
    const endpoints = form.endpoints.filter((e) => e.id !== chosen?.id);
    void commit({ ...form, endpoints, chosenEndpointId: endpoints[0]?.id ?? null }, uiText('ui.settings.endpointRemoved', { name: chosen?.name ?? '' }));
  };
  const workspaceHosts = workspace ? (form.workspaceAllowHosts?.[workspace.root] ?? []) : [];
  const saveWorkspaceHosts = (hosts: string[]) => {
    if (!workspace) return;
    const { [workspace.root]: _old, ...others } = form.workspaceAllowHosts ?? {};
    void commit({ ...form, workspaceAllowHosts: hosts.length > 0 ? { ...others, [workspace.root]: hosts } : others }, uiText('ui.settings.changeSaved'));
  };

  return (
    <section id="settings-panel" className="panel settings" aria-label={ui.t('ui.settings.title')} {...panelKeys}>
      <div className="panel-head">
        <h2>{ui.t('ui.settings.title')}</h2>
        <button type="button" className="link" onClick={close}>
          {ui.t('ui.app.close')}
        </button>
      </div>
      {view.problems.map((p) => (
        <p key={p.message} className="error">
          {ui.say(p)}
        </p>
      ))}
      <fieldset>
        <legend>{ui.t('ui.settings.languages')}</legend>
        <div className="grid-form">
          <label>
            {/* Named by its words alone (a wrapping label would add the chosen option's name). */}
            <span id="ui-language-label">{ui.t('ui.settings.language')}</span>
            <select aria-labelledby="ui-language-label" value={form.language ?? 'system'} onChange={(e) => void saveChoice({ language: e.target.value as LanguageChoice })}>
              <option value="system">{ui.t('ui.language.system', { name: nameOf(pickLanguage(systemLanguageTags())) })}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {nameOf(l)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span id="prompt-language-label">{ui.t('ui.settings.promptLanguage')}</span>
            <select
              aria-labelledby="prompt-language-label"
              value={form.promptLanguage ?? 'en'}
              aria-describedby="prompt-language-why"
              onChange={(e) => void saveChoice({ promptLanguage: e.target.value as Language })}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {nameOf(l)}
                </option>
              ))}
            </select>
          </label>
          <p id="prompt-language-why" className="muted">
            {ui.t('ui.settings.promptLanguageWhy')}
          </p>
        </div>
      </fieldset>
      <fieldset>
        <legend>{ui.t('ui.settings.privacy')}</legend>
        <div className="grid-form">
          <label>
            <span id="mask-addresses-label">{ui.t('ui.settings.maskAddresses')}</span>
            <select
              aria-labelledby="mask-addresses-label"
              aria-describedby="mask-addresses-why"
              value={form.maskAddresses ?? DEFAULT_ADDRESS_MASKING}
              onChange={(e) => void saveChoice({ maskAddresses: e.target.value as AddressMasking })}
            >
              {ADDRESS_MASKING.map((m) => (
                <option key={m} value={m}>
                  {ui.t(MASKING_KEYS[m])}
                </option>
              ))}
            </select>
          </label>
          <p id="mask-addresses-why" className="muted">
            {ui.t('ui.settings.maskAddressesWhy')}
          </p>
        </div>
      </fieldset>
      <fieldset>
        <legend>{ui.t('ui.settings.endpoint')}</legend>
        <div className="row">
          <label>
            {ui.t('ui.settings.preset')}{' '}
            <select value={presetId} onChange={(e) => setPresetId(e.target.value)}>
              {view.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {ui.t(PRESET_NAME_KEYS[p.id])}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={add}>
            {ui.t('ui.settings.addEndpoint')}
          </button>
        </div>
        {form.endpoints.length === 0 ? (
          <p className="muted">{ui.t('ui.settings.noEndpoint')}</p>
        ) : (
          <div className="grid-form">
            <label>
              {ui.t('ui.settings.endpointUsed')}
              <select
                value={form.chosenEndpointId ?? ''}
                onChange={(e) => void commit({ ...form, chosenEndpointId: e.target.value || null }, uiText('ui.settings.endpointChosen', { name: form.endpoints.find((x) => x.id === e.target.value)?.name ?? '' }))}
              >
                {form.endpoints.map((e) => (
                  <option key={e.id} value={e.id}>
                    {ui.t('ui.settings.endpointOption', { name: e.name, id: e.id })}
                  </option>
                ))}
              </select>
            </label>
            {chosen && (
              <>
                <label>
                  {ui.t('ui.settings.name')}
                  <input value={chosen.name} onChange={(e) => edit({ name: e.target.value })} onBlur={saveOnLeave} />
                </label>
                <label>
                  {ui.t('ui.settings.baseUrl')}
                  <input value={chosen.baseUrl} spellCheck={false} onChange={(e) => edit({ baseUrl: e.target.value })} onBlur={saveOnLeave} />
                </label>
                <EndpointLocalityNote baseUrl={chosen.baseUrl} />
                <label>
                  {ui.t('ui.settings.model')}
                  <input value={chosen.model} spellCheck={false} onChange={(e) => edit({ model: e.target.value })} onBlur={saveOnLeave} />
                </label>
                <label>
                  {ui.t('ui.settings.contextLength')}
                  <input type="number" min={256} step={1} value={chosen.contextLength} onChange={(e) => edit({ contextLength: Math.trunc(Number(e.target.value)) || 0 })} onBlur={saveOnLeave} />
                </label>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={chosen.apiKeyRef !== null}
                    onChange={(e) =>
                      void commit(
                        { ...form, endpoints: form.endpoints.map((x) => (x.id === chosen.id ? { ...x, apiKeyRef: e.target.checked ? chosen.id : null } : x)) },
                        uiText('ui.settings.changeSaved'),
                      )
                    }
                  /> {ui.t('ui.settings.needsKey')}
                </label>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={chosen.acceptsImages === true}
                    onChange={(e) =>
                      void commit(
                        { ...form, endpoints: form.endpoints.map((x) => (x.id === chosen.id ? { ...x, acceptsImages: e.target.checked } : x)) },
                        uiText('ui.settings.changeSaved'),
                      )
                    }
                  /> {ui.t('ui.settings.acceptsImages')}
                </label>
                <KeyInClear baseUrl={chosen.baseUrl} usesKey={chosen.apiKeyRef !== null} />
                {chosen.apiKeyRef !== null && (
                  <div className="key-row">
                    <p className="key-state" role="status" aria-label={ui.t('ui.settings.keyStatus')}>
                      {ui.t(saved?.hasApiKey ? 'ui.settings.keySet' : 'ui.settings.keyNotSet')}
                      {!view.keysPersist && ui.t('ui.settings.keyHostOnly')}
                    </p>
                    <label>
                      {ui.t('ui.settings.apiKey')}
                      <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
                    </label>
                    <button type="button" onClick={() => void saveKey()} disabled={key.trim() === ''}>
                      {ui.t('ui.settings.saveKey')}
                    </button>
                    {saved?.hasApiKey && (
                      <button type="button" onClick={() => void removeKey()}>
                        {ui.t('ui.settings.removeKey')}
                      </button>
                    )}
                  </div>
                )}
                <button type="button" className="link danger" onClick={remove}>
                  {ui.t('ui.settings.removeEndpoint')}
                </button>
              </>
            )}
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>{ui.t('ui.settings.limits')}</legend>
        <div className="grid-form limits">
          {LIMIT_FIELDS.map((field) => (
            <label key={field.key}>
              {ui.t(field.label)}
              {field.unit && <span className="muted">{ui.t('ui.settings.unitLabel', { unit: ui.t(field.unit) })}</span>}
              <input
                type="number"
                min={0}
                aria-invalid={limitProblems[field.key] !== undefined}
                aria-describedby={limitProblems[field.key] ? problemId(field) : undefined}
                value={limitText[field.key] ?? shownLimit(field, form.limits[field.key])}
                onChange={(e) => setLimitText({ ...limitText, [field.key]: e.target.value })}
                onBlur={saveOnLeave}
              />
              {limitProblems[field.key] && (
                <span id={problemId(field)} className="field-problem" role="alert">
                  {ui.say(limitProblems[field.key] as Said)}
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend id="allowed-hosts-label">{ui.t('ui.settings.allowedHosts')}</legend>
        <HostListField
          id="all-hosts"
          labelId="allowed-hosts-label"
          name={ui.t('ui.settings.allowedHosts')}
          help={ui.t('ui.settings.allowedHostsHelp')}
          hosts={form.allowHosts}
          rows={3}
          onSave={(allowHosts) => void commit({ ...form, allowHosts }, uiText('ui.settings.changeSaved'))}
        />
        {workspace && (
          <HostListField
            // Text typed for one workspace is not carried over to the next one opened.
            key={workspace.root}
            id="workspace-hosts"
            labelText={ui.t('ui.settings.workspaceAllowedHosts', { name: workspace.name })}
            help={ui.t('ui.settings.workspaceAllowedHostsHelp')}
            hosts={workspaceHosts}
            rows={2}
            onSave={saveWorkspaceHosts}
          />
        )}
      </fieldset>
      <div className="row settings-message">
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'muted'}>
            {ui.say(message.said)}{' '}
            {undo && (
              <button type="button" className="link" onClick={() => void undoLast()}>
                {ui.t('ui.settings.undo')}
              </button>
            )}
          </p>
        )}
      </div>
    </section>
  );
}
