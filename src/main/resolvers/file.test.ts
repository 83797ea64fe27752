import { MALFORMED } from '../../shared/grammar/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { promises as fsp } from 'node:fs';
import { KiB } from '../../shared/limits';
import { fileResolver } from './file';
import type { Resolution } from '../resolve';
import { makeArea, makeCtx, makeRef, numberedLines, ok, refused, type TempArea } from '../../../test-support/fs';
import { expectRefusal } from '../../../test-support/refusals';

let area: TempArea;

beforeAll(async () => {
  area = await makeArea();
  await area.write('src/a.ts', numberedLines(40));
  await area.write('notes.md', '# Notes\nsecond line');
  await area.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\nworld\n')]));
  await area.write('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one\ntwo\nthree\n', 'utf16le')]));
  await area.write('crlf.txt', 'a\r\nb\r\nc\r\n');
  await area.write('empty.txt', '');
  await area.write('logo.ico', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  await area.write('nul-late.ts', `${'x'.repeat(2000)}\u0000tail`);
  await area.write('big.log', 'y'.repeat(70 * KiB));
  await area.write('wide.txt', `${'z'.repeat(70 * KiB)}\nshort\n`);
  await area.write('my notes/plan one.md', 'spaced\n');
  await area.write('Dockerfile', 'FROM node:20\n');
});

afterAll(() => area.cleanup());

function resolve(value: string, range?: [number, number?], ctx = makeCtx(area.root)): Promise<Resolution> {
  return fileResolver.resolve(makeRef('file', value, range), ctx);
}


describe('fileResolver: whole files', () => {
  it('attaches a text file with description, language, target and source', async () => {
    const r = ok(await resolve('src/a.ts'));
    expect(r.text).toBe(numberedLines(40));
    expect(r.description).toBe('file src/a.ts');
    expect(r.language).toBe('ts');
    expect(r.target).toBe('src/a.ts');
    expect(r.source).toEqual({ realPath: path.join(area.root, 'src/a.ts'), readAt: '2025-01-02T03:04:05.000Z' });
    expect(r.warnings).toBeUndefined();
  });

  it('takes the language from the extension or a well-known name', async () => {
    expect(ok(await resolve('notes.md')).language).toBe('markdown');
    expect(ok(await resolve('Dockerfile')).language).toBe('dockerfile');
    expect(ok(await resolve('crlf.txt')).language).toBe('');
  });

  it('strips a UTF-8 BOM and decodes UTF-16 with a BOM', async () => {
    expect(ok(await resolve('bom.txt')).text).toBe('héllo\nworld\n');
    expect(ok(await resolve('utf16.txt')).text).toBe('one\ntwo\nthree\n');
  });

  it('attaches an empty file as empty text', async () => {
    expect(ok(await resolve('empty.txt')).text).toBe('');
  });

  it('accepts a path with spaces (as a quoted value arrives)', async () => {
    expect(ok(await resolve('my notes/plan one.md')).text).toBe('spaced\n');
  });

  it('accepts an absolute path inside the workspace', async () => {
    expect(ok(await resolve(path.join(area.root, 'notes.md'))).target).toBe('notes.md');
  });

  it('refuses a binary type and a file with a NUL byte: blocked', async () => {
    for (const name of ['logo.ico', 'nul-late.ts']) {
      expectRefusal(await resolve(name), 'blocked', /^binary files are not supported/);
    }
  });

  it('refuses a file over the per-reference limit: too_large, suggesting a line range', async () => {
    const r = expectRefusal(await resolve('big.log'), 'too_large', { contains: '70 KiB' });
    expect(r.message).toContain('64 KiB');
    expect(r.message).toContain('@file:big.log:1-200');
  });

  it('honours a changed limit', async () => {
    const r = await resolve('src/a.ts', undefined, makeCtx(area.root, { limits: { maxReferenceBytes: 100 } }));
    expect(refused(r).code).toBe('too_large');
  });

  it('refuses a folder with a hint to use @folder: not_found', async () => {
    expectRefusal(await resolve('src'), 'not_found', 'file not found: src is a folder. To list it, use @folder:src.');
  });

  it('says file not found with how to fix it', async () => {
    const r = expectRefusal(await resolve('src/missing.ts'), 'not_found', /^file not found: src\/missing\.ts\. Check the spelling/);
    expect(r.target).toBe('src/missing.ts');
  });

  it('reports a cancelled read as failed', async () => {
    const controller = new AbortController();
    controller.abort();
    expectRefusal(await resolve('src/a.ts', undefined, makeCtx(area.root, { signal: controller.signal })), 'failed', { contains: 'cancelled' });
  });

  it('passes a malformed reference through as malformed', async () => {
    const ref = { ...makeRef('file', 'a.ts'), malformed: MALFORMED.rangeStart('0-3') };
    expectRefusal(await fileResolver.resolve(ref, makeCtx(area.root)), 'malformed');
  });
});

