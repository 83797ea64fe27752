import { useRef, useState } from 'react';
import type { AddressMasking } from '../../../shared/address-masking';
import type { EndpointView, SettingsInput, SettingsView } from '../../../shared/api/session-types';
import type { Language, LanguageChoice } from '../../../shared/i18n';
import { uiText, type Said } from '../../i18n';
import { useApi, useApp, useAppStore, type AppState } from '../../store';
import { checkLimits, endpointFrom, formOf, type LimitProblems } from './settings-form';

/** The sentence under the form after a change: what was saved, undone or refused. */
export interface SettingsMessage {
  kind: 'info' | 'error';
  said: Said;
}

/**
 * The settings form of the panel, as every section draws and changes it: the saved settings
 * (`view`), the form being edited, the chosen endpoint, what is typed but not yet saved, and the
 * ways a change is saved. Fields that are typed in are saved when the person leaves them; choices
 * are saved at once, with an Undo that appears only once the change is saved.
 */
export interface SettingsForm {
  view: SettingsView;
  form: SettingsInput;
  /** The endpoint Send uses, as edited; and as saved (which knows whether its key is set). */
  chosen: EndpointView | null;
  saved: SettingsView['endpoints'][number] | null;
  workspace: AppState['workspace'];
  presetId: string;
  setPresetId(id: string): void;
  /** The API key being typed (never the saved one: main never sends it back). */
  key: string;
  setKey(key: string): void;
  /** Limits as typed, by limit, until they are saved; and the sentence beside each refused one. */
  limitText: Readonly<Record<string, string>>;
  setLimitText(typed: Record<string, string>): void;
  limitProblems: LimitProblems;
  message: SettingsMessage | null;
  /** The settings before the last change saved on the spot; null while a change is being saved. */
  undo: SettingsInput | null;
  /** Changes the chosen endpoint in the form (saved when the field is left). */
  edit(patch: Partial<EndpointView>): void;
  /** Saves a change at once, then says `said` and offers Undo. */
  commit(next: SettingsInput, said: Said): Promise<void>;
  /** Saves the form as it is (a field was left). */
  saveOnLeave(): void;
  /** Saves a language or masking choice alone, from the saved settings. */
  saveChoice(patch: { language?: LanguageChoice; promptLanguage?: Language; maskAddresses?: AddressMasking }): Promise<void>;
  saveKey(): Promise<void>;
  removeKey(): Promise<void>;
  /** Adds an endpoint from the chosen preset and chooses it; removes the chosen one. */
  add(): void;
  remove(): void;
  /** The allowed hosts of the open workspace, and their saving. */
  workspaceHosts: readonly string[];
  saveWorkspaceHosts(hosts: string[]): void;
  undoLast(): Promise<void>;
}

/** The settings form, or null until the settings have arrived (they come after the panel opens). */
export function useSettingsForm(): SettingsForm | null {
  const api = useApi();
  const store = useAppStore();
  const view = useApp((s) => s.settings);
  const [form, setForm] = useState<SettingsInput | null>(view ? formOf(view) : null);
  const [presetId, setPresetId] = useState('openai');
  const [limitText, setLimitText] = useState<Record<string, string>>({});
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<SettingsMessage | null>(null);
  // The settings before the last change saved on the spot, for its Undo.
  const [undo, setUndo] = useState<SettingsInput | null>(null);
  const [limitProblems, setLimitProblems] = useState<LimitProblems>({});
  const workspace = useApp((s) => s.workspace);
  // Counts edits and committed changes, so a save that answers after them does not put the old values back.
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
  if (!view || !form) return null;

  const chosen = form.endpoints.find((e) => e.id === form.chosenEndpointId) ?? null;
  const saved = view.endpoints.find((e) => e.id === chosen?.id) ?? null;
  const edit = (patch: Partial<EndpointView>) =>
    void ((edits.current += 1) && setForm({ ...form, endpoints: form.endpoints.map((e) => (e.id === chosen?.id ? { ...e, ...patch } : e)) }));

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
    // A change, like a typed one: an earlier save answering after it (a field left just before)
    // must not put the form without it back, or closing the panel would then save that older form.
    edits.current += 1;
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

  return {
    view, form, chosen, saved, workspace, presetId, setPresetId, key, setKey, limitText, setLimitText, limitProblems, message, undo,
    edit, commit, saveOnLeave, saveChoice, saveKey, removeKey, add, remove, workspaceHosts, saveWorkspaceHosts, undoLast,
  };
}
