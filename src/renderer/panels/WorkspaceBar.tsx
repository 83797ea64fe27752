import { useRef } from 'react';
import { useApi, useApp } from '../store';
import { say } from '../ui-text';
import { FolderBrowser } from './folders/FolderBrowser';

/**
 * The workspace: its name in a status named "Workspace", Open folder (the system dialog in the
 * app; the folder browser in a browser, which has no folder dialog that reveals paths), and the
 * recent workspaces.
 */
export function WorkspaceBar() {
  const api = useApi();
  const workspace = useApp((s) => s.workspace);
  const recent = useApp((s) => s.recent);
  const openWorkspace = useApp((s) => s.openWorkspace);
  const pickWorkspace = useApp((s) => s.pickWorkspace);
  const showFolderBrowser = useApp((s) => s.showFolderBrowser);
  const opener = useRef<HTMLButtonElement>(null);

  const open = async () => {
    if (api.transport === 'electron' && (await pickWorkspace())) return;
    showFolderBrowser(true);
  };

  return (
    <div className="workspace-bar">
      <div role="status" aria-label="Workspace" className="workspace-name" title={workspace?.root}>
        {workspace ? (
          <>
            <strong>{workspace.name}</strong> <span className="muted">{workspace.root}</span>
            {!workspace.isGitRepository && <span className="muted"> (not a git repository)</span>}
          </>
        ) : (
          'No workspace open: open a folder or drop one on the window.'
        )}
      </div>
      <button type="button" ref={opener} onClick={() => void open()}>
        {say('ui.folderBrowser.openButton')}
      </button>
      {recent.length > 0 && (
        <select aria-label="Recent workspaces" value="" onChange={(e) => e.target.value && void openWorkspace(e.target.value)}>
          <option value="">Recent…</option>
          {recent.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      )}
      <FolderBrowser onClosed={() => opener.current?.focus()} />
    </div>
  );
}
