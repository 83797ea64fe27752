import { isPlaceholder } from './secret-placeholder';
import type { SecretRule, SecretSpan } from './secret-rules';

/**
 * Two rules for secrets that have no vendor prefix, only a place (issue 11, rows 4 and 5):
 *
 * - `http-credential`: the credential of an HTTP `Authorization` or `Proxy-Authorization` header
 *   (`Basic`, `Bearer`, `Token`), wherever it is written: a curl command, a `.git/config`
 *   `extraheader`, a log, a YAML header map. Only the credential is redacted; the scheme stays.
 * - `secret-assignment`: a value assigned to a key that ends in a secret word (`password`, `passwd`,
 *   `secret`, `token`, `api_key`, `apikey`, `client_secret`, `secret_key`, `access_key`,
 *   `private_key`, any casing, any prefix such as `db.` or `POSTGRES_`) in YAML, JSON, INI,
 *   `.properties`, TOML, shell, `.env` and Compose files, and in patches of them.
 *
 * Gates of `secret-assignment` (ordinary code and docs are full of `password: string`):
 * - the key starts its line (after indentation, a diff's `+`/`-`, a list `- `, `export`, a quote),
 *   or is a quoted JSON key after `{` or `,`;
 * - an unquoted value must end its line (or be followed by a `#` / `;` comment), so `token: Token | null;`
 *   and `password: getPassword(),` are code, not values; so is a camelCase variable assigned a string
 *   in a statement that ends with `;` (`lastSignificantToken = "?InJSX";`);
 * - the value has at least {@link MIN_LENGTH} characters, no whitespace, a character entropy of at
 *   least {@link MIN_ENTROPY} bits, and is not: a placeholder (`changeme`, `${VAR}`, `<password>`,
 *   `xxx`, empty), a number, a boolean, a type name, a path or URL, a YAML tag/alias/block marker,
 *   a dotted identifier without digits (`config.db.password`), lower-case words joined by `-`/`_`
 *   (`db-credentials`, a Kubernetes secret's name), or digit-free words that name a secret
 *   (`SuperSecretToken`, `my_test_password`, `accessKey`: stand-ins in docs, names in code).
 */

/** Shortest value taken for a secret. */
export const MIN_LENGTH = 8;
/** Lowest Shannon entropy, in bits per character, of a value taken for a secret. */
export const MIN_ENTROPY = 2.5;

/** Key names that end in a secret word; the lookahead keeps `tokens`, `secretary`, `password_hash` out. */
const SECRET_KEY = String.raw`[A-Za-z0-9_.-]*?(?:password|passwd|secret|token|api[_-]?key|apikey|secret[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret)(?![A-Za-z0-9])`;

/** A key that starts its line, then `:`, `=` or `:=`, then the value (quoted or not). */
const LINE_ASSIGNMENT = new RegExp(
  String.raw`^[ \t]*(?:[+-](?![+-]))?[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?["']?(?<key>${SECRET_KEY})["']?[ \t]*(?::=|=|:)[ \t]*` +
    String.raw`(?:"(?<dq>[^"\\\r\n]*)"|'(?<sq>[^'\r\n]*)'|(?<bare>[^\s"'][^\s]*?))(?<glued>[,;])?[ \t]*(?:(?:#|;|//).*)?$`,
  'gmid',
);

/** A quoted JSON key anywhere after `{` or `,` (minified JSON), with a quoted value. */
const JSON_ASSIGNMENT = new RegExp(String.raw`[{,][ \t]*"(?<key>${SECRET_KEY})"[ \t]*:[ \t]*"(?<dq>[^"\\\r\n]*)"`, 'gid');

/** The credential of an Authorization header. */
const HTTP_CREDENTIAL =
  /(?<![A-Za-z0-9-])(?:proxy-)?authorization["'`]?[ \t]*[:=][ \t]*["'`]?(?:basic|bearer|token)[ \t]+(?<secret>[A-Za-z0-9+/=._~-]{8,})/gid;

/** Type names and words that stand where a value would (schemas, type annotations, docs). */
const NOT_VALUES =
  /^(?:string|str|number|int|integer|bool|boolean|null|nil|none|undefined|true|false|yes|no|on|off|required|optional|any|object|text|varchar|bytes|secret|password|token|sensitive|hidden|masked|redacted)$/i;

/** Shannon entropy of `s` in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  const n = [...s].length;
  for (const k of counts.values()) bits -= (k / n) * Math.log2(k / n);
  return bits;
}

/** True when an assigned value looks like a real secret (see the module comment). */
export function isSecretValue(value: string, quoted: boolean): boolean {
  if (value.length < MIN_LENGTH || /\s/.test(value) || isPlaceholder(value)) return false;
  if (/^changeme/i.test(value) || NOT_VALUES.test(value) || /^[-+]?\d+(?:\.\d+)?$/.test(value)) return false;
  if (/^(?:\/|\.\.?\/|~\/|[A-Za-z]:\\)/.test(value) || value.includes('://')) return false;
  if (/^[!&*|>@]/.test(value) || /^[a-z]+(?:[-_][a-z]+)*$/.test(value)) return false;
  // Words for a secret with no digit are a stand-in in docs (`SuperSecretToken`, `my_test_password`).
  if (!/\d/.test(value) && /secret|passw|token|key|dummy|fake|sample|example|test/i.test(value)) return false;
  if (!quoted && (/[(){}[\]]/.test(value) || /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value))) return false;
  if (!/\d/.test(value) && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value)) return false;
  return entropy(value) >= MIN_ENTROPY;
}

function assignmentSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const re of [new RegExp(LINE_ASSIGNMENT), new RegExp(JSON_ASSIGNMENT)]) {
    for (const m of text.matchAll(re)) {
      const g = m.groups ?? {};
      const group = g.dq !== undefined ? 'dq' : g.sq !== undefined ? 'sq' : 'bare';
      const value = g[group] as string;
      // A bare value followed by `,` or `;` straight after is code (`password: pw,`), not config.
      if (group === 'bare' && g.glued !== undefined) continue;
      // `lastToken = "...";`: a statement of code with a camelCase variable, not a config entry.
      if (g.glued === ';' && /^[a-z][a-z0-9]*[A-Z]/.test(g.key ?? '')) continue;
      if (!isSecretValue(value, group !== 'bare')) continue;
      const [start, end] = m.indices?.groups?.[group] as [number, number];
      spans.push({ start, end, rule: 'secret-assignment' });
    }
  }
  return spans;
}

function headerSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const m of text.matchAll(new RegExp(HTTP_CREDENTIAL))) {
    const secret = m.groups?.secret as string;
    if (isPlaceholder(secret) || !/[0-9A-Z+/=._~-]/.test(secret) || entropy(secret) < MIN_ENTROPY) continue;
    const [start, end] = m.indices?.groups?.secret as [number, number];
    spans.push({ start, end, rule: 'http-credential' });
  }
  return spans;
}

/** The `http-credential` rule. */
export const HTTP_CREDENTIAL_RULE: SecretRule = { id: 'http-credential', find: headerSpans };
/** The `secret-assignment` rule. */
export const SECRET_ASSIGNMENT_RULE: SecretRule = { id: 'secret-assignment', find: assignmentSpans };
