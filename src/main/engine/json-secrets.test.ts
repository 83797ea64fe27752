/**
 * One rule set for the message and every metadata field (issue 26, finding 5): vendor tokens in
 * committed file names and credential files under ordinary names, read by `@git:1`, `@folder`,
 * `@file` and `@diff` through the CLI's `--json`. Every string of the output, walked whole (message,
 * references, sources, paths, warnings and their catalogue parameters), must be free of every secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/main';
import type { CommandIO } from '../cli/expand-command';
import { makeRepo, type TestRepo } from '../../../test-support/git';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';

let repo: TestRepo | undefined;

/** Rules that need a key name or a URL around the value: alone, as a name, the value is a random string. */
const CONTEXT_RULES = new Set(['aws-secret-access-key', 'env-secret', 'url-password', 'connection-string']);
afterEach(() => repo?.cleanup());

/** Every string inside `value`, with its JSON path. */
function strings(value: unknown, at = '$', out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([at, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

async function expandJson(dir: string, message: string): Promise<unknown> {
  let out = '';
  const io: CommandIO = { stdout: (t) => void (out += t), stderr: () => {}, readStdin: async () => '', cwd: dir, language: 'en' };
  await runCli(['expand', '--json', '--workspace', dir, message], io);
  return JSON.parse(out);
}

describe('--json holds no secret anywhere', () => {
  it('tokens in committed file names and credential files under ordinary names', async () => {
    repo = makeRepo();
    // Vendor tokens (recognised by their shape alone, not by a key name beside them) that can be a
    // file name: no `/`, not too long for one.
    const named = buildFakeSecrets()
      .filter((f) => !CONTEXT_RULES.has(f.rule))
      .map((f) => f.secret)
      .filter((s) => /^[A-Za-z0-9_.-]{20,200}$/.test(s));
    expect(named.length).toBeGreaterThan(10);
    for (const token of named) repo.write(`notes/${token}.txt`, 'see the name\n');
    const pw = ['Zq8', 'vR2m', 'Lk9', 'TpW4x'].join('');
    const auth = Buffer.from(`ada:${pw}`).toString('base64');
    const contents: Record<string, string> = {
      'notes/netrc.txt': `machine api.example.com login ada ${'pass' + 'word'} ${pw}\n`,
      'notes/pgpass.txt': `db.example.com:5432:prod:ada:${pw}\n`,
      'notes/npmrc.txt': `//npm.example.com/:_authToken=${pw}\n`,
      'notes/docker-config.json': `{"auths":{"ghcr.io":{"auth":"${auth}"}}}\n`,
    };
    for (const [name, text] of Object.entries(contents)) repo.write(name, text);
    repo.commitAll('notes');
    // An unstaged change too, so @diff names the files again.
    for (const name of Object.keys(contents)) fs.appendFileSync(path.join(repo.dir, name), '# touched\n');
    const secrets = [...named, pw, auth];
    const json = await expandJson(repo.dir, `@git:1 @folder:notes @diff @file:notes/netrc.txt`);
    const leaks = strings(json).filter(([, s]) => secrets.some((secret) => s.includes(secret)));
    expect(leaks.map(([at, s]) => `${at}: ${s.slice(0, 80)}`)).toEqual([]);
    // The walk saw the fields that used to leak.
    const paths = strings(json).filter(([at]) => at.includes('.source.paths'));
    expect(paths.length).toBeGreaterThan(named.length);
  }, 30_000);
});
