import { useUi } from '../../i18n';

/** The recent workspaces beside the folder list, each opened by a click; nothing when there are none. */
export function RecentFolders({ recent, onOpen }: { recent: readonly string[]; onOpen(path: string): void }) {
  const ui = useUi();
  if (recent.length === 0) return null;
  return (
    <section className="folder-recent" aria-label={ui.t('ui.folderBrowser.recentLabel')}>
      <h3>{ui.t('ui.folderBrowser.recentLabel')}</h3>
      <ul>
        {recent.map((path) => (
          <li key={path}>
            <button type="button" className="link" title={path} onClick={() => onOpen(path)}>
              {path}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
