import { useEffect, type DragEvent } from 'react';
import { Composer } from './composer/Composer';
import { uiText } from './i18n';
import { droppedPaths } from './composer/drop';
import { Actions, sendReasonOf } from './panels/Actions';
import { Conversation } from './panels/conversation/Conversation';
import { History } from './panels/history/History';
import { PanelButtons } from './panels/PanelButtons';
import { Settings } from './panels/settings/Settings';
import { ContextLength } from './panels/ContextLength';
import { Meters } from './panels/Meters';
import { Notice } from './panels/Notice';
import { Preview } from './panels/Preview';
import { Warnings } from './panels/Warnings';
import { WorkspaceBar } from './panels/WorkspaceBar';
import { useApi, useApp, useAppStore } from './store';
import { OFFER_FOLDER_BROWSER } from './store/notice-slice';

/** The window: workspace bar, composer with meters and actions, preview and warnings. */
export function App() {
  const api = useApi();
  const store = useAppStore();

  const panel = useApp((s) => s.panel);

  useEffect(() => {
    const state = store.getState();
    void state.loadWorkspace();
    void state.loadSettings();
    void state.loadConversation();
  }, [store]);

  // The app's Settings… menu item (Mod+,) opens the settings panel.
  useEffect(() => api.onMenuCommand(({ command }) => command === 'settings' && store.getState().setPanel('settings')), [api, store]);

  const submit = () => {
    const state = store.getState();
    const reason = sendReasonOf(state);
    if (reason === null) void state.send();
    else state.notify('error', reason);
  };

  // A folder dropped anywhere outside the composer opens as the workspace.
  const onDrop = (event: DragEvent) => {
    if (event.defaultPrevented || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    const [path] = droppedPaths(api, event.dataTransfer);
    if (path) void store.getState().openWorkspace(path);
    // A browser hides where a dropped item lives: say so, and offer the folder browser instead.
    else if (api.transport === 'browser') store.getState().notify('error', uiText('ui.drop.noPath'), OFFER_FOLDER_BROWSER);
    else store.getState().notify('error', uiText('ui.drop.noPath'));
  };

  return (
    <div className="app" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <header>
        {/* The product's name: the same in every language. */}
        <h1>Atmark</h1>
        <WorkspaceBar />
        <PanelButtons />
      </header>
      <main>
        <div className="compose">
          <Composer onSubmit={submit} />
          <Meters />
          <div className="toolbar">
            <ContextLength />
            <Actions />
          </div>
          <Notice />
          <Conversation />
        </div>
        <div className="side">
          {panel === 'settings' && <Settings />}
          {panel === 'history' && <History />}
          <Preview />
          <Warnings />
        </div>
      </main>
    </div>
  );
}
