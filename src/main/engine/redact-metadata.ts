import type { ExpandedReference, ReferenceSource } from '../../shared/expansion';
import { mapTextStrings, type Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { Warning } from '../../shared/warnings';
import { applyRedactions } from '../guards/secrets';
import { findRuleSpans } from '../guards/secret-rules';
import { ENGINE_TEXT } from './text';

/**
 * Redaction of everything that leaves the engine besides the attached text (issue 11, row 3): the
 * block header's description, the target, every string of the citation's source (paths of a git
 * change, real paths, URLs, titles) and the warnings' sentences. A token in a file name must not
 * reach the JSON output, the session record or an export through `source.paths` when the patch
 * that named it was redacted.
 *
 * Atmark's own rules run here (synchronously, on short strings); secretlint's preset, tuned for
 * file contents, does not. The person's own words (the message as written and the reference as
 * written, `raw`) are not changed: they typed them, and the chips and warnings are keyed by them.
 */

/** Redacts one string; adds what was replaced to `counts`. */
export function redactField(value: string, counts: Record<string, number>): string {
  const spans = findRuleSpans(value);
  if (spans.length === 0) return value;
  // Overlapping spans are merged, as for attached text.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: typeof spans = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const out = applyRedactions(value, merged);
  for (const [rule, n] of Object.entries(out.counts)) counts[rule] = (counts[rule] ?? 0) + n;
  return out.text;
}

const SOURCE_STRINGS = ['realPath', 'repository', 'finalUrl', 'contentType', 'title'] as const;

/** A copy of `source` with every string field and path redacted. */
function redactSource(source: ReferenceSource, counts: Record<string, number>): ReferenceSource {
  const out: ReferenceSource = { ...source };
  for (const key of SOURCE_STRINGS) {
    const v = out[key];
    if (typeof v === 'string') out[key] = redactField(v, counts);
  }
  if (out.paths) out.paths = out.paths.map((p) => redactField(p, counts));
  return out;
}

/**
 * Redacts the metadata of one reference in place (target, source, warnings); `counts` holds what was
 * already replaced in its block header. When anything was replaced, a `redacted` warning says so.
 */
export function redactReferenceMetadata(out: ExpandedReference, headerCounts: Record<string, number> = {}): void {
  const counts: Record<string, number> = { ...headerCounts };
  out.target = redactField(out.target, counts);
  if (out.source) out.source = redactSource(out.source, counts);
  out.warnings = out.warnings.map((w): Warning => {
    const message = redactField(w.message, counts);
    // The catalogue text's parameters hold the same names; they are counted once, through `message`.
    return w.text ? { ...w, message, text: redactText(w.text, {}) } : { ...w, message };
  });
  const n = Object.values(counts).reduce((a, b) => a + b, 0);
  if (n > 0) out.warnings.push({ code: 'redacted', reference: out.raw, ...said(ENGINE_TEXT.metadataRedacted(n)) });
}

/** A copy of a catalogue text with every string parameter (nested texts and lists too) redacted. */
function redactText(t: Text, counts: Record<string, number>): Text {
  return mapTextStrings(t, (value) => redactField(value, counts));
}
