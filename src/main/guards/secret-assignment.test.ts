/**
 * True- and false-positive vectors of the `http-credential` and `secret-assignment` rules (issue 11,
 * rows 4 and 5), in every format the issue names. Secret values are assembled at run time (the
 * project's own tree must hold nothing its secret scan flags).
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './secrets';

/** A value that must be redacted: pieces joined here so the source holds no complete secret. */
const HUNTER = ['hunter2', 'super', 'secret'].join('-');
const RANDOM = ['Zq8', 'vR2m', 'Lk9', 'TpW4x'].join('');
const BASIC = Buffer.from(['ada', 'Zq8vR2mLk9'].join(':')).toString('base64');
const KEY = 'pass' + 'word';

/** [format, text, the exact secret that must disappear, the rule]. */
const TRUE_POSITIVES: Array<[string, string, string, string]> = [
  ['git config extraheader', `[http]\n\textraheader = AUTHORIZATION: basic ${BASIC}\n`, BASIC, 'http-credential'],
  ['curl header', `curl -H "Authorization: Bearer ${RANDOM}" https://api.test/x`, RANDOM, 'http-credential'],
  ['HTTP log', `Proxy-Authorization: Basic ${BASIC}\r\n`, BASIC, 'http-credential'],
  ['YAML header map', `headers:\n  Authorization: "Token ${RANDOM}"\n`, RANDOM, 'http-credential'],
  ['YAML (database.yml)', `production:\n  adapter: postgresql\n  ${KEY}: "${HUNTER}"\n`, HUNTER, 'secret-assignment'],
  ['YAML bare', `db:\n  ${KEY}: ${HUNTER}\n`, HUNTER, 'secret-assignment'],
  ['JSON', `{\n  "user": "ada",\n  "${KEY}": "${HUNTER}"\n}`, HUNTER, 'secret-assignment'],
  ['minified JSON', `{"user":"ada","client_secret":"${RANDOM}"}`, RANDOM, 'secret-assignment'],
  ['INI', `[database]\nuser = ada\n${KEY} = ${HUNTER} ; prod\n`, HUNTER, 'secret-assignment'],
  ['.properties', `spring.datasource.${KEY}=${HUNTER}\n`, HUNTER, 'secret-assignment'],
  ['TOML', `[auth]\napi_key = "${RANDOM}"\n`, RANDOM, 'secret-assignment'],
  ['shell', `export Api_Token='${RANDOM}'\n`, RANDOM, 'secret-assignment'],
  ['.env lower case', `db_passwd=${HUNTER}\n`, HUNTER, 'secret-assignment'],
  ['Compose list', `services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD=${HUNTER}\n`, HUNTER, 'env-secret'],
  ['Compose map', `    environment:\n      POSTGRES_PASSWORD: ${HUNTER}\n`, HUNTER, 'secret-assignment'],
  ['a patch of a config', `@@ -1,2 +1,2 @@\n-${KEY}: old\n+${KEY}: ${HUNTER}\n`, HUNTER, 'secret-assignment'],
  ['JS object literal', `const db = {\n  ${KEY}: '${HUNTER}',\n};\n`, HUNTER, 'secret-assignment'],
  ['SECRET casing', `SeCrEt: ${RANDOM}\n`, RANDOM, 'secret-assignment'],
];

/** [what, text]: nothing may be redacted. */
const FALSE_POSITIVES: Array<[string, string]> = [
  ['TypeScript field type', `interface Login {\n  ${KEY}: string;\n  token: Token | null;\n}\n`],
  ['code reading a value', `  ${KEY}: getPassword(),\n  secret: this.secret,\n`],
  ['a dotted reference', `${KEY}: config.database.${KEY}\n`],
  ['placeholder changeme', `${KEY}: changeme\n`],
  ['placeholder changeme123', `${KEY}=changeme123\n`],
  ['placeholder ${VAR}', `${KEY}: \${DB_PASSWORD}\n`],
  ['placeholder <password>', `${KEY} = <password>\n`],
  ['placeholder xxx', `api_key: "xxxxxxxxxxxx"\n`],
  ['empty', `${KEY}: ""\n${KEY}=\n`],
  ['too short', `${KEY}: abc12\n`],
  ['low entropy', `${KEY}: aaaaaaaaaaaa\n`],
  ['a sentence', `${KEY}: "Enter your ${KEY} here"\n`],
  ['a file path', `secret_file: /run/secrets/db\nsecret: /run/secrets/db_${KEY}\n`],
  ['a Kubernetes secret name', `secret: db-credentials\ntoken: service_account_token\n`],
  ['a number', `token: 1234567890\nmax_tokens: 4096\n`],
  ['a YAML tag and block', `${KEY}: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n`],
  ['GitHub Actions expression', `token: \${{ secrets.GITHUB_TOKEN }}\n`],
  ['other keys that contain the words', `tokenizer: o200k_base\nsecretary: Ada Lovelace\n${KEY}_hash: $2b$10$abcdefghijklmnop\n`],
  ['Authorization with a variable', `curl -H "Authorization: Bearer $TOKEN"\nheaders.Authorization = \`Bearer \${token}\`\n`],
  ['Authorization in prose', 'Send the token in an Authorization header (Bearer scheme).\n'],
  ['Authorization placeholder', 'Authorization: Bearer <token>\nAuthorization: Basic xxxxxxxxxxxx\n'],
  ['boolean', `require_${KEY}: true\nsecret: false\n`],
  ['an attribute map', `        accesskey: "accessKey",\n`],
  ['a camelCase variable in a statement', `\t\tlastSignificantToken = "?InterpolationInJSX";\n`],
  ['a stand-in in docs', `  'X-TOKEN-SECRET': 'SuperSecretToken',\n  ${KEY}: "my_test_${KEY}"\n`],
];

describe('secret rules for headers and assignments', () => {
  it.each(TRUE_POSITIVES)('%s: the secret is redacted', async (_format, text, secret, rule) => {
    const { text: out, counts } = await redactSecrets(text, { secretlint: false });
    expect(out).not.toContain(secret);
    expect(counts[rule]).toBeGreaterThanOrEqual(1);
  });

  it.each(FALSE_POSITIVES)('%s: left alone', async (_what, text) => {
    const { text: out } = await redactSecrets(text, { secretlint: false });
    expect(out).toBe(text);
  });

  it('keeps the key and the header scheme readable', async () => {
    const { text } = await redactSecrets(`${KEY}: "${HUNTER}"\nAuthorization: Basic ${BASIC}\n`, { secretlint: false });
    expect(text).toBe(`${KEY}: "[REDACTED:secret-assignment]"\nAuthorization: Basic [REDACTED:http-credential]\n`);
  });
});
