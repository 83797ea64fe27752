import { useMemo } from 'react';
import { parseReferences } from '../../shared/grammar';
import { computeBudget } from '../../shared/budget';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { useUi } from '../i18n';
import { useApp } from '../store';

/** Props of one meter. */
interface MeterProps {
  name: string;
  now: number;
  max: number;
  text: string;
  /** Where the soft limit sits, for the token meter. */
  soft?: number;
}

/** A labelled bar with `role="meter"` (docs/contract.md "Accessible names"). */
function Meter({ name, now, max, text, soft }: MeterProps) {
  const ratio = max > 0 ? Math.min(1, now / max) : 0;
  const level = now > max ? 'over' : soft !== undefined && now > soft ? 'soft' : 'ok';
  return (
    <div className="meter">
      <div className="meter-label">
        <span>{name}</span>
        <span className="meter-text">{text}</span>
      </div>
      <div role="meter" aria-label={name} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} aria-valuetext={text} className={`meter-bar meter-${level}`}>
        <div className="meter-fill" style={{ width: `${ratio * 100}%` }} />
        {soft !== undefined && max > 0 && <div className="meter-soft" style={{ left: `${(soft / max) * 100}%` }} />}
      </div>
    </div>
  );
}

/**
 * The live meters: references used of the limit (counted as typed, without waiting for the
 * expansion), attached size of the total budget, and tokens against the soft and hard limits.
 */
export function Meters() {
  const ui = useUi();
  const text = useApp((s) => s.text);
  const result = useApp((s) => s.result);
  const busy = useApp((s) => s.busy);
  const contextLength = useApp((s) => s.contextLength);
  const resolving = useApp((s) => Object.values(s.progress).filter((state) => state === 'resolving').length);
  const references = useMemo(() => parseReferences(text).length, [text]);
  const limits = DEFAULT_LIMITS;
  // The shared budget, drawn at once for the current context length (a new length needs no expansion).
  const budget = useMemo(
    () => computeBudget({ promptTokens: 0, attached: result && !result.blocked ? result.references.filter((r) => r.status === 'attached') : [], contextLength, limits }),
    [result, contextLength, limits],
  );
  const { hardTokenLimit: hard, softTokenLimit: soft, attachedTokens: tokens, attachedBytes: bytes } = budget;
  return (
    // data-chars: the length of the text the meters were last drawn for (the keystroke bench watches it).
    <div className="meters" aria-busy={busy} data-chars={text.length}>
      <Meter name={ui.t('ui.meters.references')} now={references} max={limits.maxReferences} text={ui.t('ui.meters.referencesText', { now: references, max: limits.maxReferences })} />
      <Meter name={ui.t('ui.meters.attachedSize')} now={bytes} max={limits.maxTotalBytes} text={ui.t('ui.meters.sizeText', { now: bytes, max: limits.maxTotalBytes })} />
      <Meter name={ui.t('ui.meters.tokens')} now={tokens} max={hard} soft={soft} text={ui.t('ui.meters.tokensText', { now: tokens, max: hard, soft })} />
      <p className="progress" aria-live="polite">
        {resolving > 0 ? ui.t('ui.meters.resolving', { count: resolving }) : ''}
      </p>
    </div>
  );
}
