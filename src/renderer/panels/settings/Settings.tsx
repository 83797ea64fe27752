import { useUi } from '../../i18n';
import { useAppStore } from '../../store';
import { usePanelKeys } from '../panel-keys';
import { SETTINGS_SECTIONS } from './sections';
import { useSettingsForm, type SettingsForm } from './use-settings-form';

/**
 * The settings view: the problems of a damaged settings file, then each of {@link SETTINGS_SECTIONS}
 * (languages, privacy, the endpoint Send uses, every limit of docs/contract.md "Limits", allowed
 * hosts) drawn from the one form, and the sentence of the last change with its Undo.
 */
export function Settings() {
  const ui = useUi();
  const store = useAppStore();
  const panelKeys = usePanelKeys<HTMLElement>(() => close());
  // Closing (Escape or Close) first takes focus out of the field being typed in, so its change is
  // saved as leaving any field saves it: there is no separate Save button to forget.
  function close(): void {
    const active = document.activeElement;
    if (active instanceof HTMLElement && panelKeys.ref.current?.contains(active)) active.blur();
    store.getState().setPanel(null);
  }
  const settings = useSettingsForm();
  if (!settings) return <section id="settings-panel" className="panel settings" aria-label={ui.t('ui.settings.title')} aria-busy="true" {...panelKeys} />;

  return (
    <section id="settings-panel" className="panel settings" aria-label={ui.t('ui.settings.title')} {...panelKeys}>
      <div className="panel-head">
        <h2>{ui.t('ui.settings.title')}</h2>
        <button type="button" className="link" onClick={close}>
          {ui.t('ui.app.close')}
        </button>
      </div>
      {settings.view.problems.map((p) => (
        <p key={p.message} className="error">
          {ui.say(p)}
        </p>
      ))}
      {SETTINGS_SECTIONS.map(({ id, legend, legendId, Component }) => (
        <fieldset key={id}>
          <legend id={legendId}>{ui.t(legend)}</legend>
          <Component settings={settings} />
        </fieldset>
      ))}
      <SettingsMessageRow settings={settings} />
    </section>
  );
}

/** The sentence of the last change; Undo beside it only once that change is saved. */
function SettingsMessageRow({ settings }: { settings: SettingsForm }) {
  const ui = useUi();
  const { message, undo, undoLast } = settings;
  return (
    <div className="row settings-message">
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'muted'}>
          {ui.say(message.said)}{' '}
          {undo && (
            <button type="button" className="link" onClick={() => void undoLast()}>
              {ui.t('ui.settings.undo')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
