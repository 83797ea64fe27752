import type { Warning, WarningCode } from '../../shared/warnings';
import { useUi, type UiKey } from '../i18n';
import { useApp } from '../store';

/** One empty list, so the selector returns the same value when there are no warnings (no re-render loop). */
const NONE: readonly Warning[] = [];

/** Each code's words; the code itself stays stable (it is in `data-code`). */
export const WARNING_CODE_KEYS: Readonly<Record<WarningCode, UiKey>> = {
  malformed: 'ui.warnings.code.malformed',
  not_found: 'ui.warnings.code.not_found',
  blocked: 'ui.warnings.code.blocked',
  too_large: 'ui.warnings.code.too_large',
  limit_exceeded: 'ui.warnings.code.limit_exceeded',
  failed: 'ui.warnings.code.failed',
  soft_limit: 'ui.warnings.code.soft_limit',
  clamped: 'ui.warnings.code.clamped',
  redacted: 'ui.warnings.code.redacted',
};

/**
 * The Warnings region: every warning, with its reference and what to do about it, in the UI
 * language (the prompt's own warnings section follows the prompt language setting instead).
 */
export function Warnings() {
  const ui = useUi();
  const warnings = useApp((s) => s.result?.warnings ?? NONE);
  const expandError = useApp((s) => s.expandError);
  const selectRef = useApp((s) => s.selectRef);
  return (
    <section className="panel warnings" aria-label={ui.t('ui.warnings.title')}>
      <h2>
        {ui.t('ui.warnings.title')} {warnings.length > 0 && <span className="count">{ui.number(warnings.length)}</span>}
      </h2>
      {expandError && <p className="error">{ui.say(expandError)}</p>}
      {warnings.length === 0 && !expandError ? (
        <p className="empty">{ui.t('ui.warnings.none')}</p>
      ) : (
        <ul>
          {warnings.map((w, i) => (
            <li key={`${w.code}-${w.reference}-${i}`} className={`warning warning-${w.code}`} data-code={w.code}>
              {w.reference ? (
                <button type="button" className="link" onClick={() => selectRef(w.reference)}>
                  <code>{w.reference}</code>
                </button>
              ) : (
                <strong>{ui.t('ui.warnings.prompt')}</strong>
              )}{' '}
              <span className="code">{ui.t(WARNING_CODE_KEYS[w.code])}</span>: {ui.say(w)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
