import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFileCapped, readJsonFile, sweepStaleTemps, writeFileAtomic } from './atomic-file';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const Shape = z.object({ n: z.number() });

describe('atomic files', () => {
  it('writes whole files with mode 0600, creating the folder, and leaves no temp files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    const path = join(dir, 'deep', 'a.json');
    expect(await writeFileAtomic(path, '{"n": 1}')).toEqual({ ok: true, value: true });
    expect(readFileSync(path, 'utf8')).toBe('{"n": 1}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'deep'))).toEqual(['a.json']);
  });

  it('concurrent writers each land whole: the file is one of the versions, never a mix', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    const path = join(dir, 'a.json');
    const versions = Array.from({ length: 20 }, (_, i) => JSON.stringify({ n: i, pad: String(i).repeat(5000) }));
    await Promise.all(versions.map((v) => writeFileAtomic(path, v)));
    expect(versions).toContain(readFileSync(path, 'utf8'));
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('reports a write the disk refuses as a value', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    writeFileSync(join(dir, 'file'), 'x');
    const out = await writeFileAtomic(join(dir, 'file', 'below.json'), 'x');
    expect(out).toMatchObject({ ok: false, problem: { code: 'unreadable', message: expect.stringMatching(/could not save below\.json/) } });
  });

  it('reads with a cap on bytes actually read, and refuses what is not a regular file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    writeFileSync(join(dir, 'big'), 'x'.repeat(1000));
    expect(await readFileCapped(join(dir, 'big'), 1000)).toMatchObject({ ok: true });
    expect(await readFileCapped(join(dir, 'big'), 999)).toMatchObject({ ok: false, problem: { code: 'too_large' } });
    expect(await readFileCapped(join(dir, 'none'), 10)).toMatchObject({ ok: false, problem: { code: 'missing' } });
    expect(await readFileCapped(dir, 10)).toMatchObject({ ok: false, problem: { code: 'unreadable' } });
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    // A FIFO with no writer must not block the read forever.
    expect(await readFileCapped(join(dir, 'fifo'), 10)).toMatchObject({ ok: false, problem: { code: 'unreadable' } });
  });

  it('a damaged JSON file is corrupt, with a sentence naming it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    const cases: Array<[string, string | Buffer]> = [
      ['truncated.json', '{"n": 1'],
      ['latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])],
      ['shape.json', '{"n": "one"}'],
      ['empty.json', ''],
    ];
    for (const [name, content] of cases) {
      writeFileSync(join(dir, name), content);
      const out = await readJsonFile(join(dir, name), Shape, 1000);
      expect(out, name).toMatchObject({ ok: false, problem: { code: 'corrupt', message: expect.stringContaining(name) } });
    }
    writeFileSync(join(dir, 'good.json'), '{"n": 2}');
    expect(await readJsonFile(join(dir, 'good.json'), Shape, 1000)).toEqual({ ok: true, value: { n: 2 } });
  });
});

describe('stale temp files', () => {
  it('sweeps temps of writers that are gone and leaves those of running ones', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-atomic-'));
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, `.a.json.${gone}.0123abcd.tmp`), 'half');
    writeFileSync(join(dir, `.a.json.${process.pid}.0123abcd.tmp`), 'mine, mid-write');
    writeFileSync(join(dir, 'a.json'), '{}');
    expect(await sweepStaleTemps(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([`.a.json.${process.pid}.0123abcd.tmp`, 'a.json']);
  });
});
