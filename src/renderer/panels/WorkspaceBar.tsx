import { useRef } from 'react';
import { useUi } from '../i18n';
import { useApi, useAppFields } from '../store';
import { FolderBrowser } from './folders/FolderBrowser';
import { RecentMenu } from './RecentMenu';

/**
 * The workspace: its name in a status named "Workspace", Open folder (the system dialog in the
 * app; the folder browser in a browser, which has no folder dialog that reveals paths), and the
 * recent workspaces.
 */
export function WorkspaceBar() {
  const api = useApi();
  const ui = useUi();
  const { workspace, workspaceKnown, pickWorkspace, showFolderBrowser } = useAppFields('workspace', 'workspaceKnown', 'pickWorkspace', 'showFolderBrowser');
  const opener = useRef<HTMLButtonElement>(null);

  const open = async () => {
    if (api.transport === 'electron' && (await pickWorkspace())) return;
    showFolderBrowser(true);
  };

  return (
    <div className="workspace-bar">
      <div role="status" aria-label={ui.t('ui.workspace.label')} aria-busy={!workspaceKnown} className="workspace-name" title={workspace?.root}>
        {/* Until the host says, nothing: neither a name nor "no folder open" would be true yet. */}
        {!workspaceKnown ? null : workspace ? (
          <>
            <strong>{workspace.name}</strong> <span className="muted workspace-root">{workspace.root}</span>
            {!workspace.isGitRepository && <span className="muted"> {ui.t('ui.workspace.notGit')}</span>}
          </>
        ) : (
          ui.t('ui.workspace.none')
        )}
      </div>
      <button type="button" ref={opener} onClick={() => void open()}>
        {ui.t('ui.workspace.open')}
      </button>
      <RecentMenu />
      <FolderBrowser onClosed={() => opener.current?.focus()} />
    </div>
  );
}