describe('fileResolver: line ranges', () => {
  it('attaches lines N-M inclusive, 1-based', async () => {
    const r = ok(await resolve('src/a.ts', [3, 9]));
    expect(r.text).toBe('line 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\n');
    expect(r.description).toBe('file src/a.ts, lines 3-9');
  });

  it('attaches a single line', async () => {
    const r = ok(await resolve('src/a.ts', [40]));
    expect(r.text).toBe('line 40\n');
    expect(r.description).toBe('file src/a.ts, line 40');
  });

  it('keeps CRLF line ends and handles a last line without newline', async () => {
    expect(ok(await resolve('crlf.txt', [2, 3])).text).toBe('b\r\nc\r\n');
    expect(ok(await resolve('notes.md', [2])).text).toBe('second line');
  });

  it('strips the BOM when line 1 is asked for', async () => {
    expect(ok(await resolve('bom.txt', [1])).text).toBe('héllo\n');
  });

  it('slices UTF-16 text by lines', async () => {
    expect(ok(await resolve('utf16.txt', [2, 3])).text).toBe('two\nthree\n');
  });

  it('attaches what exists when the range ends past the end, with a clamped warning', async () => {
    const r = ok(await resolve('src/a.ts', [38, 60]));
    expect(r.text).toBe('line 38\nline 39\nline 40\n');
    expect(r.description).toBe('file src/a.ts, lines 38-40');
    expect(r.warnings).toMatchObject([
      {
        code: 'clamped',
        reference: '@file:src/a.ts:38-60',
        message: 'file src/a.ts has 40 lines, so lines 38-40 were attached instead of 38-60.',
      },
    ]);
  });

  it('refuses a range that starts past the end: not_found, naming the line count', async () => {
    expectRefusal(await resolve('src/a.ts', [41, 50]), 'not_found', 'file src/a.ts has 40 lines; line 41 is past its end. Use a range within 1-40.');
    expect(refused(await resolve('empty.txt', [1])).message).toContain('is empty');
  });

  it('attaches a narrow range of a file too large to attach whole', async () => {
    expect(ok(await resolve('wide.txt', [2])).text).toBe('short\n');
    // big.log is one 70 KiB line: even line 1 alone is too large.
    expect(refused(await resolve('big.log', [1])).code).toBe('too_large');
  });

  it('refuses a range whose text passes the limit: too_large', async () => {
    expectRefusal(await resolve('wide.txt', [1, 2]), 'too_large', { contains: 'narrower line range' });
  });

  it('refuses a binary file even for a range', async () => {
    expect(refused(await resolve('logo.ico', [1])).code).toBe('blocked');
    expect(refused(await resolve('nul-late.ts', [1])).code).toBe('blocked');
  });

  it('finds a range across many chunks of a large file', async () => {
    await area.write('huge.txt', numberedLines(30_000));
    const r = ok(await resolve('huge.txt', [29_999, 30_000]));
    expect(r.text).toBe('line 29999\nline 30000\n');
  });
});

describe('fileResolver: grants', () => {
  it('attaches a granted file outside the workspace, shown by its real path', async () => {
    const outsideFile = path.join(area.outside, 'granted.txt');
    await fsp.writeFile(outsideFile, 'granted\n');
    const r = ok(await resolve(outsideFile, undefined, makeCtx(area.root, { grants: [outsideFile] })));
    expect(r.text).toBe('granted\n');
    expect(r.target).toBe(outsideFile);
    expect(refused(await resolve(outsideFile)).code).toBe('blocked');
  });

  it('does not extend a grant to a neighbour of the granted file', async () => {
    const granted = path.join(area.outside, 'granted.txt');
    const neighbour = path.join(area.outside, 'neighbour.txt');
    await fsp.writeFile(neighbour, 'no\n');
    expectRefusal(await resolve(neighbour, undefined, makeCtx(area.root, { grants: [granted] })), 'blocked', /^path is outside the allowed workspace/);
  });

  it('never attaches a protected file, granted or not', async () => {
    const secret = path.join(area.outside, '.env');
    await fsp.writeFile(secret, 'TOKEN=1\n');
    expectRefusal(await resolve(secret, undefined, makeCtx(area.root, { grants: [secret] })), 'blocked', /^path is a sensitive credential file/);
  });
});
