import { useMemo } from 'react';
import type { Warning } from '../../shared/warnings';
import { useUi } from '../i18n';
import { WARNING_CODE_KEYS } from '../i18n/code-words';
import { useApp, useAppFields } from '../store';
import { referenceBeingTyped, settledNearMisses, settledWarnings } from './typing';

/** One empty list, so the selector returns the same value when there are no warnings (no re-render loop). */
export const NO_WARNINGS: readonly Warning[] = [];

/**
 * The Warnings region: every warning, with its reference and what to do about it, in the UI
 * language (the prompt's own warnings section follows the prompt language setting instead).
 */
export function Warnings({ hidden }: { hidden: boolean }) {
  const ui = useUi();
  const all = useApp((s) => s.result?.warnings ?? NO_WARNINGS);
  const typing = useApp((s) => referenceBeingTyped(s.text, s.cursor));
  // A reference still being typed (`@file:` with the cursor after it) makes no warning until the cursor leaves it.
  const warnings = useMemo(() => settledWarnings(all, typing), [all, typing]);
  // The preview shows the payload as it is now, held-back warnings included: say why they are not listed here.
  const held = typing !== null && warnings.length < all.length;
  const { expandError, selectRef, text, cursor, applyEdit } = useAppFields('expandError', 'selectRef', 'text', 'cursor', 'applyEdit');
  const nearMisses = useMemo(() => settledNearMisses(text, cursor), [text, cursor]);
  return (
    // A tab's panel (SidePanel), named "Warnings" without the count the tab shows, so its name stays put.
    <section id="warnings-panel" role="tabpanel" tabIndex={-1} className="warnings" aria-label={ui.t('ui.warnings.title')} hidden={hidden}>
      {expandError && <p className="error">{ui.say(expandError)}</p>}
      {held && <p className="typing-note">{ui.t('ui.warnings.typing', { reference: typing })}</p>}
      {nearMisses.length > 0 && (
        <ul className="near-misses">
          {nearMisses.map((m) => (
            <li key={`${m.from}-${m.written}`} className="warning warning-near_miss" data-code="near_miss">
              <code>{m.written}</code> <span className="sentence">{ui.t('ui.warnings.nearMiss', { written: m.written, suggestion: m.suggestion })}</span>{' '}
              <button type="button" onClick={() => applyEdit({ from: m.from, to: m.to, insert: m.suggestion })}>
                {ui.t('ui.warnings.useSuggestion', { suggestion: m.suggestion })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {warnings.length === 0 && nearMisses.length === 0 && !expandError ? (
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
 * A badge in the meters' line with the number of warnings: it opens the side panel on the
 * Warnings tab (even where the panel was collapsed) and gives the list focus.
 */
export function WarningsBadge() {
  const ui = useUi();
  const all = useApp((s) => s.result?.warnings ?? NO_WARNINGS);
  const typing = useApp((s) => referenceBeingTyped(s.text, s.cursor));
  const { showSide, text, cursor } = useAppFields('showSide', 'text', 'cursor');
  const count = useMemo(() => settledWarnings(all, typing).length + settledNearMisses(text, cursor).length, [all, typing, text, cursor]);
  if (count === 0) return null;
  const show = () => {
    showSide('warnings');
    // After React drew the opened tab.
    requestAnimationFrame(() => document.getElementById('warnings-panel')?.focus());
  };
  return (
    <button type="button" className="warnings-badge" onClick={show} aria-controls="warnings-panel">
      {ui.t('ui.warnings.badge', { count })}
    </button>
  );
}
