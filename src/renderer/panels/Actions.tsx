import { useEffect, useRef } from 'react';
import type { AppState } from '../store';
import { useApi, useApp, useAppStore } from '../store';
import { sendDisabledReason } from './conversation/send-state';
import { formatTokens } from './format';

/** Why Send cannot run now, or null when it can. */
export function sendBlockedReason(result: { blocked: boolean; attachedTokens: number; hardTokenLimit: number } | null): string | null {
  if (!result?.blocked) return null;
  return `Send is disabled: the references need more than the hard limit of ${formatTokens(result.hardTokenLimit)} tokens for this context length. Remove a reference, use a narrower line range, or choose a longer context length.`;
}

/** Why Send is disabled in `state`, or null. */
export function sendReasonOf(state: AppState): string | null {
  return sendDisabledReason({ settings: state.settings, result: state.result, text: state.text, hasWorkspace: state.workspace !== null, streaming: state.sending !== null });
}

/** Send (or Stop while a reply streams), Copy and Export, with the reason Send is disabled. */
export function Actions() {
  const api = useApi();
  const store = useAppStore();
  const reason = useApp(sendReasonOf);
  const streaming = useApp((s) => s.sending !== null);

  // Copy and Export re-read every reference first, so they never carry a stale read.
  const message = () => store.getState().expandFresh();
  const copy = async () => {
    const answer = await api.copyText({ text: await message() });
    store.getState().notify(answer.ok ? 'info' : 'error', answer.ok ? 'Copied the expanded prompt to the clipboard.' : answer.error.message);
  };
  const exportMarkdown = async () => {
    const answer = await api.exportMarkdown({ markdown: await message(), suggestedName: 'prompt.md' });
    if (!answer.ok) store.getState().notify('error', answer.error.message);
    else if (answer.value) store.getState().notify('info', `Exported the expanded prompt to ${answer.value.path}.`);
  };

  // The app's File > Export… does what the button does.
  const exportRef = useRef(exportMarkdown);
  useEffect(() => {
    exportRef.current = exportMarkdown;
  });
  useEffect(() => api.onMenuCommand(({ command }) => command === 'export' && void exportRef.current()), [api]);

  return (
    <div className="actions">
      {streaming ? (
        <button type="button" className="primary stop" onClick={() => store.getState().stop()}>
          Stop
        </button>
      ) : (
        <button type="button" className="primary" disabled={reason !== null} aria-describedby={reason ? 'send-reason' : undefined} title={reason ?? 'Send (Ctrl+Enter)'} onClick={() => void store.getState().send()}>
          Send
        </button>
      )}
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <button type="button" onClick={() => void exportMarkdown()}>
        Export
      </button>
      {reason && !streaming && (
        <p id="send-reason" className="send-reason">
          {reason}
        </p>
      )}
    </div>
  );
}
