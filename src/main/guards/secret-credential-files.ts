import { isPlaceholder } from './secret-placeholder';
import type { SecretRule, SecretSpan } from './secret-rules';
import { appendAll } from '../../shared/append-all';

/**
 * Credential files recognised by their content, whatever the file is called (issue 26, finding 3):
 * the protected list knows `.netrc` or `~/.kube/config` by name, but a copy in a repository
 * (`deploy/kubeconfig`, `ci/docker-config.json`, `netrc.txt`) was attached as is. Each rule finds
 * the format's own syntax, so it also fires inside a patch (`+password s3cret`) or a pasted excerpt:
 *
 * - `netrc-password`: `password X` (and `account X`) after `machine HOST` or `default` and a `login`,
 *   on one line or several (`.netrc`, `_netrc`);
 * - `pgpass-password`: a `host:port:database:user:password` line (`.pgpass`), port digits or `*`;
 * - `npmrc-auth`: `_auth=`, `_password=`, `_authToken=`, also scoped (`//registry/:_authToken=`);
 * - `kubeconfig-credential`: `client-key-data:`, `client-certificate-data:` (whole keys, base64),
 *   and `token:`, `id-token:`, `refresh-token:` in a file that has a kubeconfig's `users:` list;
 * - `docker-auth`: `"auth": "<base64 of user:password>"` and `"identitytoken"` (`~/.docker/config.json`);
 * - `pypi-token`: PyPI's API tokens (`pypi-AgE...`), as in `.pypirc`;
 * `.git-credentials` lines are URLs with a password, which `url-password` already takes.
 *
 * Only the value is redacted; the key and the host stay readable.
 */

/** How far back a `.netrc` password looks for its `machine` and `login`. */
const NETRC_WINDOW = 400;

function spansOf(text: string, re: RegExp, rule: string, accept: (value: string, m: RegExpExecArray) => boolean): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const pattern = new RegExp(re.source, re.flags.includes('d') ? re.flags : `${re.flags}d`);
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const value = m.groups?.secret ?? '';
    if (value === '' || !accept(value, m)) continue;
    const [start, end] = m.indices?.groups?.secret as [number, number];
    spans.push({ start, end, rule });
  }
  return spans;
}

/** A value that is a real one: not empty, not a placeholder, not an environment reference. */
const real = (v: string): boolean => v.length >= 3 && !isPlaceholder(v) && !/^\$\{?[A-Z_][A-Z0-9_]*\}?$/.test(v);

const NETRC = /(?<![A-Za-z0-9_.-])(?:password|passwd|account)[ \t]+(?<secret>[^\s#]+)/g;

function netrcSpans(text: string): SecretSpan[] {
  return spansOf(text, NETRC, 'netrc-password', (value, m) => {
    const before = text.slice(Math.max(0, m.index - NETRC_WINDOW), m.index);
    // Tokens, not prose: a `machine HOST` (or `default`) and a `login NAME` before it.
    // (A patch puts `+` or `-` before the line's first token.)
    return real(value) && /(?:^|\s)[+-]?(?:machine[ \t]+\S+|default)(?=\s)/.test(before) && /(?:^|\s)[+-]?login[ \t]+\S+\s/.test(before);
  });
}

/** Five fields; a colon or backslash inside one is escaped with a backslash, as libpq reads it. */
const PGPASS = /^[ \t]*[+-]?(?<host>[^:\s#\\][^:\s\\]*|\*):(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:(?<secret>(?:[^:\s\\]|\\.)+)[ \t]*$/gm;

function pgpassSpans(text: string): SecretSpan[] {
  // Five groups of hex digits are an IPv6 address, not a host, port, database, user and password.
  return spansOf(text, PGPASS, 'pgpass-password', (value, m) => real(value) && value !== '*' && !/^[0-9a-f:]+$/i.test(m[0].trim()));
}

const NPMRC = /(?:^|[\s:])_(?:auth|password|authToken)[ \t]*=[ \t]*["']?(?<secret>[^\s"'#;]+)/gm;

function npmrcSpans(text: string): SecretSpan[] {
  // Real values are long (a token, base64 of user:password); `abc` in a test or a doc is not one.
  return spansOf(text, NPMRC, 'npmrc-auth', (v) => real(v) && v.length >= 8);
}

const KUBE_DATA = /^[ \t]*[+-]?[ \t]*(?:client-key-data|client-certificate-data)[ \t]*:[ \t]*["']?(?<secret>[A-Za-z0-9+/=]{16,})/gm;
const KUBE_TOKEN = /^[ \t]*[+-]?[ \t]*(?:token|id-token|refresh-token)[ \t]*:[ \t]*["']?(?<secret>[A-Za-z0-9+/=._~-]{8,})/gm;

function kubeSpans(text: string): SecretSpan[] {
  const spans = spansOf(text, KUBE_DATA, 'kubeconfig-credential', real);
  // `token:` is a common YAML key; only in a file with a kubeconfig's users list.
  if (/^[ \t]*[+-]?users:[ \t]*$/m.test(text) && /(?:^|\n)[ \t]*[+-]?[ \t]*(?:- )?user:/.test(text)) appendAll(spans, spansOf(text, KUBE_TOKEN, 'kubeconfig-credential', real));
  return spans;
}

const DOCKER = /"(?:auth|identitytoken)"[ \t]*:[ \t]*"(?<secret>[A-Za-z0-9+/=._-]{8,})"/g;

function dockerSpans(text: string): SecretSpan[] {
  return spansOf(text, DOCKER, 'docker-auth', (value, m) => {
    if (!real(value)) return false;
    if (m[0].startsWith('"identitytoken"')) return true;
    // Docker's `auth` is base64 of `user:password`.
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return /^[^:\s]+:\S+$/.test(decoded);
  });
}

const PYPI = /(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]{50,}/g;

function pypiSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const m of text.matchAll(new RegExp(PYPI))) spans.push({ start: m.index, end: m.index + m[0].length, rule: 'pypi-token' });
  return spans;
}

/** The credential-file rules. */
export const CREDENTIAL_FILE_RULES: readonly SecretRule[] = [
  { id: 'netrc-password', find: netrcSpans },
  { id: 'pgpass-password', find: pgpassSpans },
  { id: 'npmrc-auth', find: npmrcSpans },
  { id: 'kubeconfig-credential', find: kubeSpans },
  { id: 'docker-auth', find: dockerSpans },
  { id: 'pypi-token', find: pypiSpans },
];
