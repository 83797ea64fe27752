import { say } from '../ui-text';
import { useApp } from '../store';

/** The last notice (what happened, or what failed and how to fix it), announced politely. */
export function Notice() {
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  const showFolderBrowser = useApp((s) => s.showFolderBrowser);
  return (
    <div className={`notice ${notice ? `notice-${notice.kind}` : ''}`} role="status" aria-live="polite" aria-label="Notice">
      {notice && (
        <>
          <span>{notice.text}</span>{' '}
          {notice.action === 'browseFolders' && (
            <>
              <button type="button" onClick={() => (clear(), showFolderBrowser(true))}>
                {say('ui.drop.browse')}
              </button>{' '}
            </>
          )}
          <button type="button" className="link" onClick={clear} aria-label="Dismiss notice">
            ×
          </button>
        </>
      )}
    </div>
  );
}
