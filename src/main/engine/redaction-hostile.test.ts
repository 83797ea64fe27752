/**
 * Hostile secret cases of issue 11 (rows 2 to 5) through the whole engine, in real workspaces and
 * repositories: line ranges inside private keys, a token in a file name that must not reach any
 * field of the result, credentials in `.git/config` headers, and passwords assigned in config files.
 * Every secret is assembled at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';
import { openSession } from '../sessions';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine } from './engine';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

const secrets = buildFakeSecrets();
const keyOf = (label: string): string => {
  const found = secrets.find((s) => s.rule === 'private-key' && s.secret.includes(`BEGIN ${label}-`));
  if (!found) throw new Error(`no fake ${label}`);
  return found.secret;
};
const github = secrets.find((s) => s.rule === 'github-token')?.secret as string;
const PASSWORD = ['hunter2', 'super', 'secret'].join('-');
const KEY = 'pass' + 'word';

/** Every string in a value, except the person's own words (`raw`, `originalMessage`, warning `reference`). */
function outgoingStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['raw', 'originalMessage', 'reference'].includes(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => outgoingStrings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => outgoingStrings(v, k));
  return [];
}

describe('private keys cut by a line range', () => {
  it.each([
    ['PEM (RSA)', 'RSA PRIVATE KEY', 'certs/server.pem'],
    ['OpenSSH', 'OPENSSH PRIVATE KEY', 'deploy/deploy_key.txt'],
  ])('%s: lines 3-5 are redacted although the BEGIN line is outside the range', async (_label, keyLabel, file) => {
    ws = makeWorkspace();
    const key = keyOf(keyLabel);
    ws.write(file, `# deploy key\n${key}\n`);
    const result = await createEngine({ workspace: ws.root }).expand(`@file:${file}:3-5`);
    expect(result.references[0]?.status).toBe('attached');
    const bodyLines = key.split('\n').slice(1, -1);
    for (const line of bodyLines) expect(result.message).not.toContain(line);
    expect(result.message).toContain('[REDACTED:private-key]');
  });

  it('a range after the key (past its END line) is attached as is', async () => {
    ws = makeWorkspace();
    ws.write('k.pem', `${keyOf('RSA PRIVATE KEY')}\nafter one\nafter two\n`);
    const lines = readFileSync(join(ws.root, 'k.pem'), 'utf8').split('\n').length;
    const result = await createEngine({ workspace: ws.root }).expand(`@file:k.pem:${lines - 2}-${lines - 1}`);
    expect(result.references[0]?.block).toContain('after one\nafter two');
    expect(result.message).not.toContain('REDACTED');
  });
});

describe('a token in a file name', () => {
  it('@staged: no field of the result, the session record or the export holds it', async () => {
    ws = makeWorkspace({ git: true });
    ws.write(`keys/${github}.txt`, 'plain content\n');
    ws.git('add', '.');
    const engine = createEngine({ workspace: ws.root, contextLength: 1_000_000 });
    const own = `@file:missing-${github}.txt`;
    const result = await engine.expand(`Review @staged and ${own}`);
    expect(result.references[0]?.status).toBe('attached');
    // The reference as the person wrote it is their own text; every other occurrence is redacted.
    for (const s of outgoingStrings(result)) expect(s.replaceAll(own, '')).not.toContain(github);
    expect(result.references[0]?.source?.paths?.[0]).toBe('keys/[REDACTED:github-token].txt');
    expect(result.warnings.some((w) => w.code === 'redacted' && w.reference === '@staged')).toBe(true);

    const opened = await openSession(join(ws.root, '.session'));
    if (!opened.ok) throw new Error(opened.message);
    const run = await opened.session.createRun(result, { workspace: ws.root, endpoint: null, status: 'expanded' });
    expect(run.ok).toBe(true);
    const stored = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? stored(join(dir, n)) : [readFileSync(join(dir, n), 'utf8')]));
    for (const file of stored(join(ws.root, '.session'))) {
      // The message as written is the person's own text and is stored as written.
      expect(file.replaceAll(own, '')).not.toContain(github);
    }
  });
});

describe('credentials in configuration', () => {
  const basic = Buffer.from(['ada', 'Zq8vR2mLk9'].join(':')).toString('base64');
  it.each([
    ['.git/config extraheader', '.git/config', `[http]\n\textraheader = AUTHORIZATION: basic ${basic}\n`, basic],
    ['config/database.yml', 'config/database.yml', `production:\n  ${KEY}: "${PASSWORD}"\n`, PASSWORD],
    ['settings.ini', 'settings.ini', `[db]\n${KEY} = ${PASSWORD}\n`, PASSWORD],
    ['application.properties', 'application.properties', `spring.datasource.${KEY}=${PASSWORD}\n`, PASSWORD],
    ['docker-compose.yml', 'docker-compose.yml', `services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${PASSWORD}\n`, PASSWORD],
  ])('%s: the credential is redacted', async (_label, file, content, secret) => {
    ws = makeWorkspace({ git: file.startsWith('.git/') });
    ws.write(file, content);
    const result = await createEngine({ workspace: ws.root }).expand(`@file:${file}`);
    expect(result.references[0]?.status).toBe('attached');
    expect(result.message).not.toContain(secret);
    expect(result.warnings.some((w) => w.code === 'redacted')).toBe(true);
  });
});
