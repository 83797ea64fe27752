/**
 * Placeholders: values that stand where a secret would and are obviously not one. Shared by every
 * secret rule (`secret-rules.ts`, `secret-assignment.ts`), so they agree on what is left alone.
 */

/** Words that stand in for a password in examples (`postgres://user:password@localhost`). */
const DUMMY_WORDS =
  /^(?:your[-_ ]?|my[-_ ]?|the[-_ ]?)?(?:password|passwd|pass|pwd|pw|secret|token|key|api[-_]?key|changeme|example|placeholder|redacted)s?(?:[-_ ]?here)?$/i;

/**
 * References to a value held elsewhere: `${VAR}`, `$(VAR)`, `$VAR`, `%s`, `%(pw)s`, `%VAR%`, `{{var}}`,
 * `{var}`, `<your-key-here>`, `[secret]`, and environment lookups in code.
 */
const INDIRECTION =
  /^(?:\$\{|\$\(|\$[A-Za-z_]\w*$|%[sd(]|%\w+%$|\{[^{}]*\}$|\{\{|<[^<>]*>$|\[[^[\]]*\]$|process\.env\b|os\.environ\b|env\.|ENV\[|getenv\b)/;

/** Values made of masking characters only: `xxx`, `***`, `...`, `•••`, `000`. */
const MASK_ONLY = /^[xX*.•·_#0-]+$/;

/**
 * True when a value is obviously not a real secret: `${VAR}`, `$VAR`, `{{var}}`, `<your-key-here>`,
 * `%s`, `process.env.X`, masks such as `xxx` or `***`, dummy words such as `password`, anything
 * already redacted, or a value with `EXAMPLE` in it (AWS's documented keys and their imitations).
 */
export function isPlaceholder(value: string): boolean {
  const v = value.trim().replace(/^["'`]|["'`]$/g, '');
  if (v === '') return true;
  if (INDIRECTION.test(v) || MASK_ONLY.test(v) || DUMMY_WORDS.test(v)) return true;
  // Template wording: `xoxb-your-bot-token-here`, `sk-your-key`.
  if (/(?:^|[^A-Za-z])your[-_ ]|[-_ ]here$/i.test(v)) return true;
  // Upper case only: a random token holds these seven letters in a row with odds of about 1 in 10^12.
  if (v.includes('EXAMPLE') || v.includes('REDACTED')) return true;
  // Runs of a mask letter inside a value (`sk_live_xxxxxxxxxxxx`, `AIzaSyXXXXXXXXXX`).
  return /(?:x{6}|X{6}|\*{3}|0{8})/.test(v);
}
