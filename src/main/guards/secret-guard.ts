import type { Warning } from '../../shared/warnings';
import { findInvisibleHits, neutralizeInvisible, type InvisibleResult } from './invisible';
import { applyRedactions, findSecrets, type RedactionResult, type SecretScanOptions } from './secrets';
import { said } from '../../shared/i18n/translate';
import { invisibleRedactedMessage, secretsRedactedMessage } from './secret-messages';

/** Attached text after both content guards, with what each changed and the warnings to show. */
export interface GuardedText {
  text: string;
  /** Secrets replaced, by rule id. */
  secrets: RedactionResult['counts'];
  /** Invisible characters made visible or removed. */
  invisible: Pick<InvisibleResult, 'count' | 'kinds'>;
  /** Zero, one or two `redacted` warnings about `reference`: one for secrets, one for invisible text. */
  warnings: Warning[];
}

/**
 * Finds secrets as if the invisible characters were not there, so `gh\u200Bp_...` cannot slip a token
 * past the rules, and returns the spans in offsets of `text`. A span that encloses invisible
 * characters covers them too, so they disappear with the secret.
 */
async function secretsThroughInvisible(text: string, options: SecretScanOptions) {
  const { hits } = findInvisibleHits(text);
  if (hits.length === 0) return findSecrets(text, options);
  // `origin[i]` is the offset in `text` of unit i of the stripped copy.
  const origin: number[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const hit of [...hits, { index: text.length, length: 0, cp: 0 }]) {
    parts.push(text.slice(at, hit.index));
    for (let i = at; i < hit.index; i++) origin.push(i);
    at = hit.index + hit.length;
  }
  const spans = await findSecrets(parts.join(''), options);
  return spans.map((s) => ({ start: origin[s.start]!, end: origin[s.end - 1]! + 1, rule: s.rule }));
}

/**
 * Applies both content guards to one attached text, in the order the engine needs: secrets are
 * redacted (looking through invisible characters), then invisible characters are made visible. Call
 * it on every attached text (file, patch, page, result) before counting tokens, storing, showing or
 * sending. `reference` is the reference as written, for the warnings; `options` go to the secret scan.
 */
export async function guardAttachedText(
  text: string,
  reference: string | null,
  options: SecretScanOptions = {},
): Promise<GuardedText> {
  const spans = await secretsThroughInvisible(text, options);
  const redacted = spans.length === 0 ? { text, counts: {} } : applyRedactions(text, spans);
  const visible = neutralizeInvisible(redacted.text);
  const warnings: Warning[] = [];
  const secretsMessage = secretsRedactedMessage(redacted.counts);
  if (secretsMessage !== null) warnings.push({ code: 'redacted', reference, ...said(secretsMessage) });
  const invisibleMessage = invisibleRedactedMessage(visible.kinds);
  if (invisibleMessage !== null) warnings.push({ code: 'redacted', reference, ...said(invisibleMessage) });
  return {
    text: visible.text,
    secrets: redacted.counts,
    invisible: { count: visible.count, kinds: visible.kinds },
    warnings,
  };
}
