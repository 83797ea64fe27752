import { exportFileName } from '../../shared/export-name';
import { useEffect, useRef, useState } from 'react';
import type { Text } from '../../shared/i18n';
import { uiText, useUi } from '../i18n';
import type { Said } from '../i18n/said';
import type { AppState } from '../store';
import { useApi, useApp, useAppStore } from '../store';
import { sendDisabledReason } from './conversation/send-state';
import { AttachButton } from './AttachPicker';
import { ModelPicker } from './ModelPicker';
import { failuresKey } from '../store/conversation-slice';

/** The references of the latest expansion that will not be sent (anything not attached). */
export function failedReferences(state: AppState): string[] {
  return [...new Set((state.result?.references ?? []).filter((r) => r.status !== 'attached').map((r) => r.raw))];
}

/**
 * Send, as the button and Ctrl+Enter do it: with failed references, it first asks once (the
 * "review warnings before sending" the product promises); the same failures asked about once are
 * not asked about again. Pressed while the text is still being read (a keystroke ago), it asks
 * about the references of the text as it is, not of the one before.
 */
export async function requestSend(getState: () => AppState): Promise<void> {
  if (getState().busy || getState().resultText !== getState().text) await getState().expandFresh();
  const state = getState();
  const failed = failedReferences(state);
  if (failed.length > 0 && failuresKey(failed) !== state.confirmedFailures) {
    state.askToSend(failed);
    return;
  }
  state.askToSend(null);
  void state.send();
}

/** Why Send is disabled in `state`, or null. */
export function sendReasonOf(state: AppState): Text | null {
  return sendDisabledReason({ settings: state.settings, result: state.result, text: state.text, hasWorkspace: state.workspace !== null, streaming: state.sending !== null, awaitingWorkspace: state.result === null && state.busy, starting: !state.workspaceKnown || state.settings === null });
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
  // Before the run exists, main is reading the references for Send.
  const sendReading = useApp((s) => s.sending !== null && s.sending.runId === null);
  // Copy or Export waiting for the references to be read again: shown, never a silent wait.
  const [working, setWorking] = useState<'copy' | 'export' | null>(null);

  // Copy and Export re-read every reference first, so they never carry a stale read.
  const message = (forExport = false) => store.getState().expandFresh(forExport);
  const copy = async () => {
    setWorking('copy');
    try {
      // In a browser, the clipboard is written within the click (a browser refuses a write long
      // after it), with the message as a promise the browser waits for: the text is never lost.
      const later = message();
      const answer = api.transport === 'browser' && typeof ClipboardItem !== 'undefined' ? await copyLater(later) : await api.copyText({ text: await later });
      store.getState().notify(answer.ok ? 'info' : 'error', answer.ok ? uiText('ui.actions.copied') : answer.error);
    } finally {
      setWorking(null);
    }
  };
  const exportMarkdown = async () => {
    // Named from the prompt being exported (not the session's first message) and the date and time.
    const state = store.getState();
    const suggestedName = exportFileName(state.text, new Date());
    setWorking('export');
    try {
      // An export masks email addresses unless Settings say never (src/shared/address-masking.ts).
      const answer = await api.exportMarkdown({ markdown: await message(true), suggestedName });
      if (!answer.ok) store.getState().notify('error', answer.error);
      else if (answer.value) store.getState().notify('info', uiText('ui.actions.exported', { path: answer.value.path }));
    } finally {
      setWorking(null);
    }
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
        <AttachButton />
        <ModelPicker />
        {streaming ? (
          <button type="button" className="primary stop" aria-busy={sendReading} onClick={() => store.getState().stop()}>
            {ui.t('ui.actions.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={reason !== null}
            aria-describedby={reason ? 'send-reason' : undefined}
            title={reason ?? ui.t('ui.actions.sendTitle')}
            onClick={() => void requestSend(store.getState)}
          >
            {ui.t('ui.actions.send')}
          </button>
        )}
        <button type="button" className={working === 'copy' ? 'working' : undefined} aria-busy={working === 'copy'} disabled={working !== null} onClick={() => void copy()}>
          {ui.t('ui.actions.copy')}
        </button>
        <button type="button" className={working === 'export' ? 'working' : undefined} aria-busy={working === 'export'} disabled={working !== null} onClick={() => void exportMarkdown()}>
          {ui.t('ui.actions.export')}
        </button>
      </div>
      <div className="status-row">
        <span className="action-status" role="status">
          {working !== null || sendReading ? ui.t('ui.actions.reading') : ''}
        </span>
        <p id="send-reason" className="send-reason" title={streaming ? undefined : (reason ?? undefined)}>
          {!streaming && reason}
        </p>
      </div>
    </>
  );
}

/** Writes the clipboard now with a message that is still being read (ClipboardItem takes a promise). */
async function copyLater(message: Promise<string>): Promise<{ ok: true } | { ok: false; error: Said }> {
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': message.then((text) => new Blob([text], { type: 'text/plain' })) })]);
    return { ok: true };
  } catch {
    return { ok: false, error: uiText('ui.connection.clipboard') };
  }
}
