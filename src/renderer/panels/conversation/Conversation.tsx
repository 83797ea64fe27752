import { useEffect, useRef } from 'react';
import { LinkedText } from '../links';
import type { RunView } from '../../../shared/api/session-types';
import { useUi } from '../../i18n';
import { RUN_STATUS_KEYS } from '../../i18n/code-words';
import { useApp } from '../../store';

/**
 * The conversation of the current session: each run's message as written and the reply as it
 * streams in, with a readable error when the model or the network failed.
 */
export function Conversation() {
  const ui = useUi();
  const turns = useApp((s) => s.turns);
  const sending = useApp((s) => s.sending);
  const sendError = useApp((s) => s.sendError);
  const newSession = useApp((s) => s.newSession);
  const send = useApp((s) => s.send);
  const text = useApp((s) => s.text);
  // Retry sends the composer's text again: offered after a Send that failed, while that text is unchanged.
  const last = turns[turns.length - 1];
  const list = useRef<HTMLOListElement>(null);
  // The newest turn stays in view as it streams, unless the person scrolled up to read.
  const following = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [turns]);
  const canRetry = sending === null && (sendError !== null || (last?.status === 'failed' && last.message === text));
  const retry = canRetry ? (
    <button type="button" className="retry" onClick={() => void send()}>
      {ui.t('ui.conversation.retry')}
    </button>
  ) : null;
  return (
    <section className="panel conversation" aria-label={ui.t('ui.conversation.title')} aria-busy={sending !== null}>
      <div className="panel-head">
        <h2>{ui.t('ui.conversation.title')}</h2>
        <button type="button" className="link" onClick={() => void newSession()} disabled={sending !== null}>
          {ui.t('ui.conversation.newSession')}
        </button>
      </div>
      {sendError && (
        <p role="alert" className="error send-error">
          {ui.say(sendError)} {retry}
        </p>
      )}
      {!sendError && last?.status === 'failed' && retry && <p className="retry-line">{retry}</p>}
      {turns.length === 0 ? (
        <p className="muted">{ui.t('ui.conversation.empty')}</p>
      ) : (
        <ol
          className="turns"
          ref={list}
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
        >
          {turns.map((run) => (
            <Turn key={run.id} run={run} live={sending?.runId === run.id} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Turn({ run, live }: { run: RunView; live: boolean }) {
  const ui = useUi();
  return (
    <li className={`turn turn-${run.status}`} data-run={run.id} data-status={live ? 'running' : run.status} aria-label={ui.t('ui.conversation.run', { n: run.number })}>
      <p className="turn-meta">
        {ui.t('ui.conversation.run', { n: run.number })} · {run.endpoint?.model ?? ui.t('ui.conversation.noModel')} ·{' '}
        {ui.t(RUN_STATUS_KEYS[live ? 'running' : run.status])}
        {run.replyResultId && <span className="muted">{ui.t('ui.conversation.citeAs', { id: run.replyResultId })}</span>}
      </p>
      <pre className="turn-message">{run.message}</pre>
      <div className="reply" aria-live={live ? 'polite' : 'off'}>
        <LinkedText text={run.reply} />
      </div>
      {run.error && run.status !== 'stopped' && (
        <p role="alert" className="error">
          {ui.say(run.error)}
        </p>
      )}
      {run.status === 'stopped' && <p className="muted">{ui.t('ui.conversation.stopped')}</p>}
    </li>
  );
}
