import { translate } from '../../shared/i18n/translate';
import { describe, it, expect } from 'vitest';
import { attachmentWithSecrets, buildFakeSecrets, buildLookAlikes, embedInFormats, type FakeSecret } from '../../../test-support/secret-corpus';
import { findSecrets, mergeSecretSpans, redactSecrets, secretsRedactedMessage } from './secrets';

const fakes = buildFakeSecrets();

/** The pieces of a secret that must not survive: each line of it, as written and as JSON escapes it. */
function pieces(secret: string): string[] {
  const lines = secret.split('\n').filter((l) => l.length >= 8);
  return [...lines, ...lines.map((l) => JSON.stringify(l).slice(1, -1))];
}

function expectGone(text: string, fake: FakeSecret): void {
  for (const piece of pieces(fake.secret)) expect(text, `${fake.rule}: ${piece}`).not.toContain(piece);
}

const RULES = [
  'aws-access-key-id', 'aws-secret-access-key', 'github-token', 'gitlab-token', 'slack-token', 'slack-webhook',
  'stripe-key', 'openai-key', 'anthropic-key', 'google-api-key', 'npm-token', 'huggingface-token',
  'private-key', 'jwt', 'url-password', 'connection-string', 'env-secret',
];

describe('redactSecrets: every kind of fake secret', () => {
  it('the corpus covers every rule the issue lists', () => {
    expect(new Set(fakes.map((f) => f.rule))).toEqual(new Set(RULES));
  });

  it.each(fakes.map((f) => [f.rule, f.line.slice(0, 40), f] as const))('%s: %s', async (rule, _l, fake) => {
    const { text, counts } = await redactSecrets(fake.line);
    expectGone(text, fake);
    expect(counts).toEqual({ [rule]: 1 });
    expect(text).toContain(`[REDACTED:${rule}]`);
  });

  it('keeps the scheme, user and host of a URL and redacts only the password', async () => {
    const fake = fakes.find((f) => f.line.startsWith('DATABASE_URL=postgres://'))!;
    const { text } = await redactSecrets(fake.line);
    expect(text).toBe('DATABASE_URL=postgres://app:[REDACTED:connection-string]@db.internal.example.com:5432/app');
  });
});

describe('redactSecrets: in each shape a reference attaches', () => {
  const formats = embedInFormats(fakes.map((f) => f.line));
  it.each(Object.entries(formats))('%s', async (_name, input) => {
    const { text, counts } = await redactSecrets(input);
    for (const fake of fakes) expectGone(text, fake);
    for (const rule of RULES) expect(counts[rule], rule).toBeGreaterThan(0);
    // The surrounding structure survives: a diff stays a diff, JSON stays JSON.
    if (_name === 'json') expect(() => JSON.parse(text) as unknown).not.toThrow();
    if (_name === 'diff') expect(text.split('\n').slice(5).every((l) => /^[+-]/.test(l))).toBe(true);
  });
});

describe('redactSecrets: look-alikes stay untouched', () => {
  const lookAlikes = buildLookAlikes();
  it.each(lookAlikes.map((l) => [l.slice(0, 60), l]))('%s', async (_short, line) => {
    expect(await redactSecrets(line)).toEqual({ text: line, counts: {} });
  });

  it('in every shape together', async () => {
    for (const input of Object.values(embedInFormats(lookAlikes))) {
      expect((await redactSecrets(input)).counts).toEqual({});
    }
  });
});

describe('redactSecrets: private keys', () => {
  const key = fakes.find((f) => f.rule === 'private-key' && f.secret.includes('RSA'))!.secret;
  const lines = key.split('\n');

  it('redacts a multi-line block between prose as one match', async () => {
    const { text, counts } = await redactSecrets(`before\n${key}\nafter`);
    expect(text).toBe('before\n[REDACTED:private-key]\nafter');
    expect(counts).toEqual({ 'private-key': 1 });
  });

  it('redacts a block cut short by a line range (no END line)', async () => {
    const cut = lines.slice(0, 4).join('\n') + '\n\nnext paragraph';
    const { text } = await redactSecrets(cut);
    expect(text).toBe('[REDACTED:private-key]\n\nnext paragraph');
  });

  it('leaves a BEGIN marker in prose alone when no key body follows', async () => {
    const prose = `The file starts with ${lines[0]} and nothing else.`;
    expect((await redactSecrets(prose)).text).toBe(prose);
  });

  it('redacts a key whose body is unusual (secretlint wants realistic bodies)', async () => {
    const odd = [lines[0], 'Proc-Type: 4,ENCRYPTED', 'DEK-Info: AES-128-CBC,00FF', '', 'A'.repeat(30) + 'b', lines.at(-1)];
    expect((await redactSecrets(odd.join('\n'))).text).toBe('[REDACTED:private-key]');
  });
});

