import { useUi } from '../i18n';
import { useAppFields } from '../store';

/** The last notice (what happened, or what failed and how to fix it), announced politely. */
export function Notice() {
  const ui = useUi();
  const { notice, clearNotice: clear, showFolderBrowser } = useAppFields('notice', 'clearNotice', 'showFolderBrowser');
  return (
    <div className={`notice ${notice ? `notice-${notice.kind}` : ''}`} role="status" aria-live="polite" aria-label={ui.t('ui.notice.label')}>
      {notice && (
        <>
          <span>{ui.say(notice.said)}</span>{' '}
          {notice.action === 'browseFolders' && (
            <>
              <button type="button" onClick={() => (clear(), showFolderBrowser(true))}>
                {ui.t('ui.drop.browse')}
              </button>{' '}
            </>
          )}
          <button type="button" className="link" onClick={clear} aria-label={ui.t('ui.notice.dismiss')}>
            ×
          </button>
        </>
      )}
    </div>
  );
}
