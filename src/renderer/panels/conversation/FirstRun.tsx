import { useEffect, useState } from 'react';
import { useUi } from '../../i18n';
import { PRESET_NAME_KEYS } from '../../i18n/code-words';
import { uiText } from '../../i18n/said';
import { useApi, useAppStore, useAppFields } from '../../store';
import type { EndpointPresetView } from '../../../shared/api/session-types';
import { endpointFrom, formOf } from '../settings/settings-form';

/**
 * The first run, in the conversation's place until there is one: choose a folder, then choose a
 * model, with no address, model name or context length to know. A local server (Ollama, LM Studio)
 * is one click; a hosted one is added and Settings opens at its API key.
 */
export function FirstRun() {
  const ui = useUi();
  const api = useApi();
  const store = useAppStore();
  const { workspace, workspaceKnown, settings, pickWorkspace, showFolderBrowser, setPanel } = useAppFields('workspace', 'workspaceKnown', 'settings', 'pickWorkspace', 'showFolderBrowser', 'setPanel');
  // Both known first: the settings may answer before the workspace does, and a first run shown for
  // a moment in a window that has both would be wrong.
  const needed = !!settings && workspaceKnown && !(workspace && settings.endpoints.length > 0);
  // Local servers that answer now, with their models: offered first, with a model that exists.
  const [running, setRunning] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (!needed) return;
    let live = true;
    void api.localServers({}).then((answer) => {
      if (live && answer.ok) setRunning(Object.fromEntries(answer.value.map((s) => [s.presetId, s.models])));
    });
    return () => {
      live = false;
    };
  }, [api, needed]);
  if (!settings || !needed) return null;

  const openFolder = async () => {
    if (api.transport === 'electron' && (await pickWorkspace())) return;
    showFolderBrowser(true);
  };
  const choose = async (preset: EndpointPresetView) => {
    const form = formOf(settings);
    const listed = running[preset.id]?.[0];
    const endpoint = { ...endpointFrom(preset, form.endpoints), ...(listed ? { model: listed } : {}) };
    const answer = await api.saveSettings({ settings: { ...form, endpoints: [...form.endpoints, endpoint], chosenEndpointId: endpoint.id } });
    if (!answer.ok) return store.getState().notify('error', answer.error);
    store.getState().setSettings(answer.value);
    store.getState().notify('info', uiText('ui.settings.endpointAdded', { name: ui.t(PRESET_NAME_KEYS[preset.id]) }));
    // A hosted model needs its key: Settings opens where it is typed.
    if (preset.needsApiKey) setPanel('settings');
  };
  // A local server that answers comes first.
  const local = settings.presets.filter((p) => !p.needsApiKey && (p.id === 'ollama' || p.id === 'lmstudio')).sort((a, b) => Number(b.id in running) - Number(a.id in running));
  const hosted = settings.presets.filter((p) => p.needsApiKey);
  return (
    <div className="first-run" role="group" aria-label={ui.t('ui.firstRun.title')}>
      <h3>{ui.t('ui.firstRun.title')}</h3>
      <ol>
        <li className={workspace ? 'done' : undefined}>
          <p>{workspace ? ui.t('ui.firstRun.folderDone', { name: workspace.name }) : ui.t('ui.firstRun.folder')}</p>
          {!workspace && (
            <button type="button" className="primary" onClick={() => void openFolder()}>
              {ui.t('ui.workspace.open')}
            </button>
          )}
        </li>
        <li className={settings.endpoints.length > 0 ? 'done' : undefined}>
          <p>{ui.t('ui.firstRun.model')}</p>
          <div className="first-run-choices">
            {local.map((p) => (
              <button type="button" key={p.id} className={p.id in running ? 'primary' : undefined} onClick={() => void choose(p)}>
                {ui.t(PRESET_NAME_KEYS[p.id])}
                {p.id in running && <span className="first-run-running"> · {ui.t('ui.firstRun.running', { count: running[p.id]?.length ?? 0 })}</span>}
              </button>
            ))}
          </div>
          <p className="muted small">{ui.t('ui.firstRun.hosted')}</p>
          <div className="first-run-choices">
            {hosted.map((p) => (
              <button type="button" key={p.id} onClick={() => void choose(p)}>
                {ui.t(PRESET_NAME_KEYS[p.id])}
              </button>
            ))}
          </div>
        </li>
      </ol>
    </div>
  );
}
