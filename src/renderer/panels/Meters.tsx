import { useMemo } from 'react';
import { parsedReferences } from '../composer/parsed';
import { ANSWER_ROOM_RATIO, computeBudget } from '../../shared/budget';
import type { ExpandedReference } from '../../shared/expansion';
import { formatBytes, formatCompactNumber } from '../../shared/i18n';
import { withImageTokens } from '../../shared/image-tokens';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { useUi } from '../i18n';
import { useApp, useAppFields } from '../store';
import { WarningsBadge } from './Warnings';

/** Props of one meter. */
interface MeterProps {
  /** The meter's accessible name and visible label (docs/contract.md "Accessible names"). */
  name: string;
  now: number;
  max: number;
  /** The figures at a glance, always shown, past the limit too. */
  figure: string;
  /** The whole sentence, shown on hover and focus and read by screen readers. */
  text: string;
  /** Where the soft limit sits, for the token meters. */
  soft?: number;
  /** A small bar beside the figures (the two token meters); the others show figures only. */
  bar?: boolean;
}

/**
 * One meter of the compact line: its name and figures, a small bar for the token meters, and the
 * details on hover and focus (the meter takes focus for that; its value text says the same).
 */
function Meter({ name, now, max, figure, text, soft, bar = false }: MeterProps) {
  const ratio = max > 0 ? Math.min(1, now / max) : 0;
  // The level's class must not be the soft marker's (`meter-soft`), or the bar is drawn as the marker.
  const level = now > max ? 'over' : soft !== undefined && now > soft ? 'soft' : 'ok';
  return (
    <div className="meter">
      <div role="meter" tabIndex={0} aria-label={name} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} aria-valuetext={text} className={`meter-body meter-level-${level}`}>
        <span className="meter-name">{name}</span>
        <span className="meter-figure">{figure}</span>
        {bar && (
          <span className="meter-bar">
            <span className="meter-fill" style={{ width: `${ratio * 100}%` }} />
            {soft !== undefined && max > 0 && <span className="meter-soft" style={{ left: `${(soft / max) * 100}%` }} />}
          </span>
        )}
      </div>
      <span className="meter-detail" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}

/** A reference that takes a share of the budget: attached, or stopped only by the hard token limit. */
function countsTowardBudget(r: ExpandedReference): boolean {
  return r.status === 'attached' || (r.status === 'limit_exceeded' && r.tokens > 0);
}

/**
 * The live meters, in one line under the composer: the whole message against the context length,
 * the attached tokens against the soft and hard limits, the references (counted as typed, without
 * waiting for the expansion) and the attached size.
 */
export function Meters() {
  const ui = useUi();
  const { text, result, busy, contextLength } = useAppFields('text', 'result', 'busy', 'contextLength');
  const resolving = useApp((s) => Object.values(s.progress).filter((state) => state === 'resolving').length);
  const typed = useMemo(() => parsedReferences(text).filter((r) => !r.malformed).length, [text]);
  const limits = DEFAULT_LIMITS;
  // The references that attach, or would but for the hard token limit (they keep their figures).
  // An endpoint that accepts images is sent each attached image too: its tile cost counts.
  const imagesSent = useApp((s) => s.settings?.endpoints.find((e) => e.id === s.settings?.chosenEndpointId)?.acceptsImages === true);
  const counted = useMemo(() => (result ? result.references.filter(countsTowardBudget).map((r) => withImageTokens(r, imagesSent)) : null), [result, imagesSent]);
  // The shared budget, drawn at once for the current context length (a new length needs no expansion).
  const budget = useMemo(
    () => computeBudget({ promptTokens: result?.promptTokens ?? 0, attached: counted ?? [], contextLength, limits }),
    [result, counted, contextLength, limits],
  );
  const { hardTokenLimit: hard, softTokenLimit: soft, attachedTokens: tokens, attachedBytes: bytes } = budget;
  // Failed references take no share of the limit; before the first expansion, what was typed counts.
  const references = counted ? counted.length : typed;
  const compact = (a: number, b: number) => `${formatCompactNumber(a, ui.language)} / ${formatCompactNumber(b, ui.language)}`;
  return (
    // data-chars: the length of the text the meters were last drawn for (the keystroke bench watches it).
    <div className="meters" aria-busy={busy} data-chars={text.length}>
      <Meter
        name={ui.t('ui.meters.context')}
        now={budget.totalTokens}
        max={contextLength}
        soft={Math.floor(contextLength * (1 - ANSWER_ROOM_RATIO))}
        figure={compact(budget.totalTokens, contextLength)}
        text={ui.t('ui.meters.contextText', { prompt: budget.promptTokens, attached: tokens, total: budget.totalTokens, max: contextLength })}
        bar
      />
      <Meter name={ui.t('ui.meters.tokens')} now={tokens} max={hard} soft={soft} figure={compact(tokens, hard)} text={ui.t('ui.meters.tokensText', { now: tokens, max: hard, soft })} bar />
      <Meter
        name={ui.t('ui.meters.references')}
        now={references}
        max={limits.maxReferences}
        figure={`${ui.number(references)} / ${ui.number(limits.maxReferences)}`}
        text={ui.t('ui.meters.referencesText', { now: references, max: limits.maxReferences })}
      />
      <Meter
        name={ui.t('ui.meters.attachedSize')}
        now={bytes}
        max={limits.maxTotalBytes}
        figure={`${formatBytes(bytes, ui.language)} / ${formatBytes(limits.maxTotalBytes, ui.language)}`}
        text={ui.t('ui.meters.sizeText', { now: bytes, max: limits.maxTotalBytes })}
      />
      <WarningsBadge />
      <p className="progress" aria-live="polite">
        {resolving > 0 ? ui.t('ui.meters.resolving', { count: resolving }) : ''}
      </p>
    </div>
  );
}
