import { useMemo } from 'react';
import { parsedReferences } from '../composer/parsed';
import { ANSWER_ROOM_RATIO, computeBudget } from '../../shared/budget';
import type { ExpandedReference } from '../../shared/expansion';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { useUi } from '../i18n';
import { useApp } from '../store';
import { WarningsBadge } from './Warnings';

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
  // The level's class must not be the soft marker's (`meter-soft`), or the bar is drawn as the marker.
  const level = now > max ? 'over' : soft !== undefined && now > soft ? 'soft' : 'ok';
  return (
    <div className="meter">
      <div className="meter-label">
        <span>{name}</span>
        <span className="meter-text">{text}</span>
      </div>
      <div role="meter" aria-label={name} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} aria-valuetext={text} className={`meter-bar meter-level-${level}`}>
        <div className="meter-fill" style={{ width: `${ratio * 100}%` }} />
        {soft !== undefined && max > 0 && <div className="meter-soft" style={{ left: `${(soft / max) * 100}%` }} />}
      </div>
    </div>
  );
}

/** A reference that takes a share of the budget: attached, or stopped only by the hard token limit. */
function countsTowardBudget(r: ExpandedReference): boolean {
  return r.status === 'attached' || (r.status === 'limit_exceeded' && r.tokens > 0);
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
  const typed = useMemo(() => parsedReferences(text).filter((r) => !r.malformed).length, [text]);
  const limits = DEFAULT_LIMITS;
  // The references that attach, or would but for the hard token limit (they keep their figures).
  const counted = useMemo(() => (result ? result.references.filter(countsTowardBudget) : null), [result]);
  // The shared budget, drawn at once for the current context length (a new length needs no expansion).
  const budget = useMemo(
    () => computeBudget({ promptTokens: result?.promptTokens ?? 0, attached: counted ?? [], contextLength, limits }),
    [result, counted, contextLength, limits],
  );
  const { hardTokenLimit: hard, softTokenLimit: soft, attachedTokens: tokens, attachedBytes: bytes } = budget;
  // Failed references take no share of the limit; before the first expansion, what was typed counts.
  const references = counted ? counted.length : typed;
  return (
    // data-chars: the length of the text the meters were last drawn for (the keystroke bench watches it).
    <div className="meters" aria-busy={busy} data-chars={text.length}>
      <Meter name={ui.t('ui.meters.references')} now={references} max={limits.maxReferences} text={ui.t('ui.meters.referencesText', { now: references, max: limits.maxReferences })} />
      <Meter name={ui.t('ui.meters.attachedSize')} now={bytes} max={limits.maxTotalBytes} text={ui.t('ui.meters.sizeText', { now: bytes, max: limits.maxTotalBytes })} />
      <Meter name={ui.t('ui.meters.tokens')} now={tokens} max={hard} soft={soft} text={ui.t('ui.meters.tokensText', { now: tokens, max: hard, soft })} />
      <Meter
        name={ui.t('ui.meters.context')}
        now={budget.totalTokens}
        max={contextLength}
        soft={Math.floor(contextLength * (1 - ANSWER_ROOM_RATIO))}
        text={ui.t('ui.meters.contextText', { prompt: budget.promptTokens, attached: tokens, total: budget.totalTokens, max: contextLength })}
      />
      <WarningsBadge />
      <p className="progress" aria-live="polite">
        {resolving > 0 ? ui.t('ui.meters.resolving', { count: resolving }) : ''}
      </p>
    </div>
  );
}
