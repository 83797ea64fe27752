/**
 * One rule set for everything a resolver returns (issue 26, finding 5): the attached text is redacted
 * by Atmark's rules and secretlint's preset, and so is every other string of the resolution, walked
 * whole (description, target, the refusal's sentence and its parameters, every string of the
 * citation's source, nested ones included, and the warnings). Before this, metadata went through
 * Atmark's rules only, so a key only secretlint knew was redacted in the message and kept in
 * `source.paths` of `--json`.
 *
 * The strings are scanned as one text (one secretlint call per reference, not one per path); a span
 * is cut to the field it falls in. Runs once per resolution, before it is cached, so the cost is paid
 * when the reference is read, not on every re-assembly. The attached text itself (`text`) and the
 * excerpt's surroundings (`scanContext`) are not touched here: the sanitizers own them.
 */
import { createHash } from 'node:crypto';
import { LruMap, textBytes } from '../../shared/lru';
import { MiB } from '../../shared/limits';
import type { Warning } from '../../shared/warnings';
import { applyRedactions, findSecrets, type SecretSpan } from '../guards/secrets';
import type { Resolution } from '../resolve';

/**
 * Keys that are not metadata: codes and catalogue keys, the reference as typed, the excerpt's
 * surroundings. `text` at the top is the content when it is a string (the sanitizers redact it); a
 * refusal's `text` is its catalogue sentence, whose parameters are redacted like the rest.
 */
const SKIP: ReadonlySet<string> = new Set(['scanContext', 'code', 'key', 'reference', 'ok', 'language']);
/**
 * Also skipped below the top: catalogue keys and codes, and values that cannot hold a secret but
 * change on every read (the read time, commit ids, hashes), so the same reference read again scans
 * the same text and is answered from {@link memo}.
 */
const SKIP_NESTED: ReadonlySet<string> = new Set(['code', 'key', 'reference', 'readAt', 'head', 'commits', 'sha256']);

/** Metadata texts scanned lately and their spans: a fresh read of the same reference scans nothing. */
export const REDACT_MEMO_SIZE = 256;
/**
 * Bytes the memo may hold (its keys and spans); the least recently used go first. The key of a long
 * text is its hash, not the text: a commit that touches 120,000 files has metadata of megabytes,
 * which the memo held whole, once per text, for as long as the thread lived.
 */
export const REDACT_MEMO_BYTES = 4 * MiB;
/** Texts longer than this are keyed by their sha256. */
const HASH_KEY_OVER = 1024;
/** Bytes one remembered span is counted at (an object of two numbers and a short rule id). */
const SPAN_BYTES = 64;

/** Creates the memo of {@link spansOf}, bounded by `maxBytes`; exported for its test. */
export function createSpanMemo(maxBytes = REDACT_MEMO_BYTES): LruMap<string, SecretSpan[]> {
  return new LruMap<string, SecretSpan[]>(REDACT_MEMO_SIZE, (spans, key) => textBytes(key) + spans.length * SPAN_BYTES, maxBytes);
}

/** The memo's key for `text`: itself when short, else its hash (a collision of sha256 is not a concern). */
export function memoKey(text: string): string {
  return text.length <= HASH_KEY_OVER ? text : `\u0000sha256:${text.length}:${createHash('sha256').update(text).digest('hex')}`;
}

const memo = createSpanMemo();

async function spansOf(text: string): Promise<SecretSpan[]> {
  const key = memoKey(text);
  const hit = memo.get(key);
  if (hit) return hit;
  const spans = await findSecrets(text, { fileName: 'metadata.txt' });
  memo.set(key, spans);
  return spans;
}

interface Field {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  start: number;
  end: number;
}

/** Every string leaf under `value`, with where it sits. */
function collect(value: unknown, fields: Field[], parts: string[], offset: { at: number }, top: boolean): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => visit(value, i, v, fields, parts, offset));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if ((top ? SKIP : SKIP_NESTED).has(k) || (top && k === 'text' && typeof v === 'string')) continue;
    visit(value as Record<string, unknown>, k, v, fields, parts, offset);
  }
}

function visit(holder: Field['holder'], key: string | number, v: unknown, fields: Field[], parts: string[], offset: { at: number }): void {
  if (typeof v === 'string') {
    if (v === '') return;
    fields.push({ holder, key, start: offset.at, end: offset.at + v.length });
    parts.push(v);
    offset.at += v.length + 1;
  } else if (typeof v === 'object' && v !== null) {
    collect(v, fields, parts, offset, false);
  }
}

/**
 * A copy of `resolution` with secrets in its metadata replaced by `[REDACTED:rule]`, and how many
 * each rule replaced. Warnings' catalogue texts are redacted with their sentences.
 */
export async function redactResolution(resolution: Resolution): Promise<{ resolution: Resolution; counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  const seenParts: string[] = [];
  collect(resolution, [], seenParts, { at: 0 }, true);
  if (seenParts.length === 0) return { resolution, counts };
  const spans = await spansOf(seenParts.join('\n'));
  if (spans.length === 0) return { resolution, counts };
  // Copied only when something is replaced: the resolution holds the whole attached text, and most
  // metadata holds no secret.
  const copy = structuredClone(resolution) as Resolution & { warnings?: Warning[] };
  const fields: Field[] = [];
  collect(copy, fields, [], { at: 0 }, true);
  const seen = new Set<string>();
  let s = 0;
  for (const field of fields) {
    while (s < spans.length && (spans[s] as SecretSpan).end <= field.start) s++;
    const inField: SecretSpan[] = [];
    for (let j = s; j < spans.length && (spans[j] as SecretSpan).start < field.end; j++) {
      const span = spans[j] as SecretSpan;
      inField.push({ start: Math.max(span.start, field.start) - field.start, end: Math.min(span.end, field.end) - field.start, rule: span.rule });
    }
    if (inField.length === 0) continue;
    const holder = field.holder as Record<string | number, unknown>;
    const value = holder[field.key] as string;
    holder[field.key] = applyRedactions(value, inField).text;
    // A name appears in several fields (the paths, the sentence and its parameters): counted once.
    for (const span of inField) {
      const secret = `${span.rule}\u0000${value.slice(span.start, span.end)}`;
      if (seen.has(secret)) continue;
      seen.add(secret);
      counts[span.rule] = (counts[span.rule] ?? 0) + 1;
    }
  }
  return { resolution: copy, counts };
}
