import { exportFileName } from '../../shared/export-name';
import { useEffect, useRef } from 'react';
import type { Text } from '../../shared/i18n';
import { uiText, useUi } from '../i18n';
import type { AppState } from '../store';
import { useApi, useApp, useAppStore } from '../store';
import { sendDisabledReason } from './conversation/send-state';

/** Why Send is disabled in `state`, or null. */
export function sendReasonOf(state: AppState): Text | null {
  return sendDisabledReason({ settings: state.settings, result: state.result, text: state.text, hasWorkspace: state.workspace !== null, streaming: state.sending !== null, awaitingWorkspace: state.result === null && state.busy });
}

/** Send (or Stop while a reply streams), Copy and Export, with the reason Send is disabled. */
export function Actions() {
  const api = useApi();
  const store = useAppStore();
  const ui = useUi();
  // Words, not the text object: a selector must return a value that compares equal when unchanged.
  const reason = useApp((s) => {
    const text = sendReasonOf(s);
    return text ? ui.say(text) : null;
  });
  const streaming = useApp((s) => s.sending !== null);

  // Copy and Export re-read every reference first, so they never carry a stale read.
  const message = () => store.getState().expandFresh();
  const copy = async () => {
    const answer = await api.copyText({ text: await message() });
    store.getState().notify(answer.ok ? 'info' : 'error', answer.ok ? uiText('ui.actions.copied') : answer.error);
  };
  const exportMarkdown = async () => {
    // Named from the prompt being exported (not the session's first message) and the date and time.
    const state = store.getState();
    const suggestedName = exportFileName(state.text, new Date());
    const answer = await api.exportMarkdown({ markdown: await message(), suggestedName });
    if (!answer.ok) store.getState().notify('error', answer.error);
    else if (answer.value) store.getState().notify('info', uiText('ui.actions.exported', { path: answer.value.path }));
  };

  // The app's File > Export… does what the button does.
  const exportRef = useRef(exportMarkdown);
  useEffect(() => {
    exportRef.current = exportMarkdown;
  });
  useEffect(() => api.onMenuCommand(({ command }) => command === 'export' && void exportRef.current()), [api]);

  // The reason is a row of its own under the toolbar, always there (empty when Send is enabled), so
  // the buttons never move when it comes or goes.
  return (
    <>
      <div className="actions">
        {streaming ? (
          <button type="button" className="primary stop" onClick={() => store.getState().stop()}>
            {ui.t('ui.actions.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={reason !== null}
            aria-describedby={reason ? 'send-reason' : undefined}
            title={reason ?? ui.t('ui.actions.sendTitle')}
            onClick={() => void store.getState().send()}
          >
            {ui.t('ui.actions.send')}
          </button>
        )}
        <button type="button" onClick={() => void copy()}>
          {ui.t('ui.actions.copy')}
        </button>
        <button type="button" onClick={() => void exportMarkdown()}>
          {ui.t('ui.actions.export')}
        </button>
      </div>
      <p id="send-reason" className="send-reason" title={streaming ? undefined : (reason ?? undefined)}>
        {!streaming && reason}
      </p>
    </>
  );
}
