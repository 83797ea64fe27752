import { useMemo } from 'react';
import type { Warning } from '../../shared/warnings';
import { useUi } from '../i18n';
import { WARNING_CODE_KEYS } from '../i18n/code-words';
import { useApp } from '../store';
import { referenceBeingTyped, settledWarnings } from './typing';

/** One empty list, so the selector returns the same value when there are no warnings (no re-render loop). */
const NONE: readonly Warning[] = [];

/**
 * The Warnings region: every warning, with its reference and what to do about it, in the UI
 * language (the prompt's own warnings section follows the prompt language setting instead).
 */
export function Warnings() {
  const ui = useUi();
  const all = useApp((s) => s.result?.warnings ?? NONE);
  const typing = useApp((s) => referenceBeingTyped(s.text, s.cursor));
  // A reference still being typed (`@file:` with the cursor after it) makes no warning until the cursor leaves it.
  const warnings = useMemo(() => settledWarnings(all, typing), [all, typing]);
  // The preview shows the payload as it is now, held-back warnings included: say why they are not listed here.
  const held = typing !== null && warnings.length < all.length;
  const expandError = useApp((s) => s.expandError);
  const selectRef = useApp((s) => s.selectRef);
  return (
    <section id="warnings-panel" tabIndex={-1} className="panel warnings" aria-label={ui.t('ui.warnings.title')}>
      <h2>
        {ui.t('ui.warnings.title')} {warnings.length > 0 && <span className="count">{ui.number(warnings.length)}</span>}
      </h2>
      {expandError && <p className="error">{ui.say(expandError)}</p>}
      {held && <p className="typing-note">{ui.t('ui.warnings.typing', { reference: typing })}</p>}
      {warnings.length === 0 && !expandError ? (
        !held && <p className="empty">{ui.t('ui.warnings.none')}</p>
      ) : (
        <ul>
          {warnings.map((w, i) => (
            // The code's word is the tooltip, not part of the line: the sentence already says what
            // happened, and "not found: file not found" read as a stutter.
            <li key={`${w.code}-${w.reference}-${i}`} className={`warning warning-${w.code}`} data-code={w.code} title={ui.t(WARNING_CODE_KEYS[w.code])}>
              {w.reference ? (
                <button type="button" className="link" onClick={() => selectRef(w.reference)}>
                  <code>{w.reference}</code>
                </button>
              ) : (
                <strong>{ui.t('ui.warnings.prompt')}</strong>
              )}{' '}
              <span className="sentence">{ui.say(w)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A badge beside the meters with the number of warnings: where the window is narrow (800×600) the
 * Warnings region sits far below, and the badge brings it into view and gives it focus.
 */
export function WarningsBadge() {
  const ui = useUi();
  const all = useApp((s) => s.result?.warnings ?? NONE);
  const typing = useApp((s) => referenceBeingTyped(s.text, s.cursor));
  const count = useMemo(() => settledWarnings(all, typing).length, [all, typing]);
  if (count === 0) return null;
  const show = () => {
    const panel = document.getElementById('warnings-panel');
    panel?.scrollIntoView({ block: 'nearest' });
    panel?.focus();
  };
  return (
    <button type="button" className="warnings-badge" onClick={show} aria-controls="warnings-panel">
      {ui.t('ui.warnings.badge', { count })}
    </button>
  );
}
