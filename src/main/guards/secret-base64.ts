import type { SecretRule, SecretSpan } from './secret-rules';

/**
 * Secrets hidden in base64 (issue 26, finding 4): `export CREDS=<base64 of "ghtoken=ghp_...">` went
 * out as is, since no rule reads through the encoding. A run of base64 long enough to hold a token
 * is decoded; when it decodes to text (not an image, a hash or a key's bytes) the other rules read
 * that text, and a run that holds a secret is redacted whole as `base64-secret`.
 *
 * Budgets: a run is decoded up to {@link MAX_RUN_CHARS} characters, and at most {@link MAX_DECODED}
 * decoded bytes are read per text, so a megabyte of inline image costs a decode and a look, no more.
 */

/** Shortest run decoded: 24 characters hold 18 bytes, about the shortest token worth hiding. */
export const MIN_RUN_CHARS = 24;
/** Longest part of one run decoded. */
const MAX_RUN_CHARS = 256 * 1024;
/** Decoded bytes scanned per text at most. */
const MAX_DECODED = 2 * 1024 * 1024;

/** Runs of the standard or URL-safe alphabet, with their padding, not glued to a longer word. */
const RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}(?![A-Za-z0-9+/=_-])/g;

/** Alphabet positions 0-31 (`A`-`Z`, `a`-`f`): the first character of a group of four that encodes ASCII. */
const LOW_HALF = /[A-Za-f]/;

/**
 * A cheap look before decoding: each group of four characters starts with the top six bits of a
 * byte, which for ASCII text are below 32. Most identifiers and paths fail this at once; base64 of
 * text with a few non-ASCII letters passes (three quarters of its groups are enough).
 */
function mostlyAscii(run: string): boolean {
  let low = 0;
  let groups = 0;
  for (let i = 0; i + 4 <= run.length && groups < 64; i += 4, groups++) if (LOW_HALF.test(run[i] as string)) low++;
  return low * 4 >= groups * 3;
}

/** True when `bytes` read as text: valid UTF-8, no NUL, almost no control characters. */
function isText(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return false;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) control++;
  }
  return control * 50 <= text.length;
}

/** The `base64-secret` rule, reading the decoded text with `inner()` (the other rules). */
export function base64Rule(inner: () => readonly SecretRule[]): SecretRule {
  return {
    id: 'base64-secret',
    find(text: string): SecretSpan[] {
      const spans: SecretSpan[] = [];
      let budget = MAX_DECODED;
      for (const m of text.matchAll(new RegExp(RUN))) {
        if (budget <= 0) break;
        const run = m[0];
        // A plain word or identifier is not base64 worth decoding: it needs mixed classes.
        if (!/[0-9+/=_-]/.test(run) && !(/[a-z]/.test(run) && /[A-Z]/.test(run))) continue;
        if (!mostlyAscii(run)) continue;
        const body = run.slice(0, MAX_RUN_CHARS);
        const decoded = Buffer.from(body.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')), 'base64');
        budget -= decoded.length;
        if (!isText(decoded)) continue;
        const plain = decoded.toString('utf8');
        if (inner().some((rule) => rule.find(plain).length > 0)) spans.push({ start: m.index, end: m.index + run.length, rule: 'base64-secret' });
      }
      return spans;
    },
  };
}
