import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPathIndex, type PathIndex } from './path-index';

/** Completion finds names stored in NFD (copies from macOS) from a query typed in NFC, and the reverse. */

let base: string;
let index: PathIndex;

beforeAll(async () => {
  base = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'atmark-nfd-')));
  await fsp.mkdir(path.join(base, 'docs'));
  await fsp.writeFile(path.join(base, 'docs', 'ガイド.md'.normalize('NFD')), 'guide\n');
  await fsp.writeFile(path.join(base, '회의록.md'.normalize('NFD')), 'minutes\n');
  await fsp.writeFile(path.join(base, '가나다.md'.normalize('NFC')), 'composed\n');
  index = createPathIndex(base);
  await index.ready();
});

afterAll(async () => {
  index?.close();
  await fsp.rm(base, { recursive: true, force: true });
});

describe('path completion across normalization forms', () => {
  it.each([
    ['ガイド'.normalize('NFC'), 'docs/ガイド.md'.normalize('NFD')],
    ['회의록'.normalize('NFC'), '회의록.md'.normalize('NFD')],
    ['가나다'.normalize('NFD'), '가나다.md'.normalize('NFC')],
  ])('%j finds %j, offered as stored', async (typed, stored) => {
    const found = await index.query(typed, { kinds: ['file'] });
    expect(found.map((e) => e.path)).toContain(stored);
  });
});
