import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { RunView } from '../../../shared/api/session-types';
import { uiText, useUi } from '../../i18n';
import { RUN_STATUS_KEYS } from '../../i18n/code-words';
import { useApi, useAppStore, useAppFields } from '../../store';
import { FirstRun } from './FirstRun';
import { renderMarkdown } from './markdown';

/**
 * The conversation of the current session, the window's main surface: each message as written and
 * its reply rendered from Markdown as it streams in, which model answered, a readable error when
 * the model or the network failed, and per message Copy, Retry and Edit-and-resend.
 */
export function Conversation() {
  const ui = useUi();
  const { turns, sending, sendError, newSession, send } = useAppFields('turns', 'sending', 'sendError', 'newSession', 'send');
  const list = useRef<HTMLOListElement>(null);
  // The newest turn stays in view as it streams, unless the person scrolled up to read.
  const following = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [turns]);
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
            <Turn key={run.id} run={run} live={sending?.runId === run.id} busy={sending !== null} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Turn({ run, live, busy }: { run: RunView; live: boolean; busy: boolean }) {
  const ui = useUi();
  const api = useApi();
  const store = useAppStore();
  const html = useMemo(() => renderMarkdown(run.reply, { copyCode: ui.t('ui.conversation.copyCode') }), [run.reply, ui]);
  const status = live ? 'running' : run.status;
  const copy = async (text: string) => {
    const answer = await api.copyText({ text });
    store.getState().notify(answer.ok ? 'info' : 'error', answer.ok ? uiText('ui.conversation.copied') : answer.error);
  };
  // A code block's copy button (drawn inside the rendered HTML) copies that block's code.
  const onReplyClick = (event: MouseEvent) => {
    const button = (event.target as HTMLElement).closest('.code-copy');
    const code = button?.closest('.code-block')?.querySelector('code')?.textContent;
    if (code !== undefined && code !== null) void copy(code);
  };
  const edit = () => {
    const state = store.getState();
    state.applyEdit({ from: 0, to: state.text.length, insert: run.message });
  };
  const model = run.endpoint ? ui.t('ui.run.endpoint', { model: run.endpoint.model, name: run.endpoint.name }) : ui.t('ui.conversation.noModel');
  return (
    <li className={`turn turn-${run.status}`} data-run={run.id} data-status={status} aria-label={ui.t('ui.conversation.run', { n: run.number })}>
      <div className="turn-you">
        <pre className="turn-message">{run.message}</pre>
      </div>
      <div className="turn-answer">
        <p className="turn-meta">
          <span className="turn-model">{model}</span> · {ui.t(RUN_STATUS_KEYS[status])}
          {run.replyResultId && <span className="muted">{ui.t('ui.conversation.citeAs', { id: run.replyResultId })}</span>}
        </p>
        {/* Sanitized by renderMarkdown (DOMPurify): no raw HTML of the reply is ever live. */}
        <div className="reply markdown" aria-live={live ? 'polite' : 'off'} onClick={onReplyClick} dangerouslySetInnerHTML={{ __html: html }} />
        {run.error && run.status !== 'stopped' && (
          <p role="alert" className="error">
            {ui.say(run.error)}
          </p>
        )}
        {run.status === 'stopped' && <p className="muted">{ui.t('ui.conversation.stopped')}</p>}
        {!live && (
          <div className="turn-actions">
            {run.reply !== '' && (
              <button type="button" className="small-button" onClick={() => void copy(run.reply)}>
                {ui.t('ui.conversation.copyReply')}
              </button>
            )}
            <button type="button" className="small-button" disabled={busy} onClick={() => void store.getState().send(run.message)}>
              {ui.t('ui.conversation.retry')}
            </button>
            <button type="button" className="small-button" onClick={edit}>
              {ui.t('ui.conversation.edit')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
