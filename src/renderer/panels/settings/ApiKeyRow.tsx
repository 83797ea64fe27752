import { useUi } from '../../i18n';
import type { SectionProps } from './section';

/**
 * The chosen endpoint's API key: shown only as set or not set (the key never comes back from
 * main), a field to type a new one, Save, and Remove when one is set.
 */
export function ApiKeyRow({ settings }: SectionProps) {
  const ui = useUi();
  const { view, saved, key, setKey, saveKey, removeKey } = settings;
  return (
    <div className="key-row">
      <p className="key-state" role="status" aria-label={ui.t('ui.settings.keyStatus')}>
        {ui.t(saved?.hasApiKey ? 'ui.settings.keySet' : 'ui.settings.keyNotSet')}
        {!view.keysPersist && ui.t('ui.settings.keyHostOnly')}
      </p>
      <label>
        {ui.t('ui.settings.apiKey')}
        <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      <button type="button" onClick={() => void saveKey()} disabled={key.trim() === ''}>
        {ui.t('ui.settings.saveKey')}
      </button>
      {saved?.hasApiKey && (
        <button type="button" onClick={() => void removeKey()}>
          {ui.t('ui.settings.removeKey')}
        </button>
      )}
    </div>
  );
}
