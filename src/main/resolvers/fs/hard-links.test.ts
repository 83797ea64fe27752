/**
 * Hard links (issue 11, row 1), through the real `@file` resolver: real links in a temporary home
 * folder and workspace on the same file system. A link to a protected file of the home folder or of
 * the workspace is refused like the file itself; a link to an ordinary file is attached, and its
 * citation records the link count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileResolver } from '../file';
import { makeArea, makeCtx, makeRef, type TempArea } from '../../../../test-support/fs';

let area: TempArea;
let home: string;

/** Protected files of the temporary home folder, by the path under it. */
const HOME_FILES = [
  '.aws/credentials',
  '.ssh/id_rsa',
  '.netrc',
  '.config/gcloud/application_default_credentials.json',
  '.docker/config.json',
  '.kube/config',
  '.git-credentials',
  '.config/atmark/settings.json',
];

beforeAll(async () => {
  area = await makeArea();
  home = path.join(area.base, 'home');
  for (const rel of HOME_FILES) {
    const full = path.join(home, rel);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.writeFile(full, `line one of ${rel}\nline two\n`);
    await fsp.link(full, path.join(area.root, `link-${rel.replace(/[/.]/g, '_')}.txt`));
  }
  // The workspace's own protected files, and a plain file outside with a second name inside.
  await area.write('.env', 'DB=1\n');
  await area.write('deploy/.ssh/deploy_key', 'key\n');
  await fsp.link(path.join(area.root, '.env'), path.join(area.root, 'env-copy.txt'));
  await fsp.link(path.join(area.root, 'deploy/.ssh/deploy_key'), path.join(area.root, 'key-copy.txt'));
  await fsp.writeFile(path.join(area.outside, 'plain.txt'), 'plain\n');
  await fsp.link(path.join(area.outside, 'plain.txt'), path.join(area.root, 'plain-link.txt'));
  await area.write('single.txt', 'one name\n');
});

afterAll(() => area.cleanup());

describe('@file of a hard link', () => {
  const rows: Array<[label: string, name: string, range?: [number, number]]> = [
    ...HOME_FILES.map((rel): [string, string] => [`~/${rel}`, `link-${rel.replace(/[/.]/g, '_')}.txt`]),
    ['~/.aws/credentials, a line range', 'link-_aws_credentials.txt', [1, 1]],
    ['the workspace .env', 'env-copy.txt'],
    ['a key under the workspace .ssh', 'key-copy.txt'],
  ];
  it.each(rows)('to %s is blocked as protected', async (_label, name, range) => {
    const res = await fileResolver.resolve(makeRef('file', name, range), makeCtx(area.root, { home }));
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.code).toBe('blocked');
    expect(res.message).toMatch(/^path is a sensitive credential file \(.*hard link\)/);
    expect(res.message).not.toContain('line one');
  });

  it('to an ordinary file outside is attached, and the citation records 2 links', async () => {
    const res = await fileResolver.resolve(makeRef('file', 'plain-link.txt'), makeCtx(area.root, { home }));
    expect(res.ok && res.text).toBe('plain\n');
    expect(res.ok && res.source.links).toBe(2);
  });

  it('a file with one name records no link count', async () => {
    const res = await fileResolver.resolve(makeRef('file', 'single.txt'), makeCtx(area.root, { home }));
    expect(res.ok && res.source.links).toBe(undefined);
  });
});
