import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { RunView } from '../../../shared/api/session-types';
import { uiText, useUi } from '../../i18n';
import { RUN_STATUS_KEYS } from '../../i18n/code-words';
import { useApi, useAppStore, type AppState } from '../../store';
import { renderMarkdown } from './markdown';

/**
 * The conversation's turns, each message and its reply rendered from Markdown. A chunk of its own,
 * loaded after the first frame (see Conversation.tsx): with the Markdown it renders (marked,
 * DOMPurify, highlight.js) it is about a fifth of the window's script, and nothing in the first
 * frame needs it.
 */
export function Turns({ turns, sending }: { turns: readonly RunView[]; sending: AppState['sending'] }) {
  const list = useRef<HTMLOListElement>(null);
  // The newest turn stays in view as it streams, unless the person scrolled up to read.
  const following = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [turns]);
  return (
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
