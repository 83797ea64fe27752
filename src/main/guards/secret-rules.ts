import { HTTP_CREDENTIAL_RULE, SECRET_ASSIGNMENT_RULE } from './secret-assignment';
import { base64Rule } from './secret-base64';
import { CREDENTIAL_FILE_RULES } from './secret-credential-files';
import { isPlaceholder } from './secret-placeholder';
import { privateKeySpans } from './secret-private-key';

export { isPlaceholder } from './secret-placeholder';

/**
 * Atmark's own secret rules, beside secretlint's preset (`secretlint-scan.ts`): vendor tokens by prefix
 * (AWS, GitHub, GitLab, Slack, Stripe, OpenAI, Anthropic, Google, npm, Hugging Face), private keys,
 * JWTs, passwords in URLs and connection strings, secrets assigned in dotenv files. A rule finds a shape; the value tests below decide
 * whether the shape holds a real value, so placeholders and masked examples stay untouched.
 */

/** A stretch of text to redact and the id of the rule that found it. Offsets are UTF-16 indexes. */
export interface SecretSpan {
  start: number;
  end: number;
  /** Stable short rule id, shown as `[REDACTED:rule]` and counted in the warning. */
  rule: string;
}

/** One of Atmark's own rules: finds spans in a text. */
export interface SecretRule {
  /** The rule id, or the main one when `find` reports several (`url-password`, `connection-string`). */
  id: string;
  find(text: string): SecretSpan[];
}

interface RegexRuleSpec {
  id: string;
  /** Global regexp; a named group `secret` marks the part to redact, otherwise the whole match. */
  pattern: RegExp;
  /** Decides whether the secret part holds a real value (placeholders and look-alikes stay). */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
  /** Rule id for one match when it depends on the match (for example on the URL scheme). */
  idFor?: (match: RegExpExecArray) => string;
}

// Tests on a candidate value: is it a placeholder someone wrote in docs or config templates, does it
// look machine-generated, is a dotted token a real JWT. The rules find shapes; these decide whether a
// shape holds a real value, so look-alikes stay untouched.

/**
 * True when `body` looks machine-generated: at least `minLength` characters (default 16), at least
 * `minClasses` of upper case, lower case and digits (default 2), enough distinct characters, and not a
 * placeholder. Keeps `ghp_` followed by 36 x's, or a kebab-case identifier after `sk-`, from matching.
 */
export function looksRandom(body: string, minClasses = 2, minLength = 16): boolean {
  if (body.length < minLength || isPlaceholder(body)) return false;
  const classes = Number(/[A-Z]/.test(body)) + Number(/[a-z]/.test(body)) + Number(/[0-9]/.test(body));
  if (classes < minClasses) return false;
  return new Set(body).size >= Math.min(10, Math.ceil(body.length / 3));
}

/** Decodes one base64url segment to text, or null when it is not valid base64url. */
function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment) || segment.length % 4 === 1) return null;
  return Buffer.from(segment, 'base64url').toString('utf8');
}

/** True when the first segment of a dotted token decodes to a JSON object with a string `alg`. */
export function isJwtHeader(token: string): boolean {
  const header = decodeBase64Url(token.slice(0, token.indexOf('.')));
  // Cheap checks first: parsing throws on most look-alikes, and throwing is slow.
  if (header === null || !header.trimStart().startsWith('{') || !header.includes('"alg"')) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

/** Builds a rule from a regexp; the accepted part of each match becomes one span. */
function regexRule(spec: RegexRuleSpec): SecretRule {
  return {
    id: spec.id,
    find(text) {
      const spans: SecretSpan[] = [];
      // A fresh regexp per call (the `g` flag keeps state in `lastIndex`); `d` gives group offsets.
      const re = new RegExp(spec.pattern.source, `${spec.pattern.flags}d`);
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const secret = m.groups?.secret ?? m[0];
        if (secret === '' || (spec.accept && !spec.accept(secret, m))) continue;
        const [start, end] = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
        spans.push({ start, end, rule: spec.idFor?.(m) ?? spec.id });
      }
      return spans;
    },
  };
}

