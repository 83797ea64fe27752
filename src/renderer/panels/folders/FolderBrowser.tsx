import { useAppFields } from '../../store';
import { FolderDialog } from './FolderDialog';

/**
 * The browser host's folder browser, standing in for the system's folder dialog (a browser has
 * none that reveals a path): a modal dialog named "Open folder" with the folders as options of a
 * listbox, breadcrumbs, a path field that completes folder names, the recent workspaces, and
 * Open / Cancel. Escape closes it. Browsing stays in the home folder; a typed path may leave it.
 */
export function FolderBrowser({ onClosed }: { onClosed(): void }) {
  const { folderBrowserOpen: isOpen, showFolderBrowser: show } = useAppFields('folderBrowserOpen', 'showFolderBrowser');
  if (!isOpen) return null;
  return (
    <FolderDialog
      onClose={() => {
        show(false);
        onClosed();
      }}
    />
  );
}
