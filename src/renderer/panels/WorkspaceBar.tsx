import { useState, type FormEvent } from 'react';
import { useApi, useApp } from '../store';

/**
 * The workspace: its name in a status named "Workspace", Open folder (the system dialog in the
 * app; a path field in the browser, which has no folder dialog that reveals paths), and the
 * recent workspaces.
 */
export function WorkspaceBar() {
  const api = useApi();
  const workspace = useApp((s) => s.workspace);
  const recent = useApp((s) => s.recent);
  const openWorkspace = useApp((s) => s.openWorkspace);
  const pickWorkspace = useApp((s) => s.pickWorkspace);
  const [asking, setAsking] = useState(false);
  const [path, setPath] = useState('');

  const open = async () => {
    if (api.transport === 'electron' && (await pickWorkspace())) return;
    setAsking(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() && (await openWorkspace(path.trim()))) setAsking(false);
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
      <button type="button" onClick={() => void open()}>
        Open folder…
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
      {asking && (
        <form className="path-form" onSubmit={(e) => void submit(e)}>
          <label>
            Folder path <input autoFocus value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/project" spellCheck={false} />
          </label>
          <button type="submit">Open</button>
          <button type="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