describe('redactSecrets: overlapping matches', () => {
  const token = fakes.find((f) => f.rule === 'jwt')!.secret;
  const gh = fakes.find((f) => f.rule === 'github-token')!.secret;

  it('a token used as a URL password becomes one marker', async () => {
    const { text, counts } = await redactSecrets(`https://bot:${gh}@git.example.com/repo`);
    // Same range: the rule listed first (the more specific one) names the marker.
    expect(text).toBe('https://bot:[REDACTED:github-token]@git.example.com/repo');
    expect(counts).toEqual({ 'github-token': 1 });
  });

  it('adjacent secrets stay two markers', async () => {
    const { counts } = await redactSecrets(`${token} ${gh}`);
    expect(counts).toEqual({ jwt: 1, 'github-token': 1 });
  });

  it.each([
    ['disjoint', [{ start: 0, end: 2, rule: 'a' }, { start: 3, end: 5, rule: 'b' }], [], [[0, 2, 'a'], [3, 5, 'b']]],
    ['nested', [{ start: 0, end: 10, rule: 'a' }, { start: 2, end: 4, rule: 'b' }], [], [[0, 10, 'a']]],
    ['chained', [{ start: 0, end: 4, rule: 'a' }, { start: 3, end: 8, rule: 'b' }, { start: 7, end: 9, rule: 'c' }], [], [[0, 9, 'a']]],
    ['library overlapping own is dropped', [{ start: 5, end: 9, rule: 'own' }], [{ start: 0, end: 7, rule: 'lib' }], [[5, 9, 'own']]],
    ['library alone is kept', [{ start: 0, end: 2, rule: 'own' }], [{ start: 4, end: 7, rule: 'lib' }], [[0, 2, 'own'], [4, 7, 'lib']]],
    ['library names a generic match', [{ start: 3, end: 9, rule: 'env-secret' }], [{ start: 3, end: 9, rule: 'lib' }], [[3, 9, 'lib']]],
    ['specific names a generic match', [{ start: 3, end: 9, rule: 'env-secret' }, { start: 3, end: 9, rule: 'own' }], [], [[3, 9, 'own']]],
  ])('mergeSecretSpans: %s', (_name, own, lib, expected) => {
    expect(mergeSecretSpans(own, lib).map((s) => [s.start, s.end, s.rule])).toEqual(expected);
  });
});

describe('redactSecrets: secretlint and robustness', () => {
  it('uses the secretlint preset for formats Atmark has no rule of its own for', async () => {
    const sendgrid = 'SG' + '.' + 'aB3dE5fG7hI9jK1lM3nO5p' + '.' + 'Q7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS';
    const { text, counts } = await redactSecrets(`SENDGRID_API_KEY=${sendgrid}\nmail:\n  key: ${sendgrid}\n`);
    expect(text).not.toContain(sendgrid);
    expect(Object.keys(counts)).toEqual(['sendgrid']);
  });

  it('ignores secretlint-disable comments in attached text', async () => {
    const gh = fakes.find((f) => f.rule === 'github-token')!;
    const input = `// secretlint-disable\n${gh.line}\n// secretlint-enable`;
    expect((await redactSecrets(input)).counts).toEqual({ 'github-token': 1 });
  });

  it('is idempotent: redacting redacted text changes nothing', async () => {
    const once = await redactSecrets(embedInFormats(fakes.map((f) => f.line)).markdown);
    expect(await redactSecrets(once.text)).toEqual({ text: once.text, counts: {} });
  });

  it('findSecrets returns disjoint spans in order', async () => {
    const spans = await findSecrets(embedInFormats(fakes.map((f) => f.line)).plain);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  });
});

describe('secretsRedactedMessage', () => {
  it.each([
    [{}, null],
    [{ 'github-token': 1 }, '1 secret was redacted: 1 × github-token.'],
    [{ 'private-key': 1, 'github-token': 2 }, '3 secrets were redacted: 2 × github-token, 1 × private-key.'],
  ])('%j', (counts, start) => {
    const made = secretsRedactedMessage(counts);
    const message = made === null ? null : translate(made, 'en');
    if (start === null) expect(message).toBeNull();
    else expect(message?.startsWith(start)).toBe(true);
  });
});

describe('redactSecrets: 192 KiB (the default total attachment limit)', () => {
  // Code, config and prose with a fake secret every ~4 KiB. How fast this runs is measured by
  // `npm run bench` (bench/guards.ts), not here: no timing decides a unit test.
  const { text, embedded, filler } = attachmentWithSecrets(fakes);

  it.each([
    ['own rules and secretlint', {}],
    ['own rules only', { secretlint: false }],
  ])('%s: every embedded secret is gone and counted, the filler untouched', async (_name, options) => {
    const { text: out, counts } = await redactSecrets(text, options);
    for (const fake of fakes) expectGone(out, fake);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(embedded);
    expect(out).toContain(filler);
  });
});

describe('redactSecrets: hostile inputs stay linear', () => {
  const fill = (unit: string): string => unit.repeat(Math.ceil((192 * 1024) / unit.length));
  // Each input repeats the start of a pattern so that a backtracking regexp would go quadratic.
  it.each([
    ['URL schemes', fill('a://')],
    ['userinfo without @', 'https://u:' + fill('b')],
    ['query passwords', fill('x://a?pass' + 'word=b&')],
    ['BEGIN lines without END', fill('-----BEGIN RSA PRIVATE KEY-----\n')],
    ['ADO keys', fill('password=x;')],
    ['JWT-like dots', fill('eyJhbGciOiJIUzI1NiJ9.')],
    ['token prefixes', fill('sk-ghp_npm_AIza')],
    ['newlines', fill('\n')],
  ])(
    '%s (192 KiB) ends, each redaction marked and counted',
    async (_name, text) => {
      // Linear rules take milliseconds here (bench/guards.ts measures them); a backtracking one takes
      // minutes, and the test's timeout, not a measured time, is what fails then.
      const { text: out, counts } = await redactSecrets(text);
      expect(out.match(/\[REDACTED:[a-z-]+\]/g)?.length ?? 0).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    },
    20_000,
  );
});
