import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileResolver } from '../file';
import { folderResolver } from '../folder';
import { findOtherNormalization } from './normalization';
import type { Resolution } from '../../resolve';
import { makeArea, makeCtx, makeRef, ok, refused, type TempArea } from '../../../../test-support/fs';
import { expectRefusal } from '../../../../test-support/refusals';

/**
 * Names typed in NFC that are stored in NFD (files copied from macOS), and the reverse, on real
 * files whose names are written to disk in the form each test names.
 */

const NFC = (s: string) => s.normalize('NFC');
const NFD = (s: string) => s.normalize('NFD');

let area: TempArea;

beforeAll(async () => {
  area = await makeArea();
  await area.write(NFD('회의록.md'), 'korean, stored decomposed\n');
  await area.write(NFD('ガイド.md'), 'japanese, stored decomposed\n');
  await area.write(`${NFD('プロジェクト')}/${NFD('データ')}/${NFC('メモ.txt')}`, 'mixed folders\n');
  await area.write(NFC('가나다.md'), 'korean, stored composed\n');
  // Linux can hold both spellings side by side: the exact one wins.
  await area.write(NFC('둘.md'), 'composed twin\n');
  await area.write(NFD('둘.md'), 'decomposed twin\n');
  await area.write('.env', 'TOKEN=protected\n');
  await fsp.writeFile(path.join(area.outside, NFD('바깥.md')), 'outside\n');
  await fsp.symlink(area.outside, path.join(area.root, NFD('링크')));
  await fsp.symlink(path.join(area.root, '.env'), path.join(area.root, NFD('설정.txt')));
  // The names really are on disk in the form written (the test would prove nothing otherwise).
  const names = await fsp.readdir(area.root);
  expect(names).toContain(NFD('회의록.md'));
  expect(names).not.toContain(NFC('회의록.md'));
});

afterAll(() => area.cleanup());

function resolveFile(value: string): Promise<Resolution> {
  return fileResolver.resolve(makeRef('file', value), makeCtx(area.root));
}


describe('a name typed in one normalization form finds the other', () => {
  it.each([
    [NFC('회의록.md'), 'korean, stored decomposed\n'],
    [NFC('ガイド.md'), 'japanese, stored decomposed\n'],
    [NFD('가나다.md'), 'korean, stored composed\n'],
    [`${NFC('プロジェクト')}/${NFC('データ')}/${NFD('メモ.txt')}`, 'mixed folders\n'],
  ])('%j', async (typed, text) => {
    const r = ok(await resolveFile(typed));
    expect(r.text).toBe(text);
    // The source is the real path as stored on disk.
    expect(r.source?.realPath?.normalize('NFC')).toBe(path.join(area.root, typed).normalize('NFC'));
  });

  it('prefers the exact spelling when both are stored', async () => {
    expect(ok(await resolveFile(NFC('둘.md'))).text).toBe('composed twin\n');
    expect(ok(await resolveFile(NFD('둘.md'))).text).toBe('decomposed twin\n');
  });

  it('lists a folder stored in NFD', async () => {
    const r = ok(await folderResolver.resolve(makeRef('folder', NFC('プロジェクト/データ')), makeCtx(area.root)));
    expect(r.text.normalize('NFC')).toContain('メモ.txt');
  });

  it('finds nothing that is not there under either form', async () => {
    expect(refused(await resolveFile(NFC('없는파일.md'))).code).toBe('not_found');
    expect(await findOtherNormalization(area.root, path.join(area.root, NFC('없는파일.md')), new AbortController().signal)).toBeNull();
  });
});

describe('the other spelling is judged like any path', () => {
  it('a decomposed link that leads out of the workspace is blocked', async () => {
    expectRefusal(await resolveFile(`${NFC('링크')}/${NFC('바깥.md')}`), 'blocked', /outside the allowed workspace/);
  });

  it('a decomposed link to a protected file is blocked', async () => {
    expectRefusal(await resolveFile(NFC('설정.txt')), 'blocked');
  });

  it('nothing outside the workspace is searched: outside reads as outside', async () => {
    expectRefusal(await resolveFile(path.join(area.outside, NFC('바깥.md'))), 'blocked', /outside the allowed workspace/);
    expect(await findOtherNormalization(area.root, path.join(area.outside, NFC('바깥.md')), new AbortController().signal)).toBeNull();
  });

  it('an all-ASCII name is never searched for', async () => {
    expect(await findOtherNormalization(area.root, path.join(area.root, 'missing.md'), new AbortController().signal)).toBeNull();
  });
});
