import { useApp } from '../store';

/** The header's Settings and History buttons; each opens its panel beside the composer. */
export function PanelButtons() {
  const panel = useApp((s) => s.panel);
  const setPanel = useApp((s) => s.setPanel);
  const toggle = (name: 'settings' | 'history') => setPanel(panel === name ? null : name);
  return (
    <nav className="panel-buttons" aria-label="Views">
      <button type="button" aria-expanded={panel === 'settings'} aria-controls="settings-panel" onClick={() => toggle('settings')}>
        Settings
      </button>
      <button type="button" aria-expanded={panel === 'history'} aria-controls="history-panel" onClick={() => toggle('history')}>
        History
      </button>
    </nav>
  );
}
