import { createHash, randomUUID } from 'node:crypto';
import { seededRandom } from './prng';

/**
 * Builds test corpora for secret redaction: fake secrets of every kind Atmark redacts, and text that
 * only resembles secrets. Every fake secret is assembled at run time from split prefixes and a seeded
 * random generator, so this repository holds no string that a secret scanner (Atmark's own, secretlint,
 * GitHub's) would flag. Exported for the guard's tests and for resolver and engine tests that check
 * redaction in each reference kind.
 */

/** One fake secret: the rule expected to catch it, the exact redacted part, and a line holding it. */
export interface FakeSecret {
  rule: string;
  /** The characters that must disappear (for URLs, only the password). */
  secret: string;
  /** A line (or block) as it would appear in a config file or source. */
  line: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const BASE64 = ALNUM + '+/';
const BASE64URL = ALNUM + '-_';

/** A source of random strings over an alphabet. */
type Draw = (length: number, alphabet?: string) => string;

function drawer(seed: number): Draw {
  const next = seededRandom(seed);
  return (length, alphabet = ALNUM) =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

const b64url = (s: string): string => Buffer.from(s).toString('base64url');
const DASHES = '-'.repeat(5);
/** A PEM marker, assembled so that no complete marker sits in this file. */
const pemMarker = (edge: 'BEGIN' | 'END', label: string): string => `${DASHES}${edge} ${label}${DASHES}`;

/** A PEM block with a random body of `lines` 64-character lines. */
function pem(draw: Draw, label: string, lines = 5): string {
  const body = Array.from({ length: lines }, () => draw(64, BASE64)).join('\n');
  return `${pemMarker('BEGIN', label)}\n${body}\n${draw(20, BASE64)}==\n${pemMarker('END', label)}`;
}

/** A password with the punctuation real ones have, but none that ends a URL's userinfo. */
const password = (draw: Draw): string => draw(6) + '!' + draw(5) + '*' + draw(3, DIGITS);

/** A JSON Web Token with a real JSON header and payload and a random signature. */
function jwt(draw: Draw): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub: draw(8, DIGITS), name: 'Ada', iat: 1700000000 }));
  return `${header}.${payload}.${draw(43, BASE64URL)}`;
}

/** Fake tokens with a vendor prefix: [rule, token, config key]. */
function prefixedTokens(draw: Draw): [string, string, string][] {
  const slack = (p: string) => `${p}-${draw(12, DIGITS)}-${draw(12, DIGITS)}-${draw(24)}`;
  return [
    ['aws-access-key-id', 'AK' + 'IA' + draw(16, UPPER + '234567'), 'aws_access_key_id'],
    ['aws-access-key-id', 'AS' + 'IA' + draw(16, UPPER + '234567'), 'AWS_ACCESS_KEY_ID'],
    ...['p', 'o', 'u', 's', 'r'].map((c): [string, string, string] => ['github-token', `gh${c}_${draw(36)}`, 'GITHUB_TOKEN']),
    ['github-token', 'github' + '_pat_' + draw(22) + '_' + draw(59), 'GH_TOKEN'],
    ['gitlab-token', 'gl' + 'pat-' + draw(20, ALNUM + '_-'), 'GITLAB_TOKEN'],
    ['slack-token', slack('xo' + 'xb'), 'SLACK_BOT_TOKEN'],
    ['slack-token', slack('xo' + 'xp'), 'SLACK_USER_TOKEN'],
    ['slack-token', slack('xo' + 'xa'), 'SLACK_APP_TOKEN'],
    ['stripe-key', 's' + 'k_live_' + draw(24), 'STRIPE_SECRET_KEY'],
    ['stripe-key', 'r' + 'k_live_' + draw(24), 'STRIPE_RESTRICTED_KEY'],
    ['stripe-key', 's' + 'k_test_' + draw(24), 'STRIPE_TEST_KEY'],
    ['openai-key', 's' + 'k-' + draw(20) + 'T3Blbk' + 'FJ' + draw(20), 'OPENAI_API_KEY'],
    ['openai-key', 's' + 'k-proj-' + draw(74, ALNUM + '_-') + 'T3Blbk' + 'FJ' + draw(74, ALNUM + '_-'), 'OPENAI_KEY'],
    ['anthropic-key', 's' + 'k-ant-api03-' + draw(93, ALNUM + '_-') + 'AA', 'ANTHROPIC_API_KEY'],
    ['google-api-key', 'AI' + 'za' + 'Sy' + draw(33, ALNUM + '_-'), 'GOOGLE_API_KEY'],
    ['npm-token', 'np' + 'm_' + draw(36), 'NPM_TOKEN'],
    ['huggingface-token', 'h' + 'f_' + draw(34, UPPER + LOWER), 'HF_TOKEN'],
    ['jwt', jwt(draw), 'SESSION'],
  ];
}

