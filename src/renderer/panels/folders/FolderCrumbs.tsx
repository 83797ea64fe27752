import type { FolderListing } from '../../../shared/api/contract';
import { useUi } from '../../i18n';

/** The path of the listed folder as buttons, its last one marked as the current location. */
export function FolderCrumbs({ listing, onGo }: { listing: FolderListing | null; onGo(path: string): void }) {
  const ui = useUi();
  return (
    <nav aria-label={ui.t('ui.folderBrowser.crumbsLabel')}>
      <ol className="crumbs">
        {listing?.crumbs.map((crumb, i) => (
          // A root named by its separator (`/`, `C:\`) takes no second one after it.
          <li key={crumb.path} className={i === 0 && /[\\/]$/.test(crumb.name) ? 'crumb-root' : undefined}>
            <button type="button" className="link" aria-current={i === listing.crumbs.length - 1 ? 'location' : undefined} onClick={() => onGo(crumb.path)}>
              {crumb.name}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
