import type { Warning } from '../../shared/warnings';
import { useApp } from '../store';

/** One empty list, so the selector returns the same value when there are no warnings (no re-render loop). */
const NONE: readonly Warning[] = [];

/** The Warnings region: every warning, with its reference and what to do about it. */
export function Warnings() {
  const warnings = useApp((s) => s.result?.warnings ?? NONE);
  const expandError = useApp((s) => s.expandError);
  const selectRef = useApp((s) => s.selectRef);
  return (
    <section className="panel warnings" aria-label="Warnings">
      <h2>Warnings {warnings.length > 0 && <span className="count">{warnings.length}</span>}</h2>
      {expandError && <p className="error">{expandError}</p>}
      {warnings.length === 0 && !expandError ? (
        <p className="empty">No warnings.</p>
      ) : (
        <ul>
          {warnings.map((w, i) => (
            <li key={`${w.code}-${w.reference}-${i}`} className={`warning warning-${w.code}`} data-code={w.code}>
              {w.reference ? (
                <button type="button" className="link" onClick={() => selectRef(w.reference)}>
                  <code>{w.reference}</code>
                </button>
              ) : (
                <strong>Prompt</strong>
              )}{' '}
              <span className="code">{w.code.replace('_', ' ')}</span>: {w.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
