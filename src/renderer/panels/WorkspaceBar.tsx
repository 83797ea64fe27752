import { useRef } from 'react';
import { useUi } from '../i18n';
import { useApi, useApp } from '../store';
import { FolderBrowser } from './folders/FolderBrowser';

/**
 * The workspace: its name in a status named "Workspace", Open folder (the system dialog in the
 * app; the folder browser in a browser, which has no folder dialog that reveals paths), and the
 * recent workspaces.
 */
export function WorkspaceBar() {
  const api = useApi();
  const ui = useUi();
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
      <button type="button" ref={opener} onClick={() => void open()}>
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
      <FolderBrowser onClosed={() => opener.current?.focus()} />
    </div>
  );
}
