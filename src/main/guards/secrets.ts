import type { Text } from '../../shared/i18n/text';
import { findRuleSpans, type SecretSpan } from './secret-rules';
import { secretlintSpans } from './secretlint-scan';
import { redactionMarker, secretsRedactedMessage } from './secret-messages';

/*
 * Decisions, in one place:
 * - Two engines: secretlint's recommended preset (maintained upstream, many vendors) and Atmark's own
 *   rules (`secret-rules.ts`) for formats the preset misses: bare AWS key ids, Stripe, Google, JWTs,
 *   private keys with any body, URL passwords. Own rules win where both match (exact ranges).
 * - Only the password of a URL or connection string is redacted; scheme, user and host stay readable.
 * - Placeholders stay: `${VAR}`, `$VAR`, `{{var}}`, `<your-key-here>`, `%s`, `xxx`, `***`,
 *   `process.env.X`, dummy words (`password`, `secret`, `changeme`) as URL passwords, masked vendor
 *   tokens (`ghp_` + x's), anything already `[REDACTED:...]`.
 * - AWS's documented example keys (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`)
 *   and any value containing `EXAMPLE` stay: they are published, non-working examples (AWS, GitHub
 *   and secretlint skip them too), redacting them would damage documentation a person attaches, and a
 *   random key contains those letters in a row with odds of about 1 in 10^12.
 * - `secretlint-disable` comments in attached text are ignored: attached text is not trusted.
 * - Hashes, UUIDs, base64 data and integrity strings have no vendor prefix and no key name, so no rule
 *   matches them; the look-alike corpus in `test-support/secret-corpus.ts` keeps it that way.
 */

export type { SecretSpan } from './secret-rules';
export { secretsRedactedMessage } from './secret-messages';

/** Options of `findSecrets` and `redactSecrets`. */
export interface SecretScanOptions {
  /** Name of the attached file, so secretlint's file-specific rules apply. Default `attached.txt`. */
  fileName?: string;
  /** Also run secretlint's recommended preset. Default true; false leaves Atmark's own rules only. */
  secretlint?: boolean;
}

/** Text after redaction, and how many secrets each rule replaced. */
export interface RedactionResult {
  text: string;
  /** Rule id -> matches replaced; empty when nothing was found. */
  counts: Record<string, number>;
}

const overlaps = (a: SecretSpan, b: SecretSpan): boolean => a.start < b.end && b.start < a.end;

/** Own rules that name a place (`DB_PASSWORD=`) rather than a format: any other rule names a match better. */
const GENERIC_RULES: ReadonlySet<string> = new Set(['env-secret', 'secret-assignment']);

/**
 * Merges overlapping spans. Atmark's format rules give exact ranges, so a secretlint span that overlaps
 * one of them is dropped (secretlint reports some formats with a range that spans the key name or the
 * whole URL; the own rule keeps only the secret, and redacts all of it). The rest are joined where
 * they overlap; a joined span keeps the rule of the span that starts first, then the longest, then
 * the most specific (own format rules, then secretlint, then generic rules such as `env-secret`).
 */
export function mergeSecretSpans(own: readonly SecretSpan[], library: readonly SecretSpan[]): SecretSpan[] {
  const specific = own.filter((o) => !GENERIC_RULES.has(o.rule));
  const kept = new Set(library.filter((l) => !specific.some((o) => overlaps(o, l))));
  const rank = (s: SecretSpan): number => (GENERIC_RULES.has(s.rule) ? 2 : kept.has(s) ? 1 : 0);
  const sorted = [...own, ...kept].sort((a, b) => a.start - b.start || b.end - a.end || rank(a) - rank(b));
  const merged: SecretSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Finds the secrets in `text`: Atmark's rules (`secret-rules.ts`) and secretlint's recommended preset,
 * merged into disjoint spans sorted by offset.
 */
export async function findSecrets(text: string, options: SecretScanOptions = {}): Promise<SecretSpan[]> {
  const own = findRuleSpans(text);
  const library = options.secretlint === false ? [] : await secretlintSpans(text, options.fileName);
  return mergeSecretSpans(own, library);
}

/** Replaces each span by `[REDACTED:rule]` and counts replacements per rule. */
export function applyRedactions(text: string, spans: readonly SecretSpan[]): RedactionResult {
  const counts: Record<string, number> = {};
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(text.slice(at, span.start), redactionMarker(span.rule));
    counts[span.rule] = (counts[span.rule] ?? 0) + 1;
    at = span.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), counts };
}

/**
 * Redacts secrets from attached text: every match becomes `[REDACTED:rule]` (stable short rule ids
 * such as `aws-access-key-id`, `github-token`, `private-key`, `jwt`, `url-password`), overlapping
 * matches are merged, and `counts` says how many each rule replaced. The engine calls it on every
 * attached text before tokens are counted and before anything is stored, shown or sent. Placeholders
 * (`${VAR}`, `<your-key-here>`, `xxx`), hashes, UUIDs and AWS's documented example keys stay.
 */
export async function redactSecrets(text: string, options: SecretScanOptions = {}): Promise<RedactionResult> {
  const spans = await findSecrets(text, options);
  return spans.length === 0 ? { text, counts: {} } : applyRedactions(text, spans);
}

/** The `redacted` warning sentence for a redaction result, or null when nothing was redacted. */
export function redactionWarning(result: RedactionResult): Text | null {
  return secretsRedactedMessage(result.counts);
}
