import type { MessageKey } from '../../shared/i18n';

/**
 * What to do when the window's page dies or hangs: reload it (main kept the draft, so the page
 * comes back with it, see services' getDraft) with a notice saying what happened, unless it has
 * already been reloaded so often just now that another reload would only loop; then stop and say
 * so in a dialog. Pure, so the rules are tested without Electron; `window-recovery.ts` wires it to
 * `render-process-gone` and `unresponsive`.
 */

/** What happened to the page. */
export type PageTrouble =
  /** `render-process-gone`, with Electron's reason (`crashed`, `oom`, `killed`, `clean-exit`, ...). */
  | { kind: 'gone'; reason: string }
  /** `unresponsive`: the page has not answered for a while (Electron waits some seconds first). */
  | { kind: 'unresponsive' };

/** The answer. */
export type RecoveryDecision =
  | { action: 'none' }
  | { action: 'reload'; notice: MessageKey }
  | { action: 'give-up'; title: MessageKey; message: MessageKey };

/** Limits of {@link decideRecovery}. */
export interface RecoveryPolicy {
  /** Reloads allowed within `windowMs` before giving up. Default 3. */
  maxReloads: number;
  /** The span, in milliseconds, over which reloads are counted. Default one minute. */
  windowMs: number;
}

export const DEFAULT_RECOVERY_POLICY: RecoveryPolicy = { maxReloads: 3, windowMs: 60_000 };

/**
 * Decides for `trouble` at `now` (ms), given the times of the reloads already made for this
 * window. `clean-exit` is the page closing normally (the window is going): nothing to do.
 */
export function decideRecovery(trouble: PageTrouble, now: number, reloads: readonly number[], policy: RecoveryPolicy = DEFAULT_RECOVERY_POLICY): RecoveryDecision {
  if (trouble.kind === 'gone' && trouble.reason === 'clean-exit') return { action: 'none' };
  const recent = reloads.filter((at) => now - at < policy.windowMs && at <= now).length;
  if (recent >= policy.maxReloads) return { action: 'give-up', title: 'recovery.gaveUpTitle', message: 'recovery.gaveUp' };
  if (trouble.kind === 'unresponsive') return { action: 'reload', notice: 'recovery.unresponsive' };
  return { action: 'reload', notice: trouble.reason === 'oom' ? 'recovery.outOfMemory' : 'recovery.crashed' };
}