/** Builds one fake secret of every kind, with the line each would appear in. Deterministic per seed. */
export function buildFakeSecrets(seed = 20240601): FakeSecret[] {
  const draw = drawer(seed);
  const tokens = prefixedTokens(draw).map(([rule, secret, key]) => ({ rule, secret, line: `${key}=${secret}` }));
  const awsSecret = draw(40, BASE64);
  const webhook = 'https://hooks.' + 'slack.com/services/T' + draw(8, UPPER + DIGITS) + '/B' + draw(8, UPPER + DIGITS) + '/' + draw(24);
  const keys = ['RSA PRIVATE KEY', 'EC PRIVATE KEY', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'PGP PRIVATE KEY BLOCK'];
  const pw = Array.from({ length: 10 }, () => password(draw));
  const host = 'db.internal.example.com';
  const envPw = password(draw);
  const envKey = draw(50, ALNUM + '!@%^&*(-_=+)');
  return [
    ...tokens,
    { rule: 'aws-secret-access-key', secret: awsSecret, line: `aws_secret_access_key = ${awsSecret}` },
    { rule: 'slack-webhook', secret: webhook, line: `SLACK_WEBHOOK=${webhook}` },
    ...keys.map((label) => {
      const block = pem(draw, label);
      return { rule: 'private-key', secret: block, line: block };
    }),
    { rule: 'url-password', secret: pw[0]!, line: `https://deploy:${pw[0]}@git.example.com/repo.git` },
    { rule: 'url-password', secret: pw[1]!, line: `ftp://backup:${pw[1]}@files.example.com/` },
    { rule: 'url-password', secret: pw[2]!, line: `https://api.example.com/login?user=ada&password=${pw[2]}` },
    { rule: 'connection-string', secret: pw[3]!, line: `DATABASE_URL=postgres://app:${pw[3]}@${host}:5432/app` },
    { rule: 'connection-string', secret: pw[4]!, line: `mysql://root:${pw[4]}@${host}:3306/shop` },
    { rule: 'connection-string', secret: pw[5]!, line: `MONGO_URL=mongodb+srv://svc:${pw[5]}@cluster0.example.net/db` },
    { rule: 'connection-string', secret: pw[6]!, line: `mongodb://svc:${pw[6]}@${host}:27017/db` },
    { rule: 'connection-string', secret: pw[7]!, line: `REDIS_URL=redis://:${pw[7]}@cache.example.com:6379/0` },
    { rule: 'connection-string', secret: pw[8]!, line: `amqp://guest:${pw[8]}@mq.example.com:5672/` },
    { rule: 'env-secret', secret: envPw, line: `DB_PASS` + `WORD=${envPw}` },
    { rule: 'env-secret', secret: envKey, line: `export DJANGO_SECRET` + `_KEY="${envKey}"` },
    {
      rule: 'connection-string',
      secret: pw[9]!,
      line: `"Server=tcp:${host},1433;Database=app;User Id=sa;Password=${pw[9]};Encrypt=true;"`,
    },
  ];
}

