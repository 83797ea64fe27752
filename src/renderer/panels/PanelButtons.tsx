import { useUi } from '../i18n';
import { useAppFields } from '../store';

/** The header's buttons: the side panel (Preview and Warnings), Settings and History, each beside the conversation. */
export function PanelButtons() {
  const ui = useUi();
  const { panel, setPanel, sideOpen, setSideOpen } = useAppFields('panel', 'setPanel', 'sideOpen', 'setSideOpen');
  const toggle = (name: 'settings' | 'history') => setPanel(panel === name ? null : name);
  return (
    <nav className="panel-buttons" aria-label={ui.t('ui.app.views')}>
      <button type="button" aria-expanded={sideOpen} aria-controls="side-panel" title={ui.t('ui.side.keyHint')} onClick={() => setSideOpen(!sideOpen)}>
        {ui.t('ui.side.toggle')}
      </button>
      <button type="button" aria-expanded={panel === 'settings'} aria-controls="settings-panel" onClick={() => toggle('settings')}>
        {ui.t('ui.app.settings')}
      </button>
      <button type="button" aria-expanded={panel === 'history'} aria-controls="history-panel" onClick={() => toggle('history')}>
        {ui.t('ui.app.history')}
      </button>
    </nav>
  );
}
