import { useEffect, type DragEvent } from 'react';
import { Composer } from './composer/Composer';
import { droppedPaths } from './composer/drop';
import { Actions, sendBlockedReason, sendPrompt } from './panels/Actions';
import { ContextLength } from './panels/ContextLength';
import { Meters } from './panels/Meters';
import { Notice } from './panels/Notice';
import { Preview } from './panels/Preview';
import { Warnings } from './panels/Warnings';
import { WorkspaceBar } from './panels/WorkspaceBar';
import { useApi, useAppStore } from './store';

/** The window: workspace bar, composer with meters and actions, preview and warnings. */
export function App() {
  const api = useApi();
  const store = useAppStore();

  useEffect(() => {
    void store.getState().loadWorkspace();
  }, [store]);

  const submit = () => {
    const state = store.getState();
    if (!sendBlockedReason(state.result)) sendPrompt(state.notify);
    else state.notify('error', sendBlockedReason(state.result) as string);
  };

  // A folder dropped anywhere outside the composer opens as the workspace.
  const onDrop = (event: DragEvent) => {
    if (event.defaultPrevented || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    const [path] = droppedPaths(api, event.dataTransfer);
    if (path) void store.getState().openWorkspace(path);
    else store.getState().notify('error', 'This browser does not tell Atmark where a dropped folder lives; use Open folder and type its path.');
  };

  return (
    <div className="app" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <header>
        <h1>Atmark</h1>
        <WorkspaceBar />
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
        </div>
        <div className="side">
          <Preview />
          <Warnings />
        </div>
      </main>
    </div>
  );
}