/** A text as it reaches the guard through each kind of reference. */
export interface SecretFormats {
  /** A config file as `@file` attaches it. */
  plain: string;
  /** A unified diff as `@diff`, `@staged` or `@git:N` attach it: every line added, one removed. */
  diff: string;
  /** A Markdown page as `@url` attaches it, with the lines in a code block and in prose. */
  markdown: string;
  /** A JSON body (`@url` of a JSON API, a stored `@result`), lines as string values. */
  json: string;
}

/** Wraps `lines` in the shapes the reference kinds produce. */
export function embedInFormats(lines: readonly string[]): SecretFormats {
  const plain = lines.join('\n') + '\n';
  const added = plain.split('\n').slice(0, -1).map((l) => `+${l}`);
  const diff = [
    'diff --git a/config/.env b/config/.env',
    'index 3b18e51..a1f9c2d 100644',
    '--- a/config/.env',
    '+++ b/config/.env',
    `@@ -1,1 +1,${added.length} @@`,
    `-${lines[0] ?? ''}`,
    ...added,
  ].join('\n');
  const markdown = ['# Setup', '', 'Put these in `.env`:', '', '```sh', plain + '```', '', ...lines.map((l) => `- ${l}`)].join('\n');
  const json = JSON.stringify({ settings: lines, note: 'exported' }, null, 2);
  return { plain, diff, markdown, json };
}

/**
 * Builds text that only resembles secrets and must pass redaction untouched: hashes, UUIDs, base64
 * data, integrity strings, placeholders (`${VAR}`, `$VAR`, `{{var}}`, `<your-key-here>`, `xxx`, `***`),
 * environment lookups, AWS's documented example keys, masked vendor tokens, URLs with a port before an
 * `@` in the path, and PEM markers without a key. Built at run time like the fake secrets.
 */
