import { useUi } from '../i18n';
import { useApp } from '../store';

/** The header's Settings and History buttons; each opens its panel beside the composer. */
export function PanelButtons() {
  const ui = useUi();
  const panel = useApp((s) => s.panel);
  const setPanel = useApp((s) => s.setPanel);
  const toggle = (name: 'settings' | 'history') => setPanel(panel === name ? null : name);
  return (
    <nav className="panel-buttons" aria-label={ui.t('ui.app.views')}>
      <button type="button" aria-expanded={panel === 'settings'} aria-controls="settings-panel" onClick={() => toggle('settings')}>
        {ui.t('ui.app.settings')}
      </button>
      <button type="button" aria-expanded={panel === 'history'} aria-controls="history-panel" onClick={() => toggle('history')}>
        {ui.t('ui.app.history')}
      </button>
    </nav>
  );
}
