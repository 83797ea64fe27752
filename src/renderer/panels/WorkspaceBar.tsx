import { useState, type FormEvent } from 'react';
import { useUi } from '../i18n';
import { useApi, useApp } from '../store';

/**
 * The workspace: its name in a status named "Workspace", Open folder (the system dialog in the
 * app; a path field in the browser, which has no folder dialog that reveals paths), and the
 * recent workspaces.
 */
export function WorkspaceBar() {
  const api = useApi();
  const ui = useUi();
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
      <div role="status" aria-label={ui.t('ui.workspace.label')} className="workspace-name" title={workspace?.root}>
        {workspace ? (
          <>
            <strong>{workspace.name}</strong> <span className="muted">{workspace.root}</span>
            {!workspace.isGitRepository && <span className="muted"> {ui.t('ui.workspace.notGit')}</span>}
          </>
        ) : (
          ui.t('ui.workspace.none')
        )}
      </div>
      <button type="button" onClick={() => void open()}>
        {ui.t('ui.workspace.open')}
      </button>
      {recent.length > 0 && (
        <select aria-label={ui.t('ui.workspace.recent')} value="" onChange={(e) => e.target.value && void openWorkspace(e.target.value)}>
          <option value="">{ui.t('ui.workspace.recentPlaceholder')}</option>
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
            {ui.t('ui.workspace.path')}{' '}
            <input autoFocus value={path} onChange={(e) => setPath(e.target.value)} placeholder={ui.t('ui.workspace.pathExample')} spellCheck={false} />
          </label>
          <button type="submit">{ui.t('ui.workspace.openButton')}</button>
          <button type="button" onClick={() => setAsking(false)}>
            {ui.t('ui.workspace.cancel')}
          </button>
        </form>
      )}
    </div>
  );
}
