/**
 * Credential files recognised by content (issue 26, findings 3 and 4): `.netrc`, `.pgpass`, `.npmrc`,
 * kubeconfig, Docker's config, `.pypirc`, `.git-credentials`, and tokens hidden in base64, each under
 * an ordinary name and inside a patch. Secret values are assembled at run time, so the project's own
 * tree holds nothing its secret scan flags.
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './secrets';

const SECRET = ['Zq8', 'vR2m', 'Lk9', 'TpW4x', 'Hn3'].join('');
const KEY_B64 = Buffer.from(['-----BEGIN', 'RSA PRIVATE KEY-----\nMIIEow', SECRET.repeat(4), '\n-----END RSA PRIVATE KEY-----\n'].join(' ')).toString('base64');
const DOCKER_AUTH = Buffer.from(`ada:${SECRET}`).toString('base64');
const GH = ['gh', 'p_', 'aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5'].join('');
const PYPI = ['pypi-AgE', 'IcHlwaS5vcmcCJD', SECRET.repeat(3), 'AAIqWzMsImZvbyJdAAAGIA'].join('');
const PW = 'pass' + 'word';

/** [file, text, the exact secret that must disappear]. */
const CREDENTIALS: Array<[string, string, string]> = [
  ['netrc.txt (one line)', `machine api.example.com login ada ${PW} ${SECRET}\n`, SECRET],
  ['netrc.txt (several lines)', `machine git.example.com\n  login ada\n  ${PW} ${SECRET}\n`, SECRET],
  ['netrc default entry', `default login anonymous ${PW} ${SECRET}\n`, SECRET],
  ['a one-line netrc added in a patch', `@@ -0,0 +1 @@\n+machine api.example.com login ada ${PW} ${SECRET}\n`, SECRET],
  ['pgpass.txt', `db.example.com:5432:prod:ada:${SECRET}\n*:*:*:postgres:${SECRET}x\n`, SECRET],
  ['npmrc.txt _password', `registry=https://npm.example.com/\n_password=${DOCKER_AUTH}\n`, DOCKER_AUTH],
  ['npmrc.txt _auth', `_auth = ${DOCKER_AUTH}\nalways-auth=true\n`, DOCKER_AUTH],
  ['npmrc.txt scoped _authToken', `//npm.example.com/:_authToken=${SECRET}\n`, SECRET],
  ['kubeconfig.yaml client-key-data', `users:\n- name: admin\n  user:\n    client-key-data: ${KEY_B64}\n`, KEY_B64],
  ['kubeconfig.yaml client-certificate-data', `users:\n- name: admin\n  user:\n    client-certificate-data: ${DOCKER_AUTH}${DOCKER_AUTH}\n`, `${DOCKER_AUTH}${DOCKER_AUTH}`],
  ['kubeconfig.yaml token', `apiVersion: v1\nkind: Config\nusers:\n- name: ci\n  user:\n    token: ${SECRET}\n`, SECRET],
  ['docker-config.json', `{\n  "auths": {\n    "registry.example.com": {\n      "auth": "${DOCKER_AUTH}"\n    }\n  }\n}\n`, DOCKER_AUTH],
  ['docker-config.json minified', `{"auths":{"ghcr.io":{"auth":"${DOCKER_AUTH}"}}}`, DOCKER_AUTH],
  ['pypirc.txt', `[pypi]\nusername = __token__\n${PW} = ${PYPI}\n`, PYPI],
  ['git-credentials.txt', `https://ada:${SECRET}@github.com\n`, SECRET],
  ['a patch of a netrc', `@@ -1,3 +1,3 @@\n machine api.example.com\n  login ada\n-  ${PW} old\n+  ${PW} ${SECRET}\n`, SECRET],
  ['base64 of a GitHub token', `export CREDS=${Buffer.from(`ghtoken=${GH}`).toString('base64')}\n`, Buffer.from(`ghtoken=${GH}`).toString('base64')],
  ['base64url of an assignment', `blob: ${Buffer.from(`{"api_key":"${SECRET}"}`).toString('base64url')}\n`, Buffer.from(`{"api_key":"${SECRET}"}`).toString('base64url')],
];

/** [what, text]: nothing may be redacted. */
const LOOK_ALIKES: Array<[string, string]> = [
  ['prose about passwords', `Enter your ${PW} twice. The ${PW} reset link expires; the login page explains it.\n`],
  ['netrc placeholder', `machine api.example.com login ada ${PW} \${NETRC_PASSWORD}\n`],
  ['a time and a ratio', 'At 12:30:45 the ratio was 3:2:1 and the score 10:20:30:40:50.\n'],
  ['an IPv6 address', 'fe80:0:0:0:1 and 2001:db8:85a3:0:0:8a2e:370:7334\n'],
  ['IPv6 addresses alone on their lines', "  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',\n2001:0:4136:e378:8000\n"],
  ['a short npmrc value in a test', "repo.write('deploy/.npmrc', '//registry.npmjs.org/:_authToken=abc');\n"],
  ['pgpass with a placeholder', `db.example.com:5432:prod:ada:*\n`],
  ['npmrc with a variable', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n'],
  ['YAML token outside a kubeconfig', 'steps:\n  - uses: actions/checkout\n    with:\n      token: ghs_placeholder_value\n'],
  ['docker auth that is not user:password', '{"auth": "c29tZSBwbGFpbiB0ZXh0IGhlcmU="}'],
  ['base64 of prose', `text: ${Buffer.from('The quick brown fox jumps over the lazy dog again and again.').toString('base64')}\n`],
  ['base64 of an image', `icon: ${Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)).toString('base64')}\n`],
  ['a sha256 integrity string', 'integrity: sha512-Q2Xbh4fYlXqJpPq8y7F0y0bKmH9vYkq3pUuJw1xL4nX9Zr6L0tV2bS1cD3eF5gH7jK9mN1pQ3sT5vX7zA9cE1g==\n'],
  ['long identifiers', 'const createResolutionCacheForWorkspaceRoot = makeSomethingWithAVeryLongName();\n'],
];

describe('credential files by content, whatever their name', () => {
  it.each(CREDENTIALS)('%s: the value is redacted', async (file, text, secret) => {
    const out = await redactSecrets(text, { fileName: file.split(' ')[0] });
    expect(out.text).not.toContain(secret);
    expect(out.text).toContain('[REDACTED:');
  });

  it.each(LOOK_ALIKES)('%s: nothing is redacted', async (_what, text) => {
    const out = await redactSecrets(text);
    expect(out.counts).toEqual({});
    expect(out.text).toBe(text);
  });

  it('keeps the key and the host readable', async () => {
    const out = await redactSecrets(`machine api.example.com login ada ${PW} ${SECRET}\n`);
    expect(out.text).toBe(`machine api.example.com login ada ${PW} [REDACTED:netrc-password]\n`);
  });
});
