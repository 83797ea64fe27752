import { useEffect, type DragEvent } from 'react';
import { Composer } from './composer/Composer';
import { uiText } from './i18n';
import { droppedPaths } from './composer/drop';
import { Actions, requestSend, sendReasonOf } from './panels/Actions';
import { SendAnyway } from './panels/SendAnyway';
import { Conversation } from './panels/conversation/Conversation';
import { History } from './panels/history/History';
import { PanelButtons } from './panels/PanelButtons';
import { Settings } from './panels/settings/Settings';
import { ContextLength } from './panels/ContextLength';
import { Meters } from './panels/Meters';
import { Notice } from './panels/Notice';
import { SidePanel, tabId } from './panels/SidePanel';
import { WorkspaceBar } from './panels/WorkspaceBar';
import { useApi, useAppStore, useAppFields } from './store';
import { OFFER_FOLDER_BROWSER } from './store/notice-slice';

/** Mod+. : open the side panel on its tab, or, from inside it, collapse it and go back to the prompt. */
function isSideKey(event: KeyboardEvent): boolean {
  return event.key === '.' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * The window: the conversation as the main surface with the composer docked under it (meters and
 * actions in one row each), and beside them one side panel with the Preview and Warnings tabs.
 */
export function App() {
  const api = useApi();
  const store = useAppStore();

  const { panel, sideOpen } = useAppFields('panel', 'sideOpen');

  useEffect(() => {
    const state = store.getState();
    void state.loadWorkspace();
    void state.loadSettings();
    void state.loadConversation();
  }, [store]);

  // The app's Settings… menu item (Mod+,) opens the settings panel.
  useEffect(() => api.onMenuCommand(({ command }) => command === 'settings' && store.getState().setPanel('settings')), [api, store]);

  // The side panel is one key away at any window size.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSideKey(event) || event.isComposing) return;
      event.preventDefault();
      const state = store.getState();
      const side = document.querySelector('.side-panel');
      if (state.sideOpen && side?.contains(document.activeElement)) {
        state.setSideOpen(false);
        document.querySelector<HTMLElement>('.cm-content')?.focus();
        return;
      }
      state.showSide(state.sideTab);
      requestAnimationFrame(() => document.getElementById(tabId(store.getState().sideTab))?.focus());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const submit = () => {
    const state = store.getState();
    const reason = sendReasonOf(state);
    if (reason === null) void requestSend(store.getState);
    else state.notify('error', reason, undefined, 'send');
  };

  // Why Send could not run goes once Send can (an endpoint added, a prompt written).
  useEffect(
    () =>
      store.subscribe((state) => {
        if (state.notice?.cause === 'send' && sendReasonOf(state) === null) state.clearNoticeAbout('send');
      }),
    [store],
  );

  // A folder dropped anywhere outside the composer opens as the workspace.
  const onDrop = (event: DragEvent) => {
    if (event.defaultPrevented || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    const [path] = droppedPaths(api, event.dataTransfer);
    if (path) void store.getState().openWorkspace(path);
    // A browser hides where a dropped item lives: say so, and offer the folder browser instead.
    else if (api.transport === 'browser') store.getState().notify('error', uiText('ui.drop.noPath'), OFFER_FOLDER_BROWSER, 'drop');
    else store.getState().notify('error', uiText('ui.drop.noPath'), undefined, 'drop');
  };

  return (
    <div className="app" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <header>
        {/* The product's name: the same in every language. */}
        <h1>Atmark</h1>
        <WorkspaceBar />
        <PanelButtons />
      </header>
      <main className={sideOpen || panel ? 'with-side' : 'without-side'}>
        <div className="chat">
          <Conversation />
          <div className="dock">
            <Notice />
            <SendAnyway />
            <Composer onSubmit={submit} />
            <Meters />
            <div className="toolbar">
              <ContextLength />
              <Actions />
            </div>
          </div>
        </div>
        {(sideOpen || panel) && (
          <div className="side">
            {panel === 'settings' && <Settings />}
            {panel === 'history' && <History />}
            <SidePanel />
          </div>
        )}
      </main>
    </div>
  );
}