export function buildLookAlikes(): string[] {
  const sha1 = createHash('sha1').update('atmark').digest('hex');
  const sha256 = createHash('sha256').update('atmark').digest('hex');
  const bytes = createHash('sha512').update('atmark').digest();
  const b64 = Buffer.concat([bytes, bytes, bytes]).toString('base64');
  const x = (n: number, c = 'x') => c.repeat(n);
  const awsDocId = 'AKIA' + 'IOSFODNN7' + 'EXAMPLE';
  const awsDocSecret = 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCY' + 'EXAMPLEKEY';
  const begin = (l: string) => `${'-'.repeat(5)}BEGIN ${l}${'-'.repeat(5)}`;
  const end = (l: string) => `${'-'.repeat(5)}END ${l}${'-'.repeat(5)}`;
  return [
    `commit ${sha1}`,
    `Merge: ${sha1.slice(0, 7)} ${sha1.slice(7, 14)}`,
    `index ${sha1.slice(0, 7)}..${sha1.slice(-7)} 100644`,
    `sha256: ${sha256}`,
    `"checksum": "sha256:${sha256}"`,
    `tx 0x${sha256}`,
    `id = "${randomUUID()}"`,
    `request-id: ${randomUUID().toUpperCase()}`,
    `"integrity": "sha512-${bytes.toString('base64')}"`,
    `data:image/png;base64,${b64}`,
    `const fixture = "${b64}";`,
    'GITHUB_TOKEN=${GITHUB_TOKEN}',
    'OPENAI_API_KEY=$OPENAI_API_KEY',
    'api_key: "{{ api_key }}"',
    'Authorization: Bearer <your-token-here>',
    'aws_secret_access_key = <your-secret-access-key>',
    'AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}',
    `aws_access_key_id = ${awsDocId}`,
    `aws_secret_access_key = ${awsDocSecret}`,
    `AWS_ACCESS_KEY_ID=AKIA${x(16, 'X')}`,
    'const key = process.env.OPENAI_API_KEY;',
    'password = os.environ["DB_PASSWORD"]',
    `GITHUB_TOKEN=ghp_${x(36)}`,
    `STRIPE_SECRET_KEY=sk_live_${x(24)}`,
    `GOOGLE_API_KEY=AIza${x(35, 'X')}`,
    `OPENAI_API_KEY=sk-${x(48)}`,
    `NPM_TOKEN=npm_${x(36, '0')}`,
    'SLACK_BOT_TOKEN=xoxb-your-bot-token-here',
    `SLACK_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/${x(24, 'X')}`,
    'import { sk-learn-compatible-estimator-wrapper } from "../src/main/guards/x";',
    '.sk-spinner-double-bounce-container { display: none }',
    'from huggingface_hub import hf_hub_download',
    'npm_config_registry=https://registry.npmjs.org/',
    'postgres://user:password@localhost:5432/app',
    'postgres://app:${DB_PASSWORD}@localhost/app',
    'redis://:$REDIS_PASSWORD@cache:6379',
    'mysql://root:***@db/shop',
    'mongodb://admin:xxx@db:27017',
    'https://user:<password>@example.com/',
    'amqp://guest:{{ rabbit_password }}@mq/',
    'Server=db;Database=app;User Id=sa;Password={{ db_password }};',
    'Server=db;Database=app;User Id=sa;Password=%DB_PASSWORD%;',
    'const ok = check(password=getPassword());',
    'https://registry.npmjs.org:443/@scope/pkg',
    'git@github.com:owner/repo.git',
    'ssh://git@github.com:22/owner/repo',
    'https://user@example.com/path',
    'http://[::1]:8080@evil.example/',
    'http://localhost:5173@evil.example/',
    'http://user:pw@localhost:5173/',
    'mailto:ada@example.com',
    `if (pem.startsWith('${begin('PRIVATE KEY')}')) return pem.includes('${end('PRIVATE KEY')}');`,
    `${begin('PUBLIC KEY')}\n${b64.slice(0, 64)}\n${b64.slice(64, 128)}\n${end('PUBLIC KEY')}`,
    `${begin('CERTIFICATE')}\n${b64.slice(0, 64)}\n${end('CERTIFICATE')}`,
    `token = eyJ${b64.slice(0, 30).replace(/[+/]/g, 'a')}.${b64.slice(30, 60).replace(/[+/]/g, 'b')}.abc`,
    'com.example.app.MainActivity',
    'version 1.2.3-beta.4+build.5',
    'MAX_TOKENS=4096',
    'USE_AUTH_TOKEN=true',
    'DB_PASSWORD=',
    'API_KEY=your-api-key',
    'SECRET_KEY=changeme',
    'export GITHUB_TOKEN="$(gh auth token)"',
    'const API_TOKEN = process.env.API_TOKEN;',
  ];
}

/**
 * 192 KiB (the default total attachment limit) of code, config and prose with a fake secret every
 * ~4 KiB: what the guard's tests check at scale and `npm run bench` times (bench/guards.ts).
 * `embedded` counts the secret lines; `filler` is the text between them.
 */
export function attachmentWithSecrets(fakes: readonly FakeSecret[] = buildFakeSecrets()): { text: string; embedded: number; filler: string } {
  const code = 'export function add(a: number, b: number): number {\n  return a + b; // see https://example.com/docs?x=1\n}\n';
  const prose = 'The quick brown fox, id 0f3c9a1e-7b2d-4e8f-9a6b-1c2d3e4f5a6b, jumps over sha 9fceb02d0ae598e95dc970b74767f19372d61af8.\n';
  const filler = (code + prose).repeat(20);
  let text = '';
  let embedded = 0;
  for (let i = 0; text.length < 192 * 1024; i++, embedded++) text += `${filler}${(fakes[i % fakes.length] as FakeSecret).line}\n`;
  return { text, embedded, filler };
}
