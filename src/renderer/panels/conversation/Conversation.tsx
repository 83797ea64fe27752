import { useUi } from '../../i18n';
import { useAppFields } from '../../store';
import { FirstRun } from './FirstRun';
import { useTurnsModule } from './turns-chunk';

/**
 * The conversation of the current session, the window's main surface: each message as written and
 * its reply rendered from Markdown as it streams in, which model answered, a readable error when
 * the model or the network failed, and per message Copy, Retry and Edit-and-resend.
 */
export function Conversation() {
  const ui = useUi();
  const { turns, sending, sendError, newSession, send } = useAppFields('turns', 'sending', 'sendError', 'newSession', 'send');
  // Loaded apart (see turns-chunk.ts): until it is, the turns wait for it.
  const turnsModule = useTurnsModule(turns.length > 0);
  return (
    <section className="panel conversation" aria-label={ui.t('ui.conversation.title')} aria-busy={sending !== null}>
      <div className="panel-head">
        <h2>{ui.t('ui.conversation.title')}</h2>
        <button type="button" className="link" onClick={() => void newSession()} disabled={sending !== null}>
          {ui.t('ui.conversation.newSession')}
        </button>
      </div>
      {sendError && (
        // A Send that did not start (no run was made): Retry sends the composer's text again.
        <p role="alert" className="error send-error">
          {ui.say(sendError)}{' '}
          {sending === null && (
            <button type="button" className="retry" onClick={() => void send()}>
              {ui.t('ui.conversation.retry')}
            </button>
          )}
        </p>
      )}
      {turns.length === 0 ? (
        <div className="conversation-empty">
          <FirstRun />
          <p className="muted">{ui.t('ui.conversation.empty')}</p>
        </div>
      ) : (
        turnsModule && <turnsModule.Turns turns={turns} sending={sending} />
      )}
    </section>
  );
}