/** The part of a prefixed token after its prefix (`ghp_abc` -> `abc`). */
const afterPrefix = (token: string): string => token.replace(/^[a-z]+(?:_[a-z]+)?[_-](?:[a-z]+[_-])?/i, '');

/** Schemes whose URLs are database or broker connection strings. */
const CONNECTION_SCHEMES =
  /^(?:postgres|postgresql|mysql|mariadb|mongodb|mongodb\+srv|redis|rediss|amqp|amqps|mssql|sqlserver|clickhouse|cockroachdb|couchdb|neo4j|neo4j\+s|bolt|ldap|ldaps|snowflake)$/i;

/** Key names that mark a semicolon-separated ADO/ODBC connection string. */
const ADO_KEYS = /(?:^|[;"'\s])(?:server|data source|host|database|initial catalog|user id|uid|dsn|driver)=/i;

/** AWS documents `AKIAIOSFODNN7EXAMPLE`; keys ending in EXAMPLE are treated as docs, not secrets. */
const awsIdAccept = (id: string): boolean => !id.endsWith('EXAMPLE') && new Set(id.slice(4)).size >= 6;

/**
 * Atmark's own rules, for formats the secretlint preset misses or reports with a wrong range. Each one
 * is linear in the text: no nested quantifiers over the same characters.
 */
export const SECRET_RULES: readonly SecretRule[] = [
  { id: 'private-key', find: privateKeySpans },
  regexRule({
    id: 'aws-access-key-id',
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
    accept: awsIdAccept,
  }),
  regexRule({
    // secretlint reports this one with a range that starts at the key name and stops mid-value.
    id: 'aws-secret-access-key',
    pattern:
      /(?<![A-Za-z0-9])(?:aws[_-]?secret[_-]?(?:access[_-]?)?key|secret[_-]?access[_-]?key)["']?\s*(?::|=>|=)\s*["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    accept: (s) => looksRandom(s),
  }),
  regexRule({
    id: 'github-token',
    pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{50,255})(?![A-Za-z0-9_])/g,
    accept: (s) => looksRandom(s.startsWith('github_pat_') ? s.slice(11) : s.slice(4)),
  }),
  regexRule({
    id: 'gitlab-token',
    pattern: /(?<![A-Za-z0-9_-])gl(?:pat|dt|rt|ptt|soat|cbt|ft|oas|imt)-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*/g,
    accept: (s) => looksRandom(afterPrefix(s)),
  }),
  regexRule({
    id: 'slack-token',
    pattern: /(?<![A-Za-z0-9_-])(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}/g,
    accept: (s) => looksRandom(s.slice(5).replace(/-/g, ''), 2, 10),
  }),
  regexRule({
    id: 'slack-webhook',
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}/g,
    accept: (s) => looksRandom(s.slice(s.lastIndexOf('/') + 1), 2, 8),
  }),
  regexRule({
    id: 'stripe-key',
    pattern: /(?<![A-Za-z0-9_])(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})(?![A-Za-z0-9_])/g,
    accept: (s) => looksRandom(afterPrefix(s)),
  }),
  regexRule({
    id: 'anthropic-key',
    pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g,
    accept: (s) => looksRandom(s.slice(7), 3),
  }),
  regexRule({
    // Generic `sk-` prefix: demand all three character classes so kebab-case names never match.
    id: 'openai-key',
    pattern: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{20,}/g,
    accept: (s) => looksRandom(s.replace(/^sk-(?:(?:proj|svcacct|admin|None)-)?/, ''), 3),
  }),
  regexRule({
    id: 'google-api-key',
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    accept: (s) => looksRandom(s.slice(4)),
  }),
  regexRule({
    id: 'npm-token',
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g,
    accept: (s) => looksRandom(s.slice(4)),
  }),
  regexRule({
    id: 'huggingface-token',
    pattern: /(?<![A-Za-z0-9_])(?:hf_|api_org_)[A-Za-z0-9]{30,}(?![A-Za-z0-9_])/g,
    accept: (s) => looksRandom(afterPrefix(s)),
  }),
  regexRule({
    id: 'jwt',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*(?![A-Za-z0-9_-])/g,
    accept: (s) => isJwtHeader(s),
  }),
  regexRule({
    // Only the password is redacted: the scheme, user and host stay readable.
    id: 'url-password',
    pattern:
      /(?<![A-Za-z0-9])(?<scheme>[A-Za-z][A-Za-z0-9+.-]{1,30}):\/\/[^\s:@/?#"'<>`[\]]*:(?<secret>[^\s@/?#"'<>`]+)@(?=[A-Za-z0-9[])/g,
    // An all-digit "password" of up to 5 digits is a port in a userinfo trick (`http://host:5173@evil/`).
    accept: (s) => !isPlaceholder(s) && !/^\d{1,5}$/.test(s),
    idFor: (m) => (CONNECTION_SCHEMES.test(m.groups?.scheme ?? '') ? 'connection-string' : 'url-password'),
  }),
  regexRule({
    // `?password=` in a URL: the parameter is found first, then the URL around it (linear).
    id: 'url-password',
    pattern: /[?&](?:password|passwd|pwd)=(?<secret>[^&#\s"'<>`]+)/gi,
    accept: (s, m) => !isPlaceholder(decodeURIComponentSafe(s)) && /:\/\/[^\s"'<>`]*$/.test(windowBefore(m.input, m.index)),
  }),
  regexRule({
    // ADO.NET / ODBC: `Server=db;User Id=sa;Password=...;`. Only when the line names a server or user.
    id: 'connection-string',
    pattern: /(?<=^|[;"'`\s])(?:password|pwd)=(?<secret>[^;"'`\r\n]*[^;"'`\r\n\s])/gim,
    accept: (s, m) => !isPlaceholder(s) && ADO_KEYS.test(lineAround(m.input, m.index)),
  }),
  regexRule({
    // Dotenv and shell: `DB_PASSWORD=...`, `export SECRET_KEY=...`. Only upper-case names that end in a
    // secret word, first on their line (after a diff's +/-, a list bullet, a quote mark or a JSON
    // string's quote; never after `const`), with a value that is not a flag or a number.
    id: 'env-secret',
    pattern:
      /^[ \t]*(?:[-+*>][ \t]*)?["']?(?:export[ \t]+)?[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PWD|SECRET|SECRET_KEY|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CLIENT_SECRET)[ \t]*=[ \t]*\\?["']?(?<secret>[^\s"'#\\]+)/gm,
    accept: (s) => !isPlaceholder(s) && !/^(?:true|false|yes|no|on|off|null|none|\d+)$/i.test(s) && s.length >= 4,
  }),
  HTTP_CREDENTIAL_RULE,
  SECRET_ASSIGNMENT_RULE,
  ...CREDENTIAL_FILE_RULES,
];

/** Every own rule, with the one that reads through base64 (which uses the rules above on what it decodes). */
export const ALL_SECRET_RULES: readonly SecretRule[] = [...SECRET_RULES, base64Rule(() => SECRET_RULES)];

/** `decodeURIComponent` that returns its input when the input is not valid percent-encoding. */
function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** How far around a match its context is read: bounded, so a huge line costs the same as a short one. */
const CONTEXT = 1024;

/** Up to CONTEXT characters before `index`. */
function windowBefore(text: string, index: number): string {
  return text.slice(Math.max(0, index - CONTEXT), index);
}

/** The line that holds `index`, cut to CONTEXT characters either side. */
function lineAround(text: string, index: number): string {
  const before = windowBefore(text, index).split(/\r\n|\r|\n/).pop() ?? '';
  const after = text.slice(index, index + CONTEXT).split(/\r\n|\r|\n/)[0] ?? '';
  return before + after;
}

/** Runs every own rule over `text`; spans may overlap (the caller merges them). */
export function findRuleSpans(text: string, rules: readonly SecretRule[] = ALL_SECRET_RULES): SecretSpan[] {
  return rules.flatMap((rule) => rule.find(text));
}
