import { useApi, useApp, useAppStore } from '../store';
import { formatTokens } from './format';

/** Why Send cannot run now, or null when it can. */
export function sendBlockedReason(result: { blocked: boolean; attachedTokens: number; hardTokenLimit: number } | null): string | null {
  if (!result?.blocked) return null;
  return `Send is disabled: the references need more than the hard limit of ${formatTokens(result.hardTokenLimit)} tokens for this context length. Remove a reference, use a narrower line range, or choose a longer context length.`;
}

/** Send, Copy and Export, with the reason Send is disabled when the hard limit blocks. */
export function Actions() {
  const api = useApi();
  const store = useAppStore();
  const result = useApp((s) => s.result);
  const reason = sendBlockedReason(result);

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

  return (
    <div className="actions">
      <button type="button" className="primary" disabled={reason !== null} aria-describedby={reason ? 'send-reason' : undefined} title={reason ?? 'Send (Ctrl+Enter)'} onClick={() => sendPrompt(store.getState().notify)}>
        Send
      </button>
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <button type="button" onClick={() => void exportMarkdown()}>
        Export
      </button>
      {reason && (
        <p id="send-reason" className="send-reason">
          {reason}
        </p>
      )}
    </div>
  );
}

/** Sending to a model arrives with model endpoints (a later issue); until then, say so. */
export function sendPrompt(notify: (kind: 'info' | 'error', text: string) => void): void {
  notify('info', 'No model endpoint is configured yet, so nothing was sent; use Copy or Export to take the prompt to your model.');
}
