import { useEffect, useRef } from 'react';
import { useUi } from '../i18n';
import { useAppFields } from '../store';

/**
 * Send's question when references failed: they are listed, and "Send anyway" sends the message
 * without them (asked once for the same failures); Cancel goes back to the prompt to fix them.
 */
export function SendAnyway() {
  const ui = useUi();
  const { confirmSend: failed, sendAnyway, askToSend, showSide } = useAppFields('confirmSend', 'sendAnyway', 'askToSend', 'showSide');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failed) button.current?.focus();
  }, [failed]);
  if (!failed) return null;
  const cancel = () => {
    askToSend(null);
    document.querySelector<HTMLElement>('.cm-content')?.focus();
  };
  return (
    <div className="send-anyway" role="alertdialog" aria-labelledby="send-anyway-title" aria-describedby="send-anyway-list" onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <p id="send-anyway-title" className="send-anyway-title">
        {ui.t('ui.sendAnyway.title', { count: failed.length })}
      </p>
      <ul id="send-anyway-list">
        {failed.map((raw) => (
          <li key={raw}>
            <code>{raw}</code>
          </li>
        ))}
      </ul>
      <div className="send-anyway-actions">
        <button type="button" ref={button} className="primary" onClick={sendAnyway}>
          {ui.t('ui.sendAnyway.send')}
        </button>
        <button type="button" onClick={() => (showSide('warnings'), askToSend(null))}>
          {ui.t('ui.sendAnyway.review')}
        </button>
        <button type="button" onClick={cancel}>
          {ui.t('ui.sendAnyway.cancel')}
        </button>
      </div>
    </div>
  );
}
