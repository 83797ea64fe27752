import { MALFORMED } from '../../shared/grammar/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { folderResolver, renderEntry, renderListing } from './folder';
import type { Resolution } from '../resolve';
import { makeArea, makeCtx, makeRef, numberedLines, ok, refused, type TempArea } from '../../../test-support/fs';
import { expectRefusal } from '../../../test-support/refusals';

let area: TempArea;

beforeAll(async () => {
  area = await makeArea();
  const w = area.write;
  await w('b.txt', numberedLines(3));
  await w('A.md', '# A\n');
  await w('z/deep/inner.ts', 'x\n');
  await w('z/top.ts', numberedLines(12));
  await w('c/one.txt', 'one');
  await w('c/logo.ico', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  await w('c/big.bin.txt', 'q'.repeat(1024 * 1024 + 10));
  await w('.env', 'SECRET=1\n');
  await w('keys/id_ed25519', 'k\n');
  await w('.gitignore', 'dist/\n*.log\n!keep.log\n');
  await w('dist/out.js', 'built\n');
  await w('debug.log', 'noise\n');
  await w('keep.log', 'kept\n');
  await w('z/.gitignore', 'deep/\n');
  await w('local-only.txt', 'x\n');
  execFileSync('git', ['init', '-q'], { cwd: area.root });
  await w('.git/info/exclude', 'local-only.txt\n');
  await fsp.symlink('b.txt', path.join(area.root, 'b-link'));
});

afterAll(() => area.cleanup());

function resolve(value: string, ctx = makeCtx(area.root)): Promise<Resolution> {
  return folderResolver.resolve(makeRef('folder', value), ctx);
}


describe('folderResolver', () => {
  it('lists breadth-first, sorted, with sizes and line counts, honouring ignore rules', async () => {
    const r = ok(await resolve('.'));
    expect(r.text).toBe(
      [
        './',
        '- .gitignore (22 B, 3 lines)',
        '- A.md (4 B, 1 line)',
        '- b-link (link)',
        '- b.txt (21 B, 3 lines)',
        '- c/',
        '- keep.log (5 B, 1 line)',
        '- keys/',
        '- z/',
        '- c/big.bin.txt (1.0 MiB)',
        '- c/logo.ico (8 B, binary)',
        '- c/one.txt (3 B, 1 line)',
        '- z/.gitignore (6 B, 1 line)',
        '- z/top.ts (87 B, 12 lines)',
        '',
      ].join('\n'),
    );
    expect(r.description).toBe('folder ./ (13 entries)');
    expect(r.target).toBe('.');
    expect(r.language).toBe('');
    expect(r.source).toEqual({ realPath: area.root, readAt: '2025-01-02T03:04:05.000Z' });
  });

  it('lists a subfolder with paths relative to it, applying the parent .gitignore', async () => {
    await area.write('c/sub/x.log', 'ignored by the root .gitignore\n');
    const r = ok(await resolve('c'));
    expect(r.text.split('\n')[0]).toBe('c/');
    expect(r.text).toContain('- one.txt (3 B, 1 line)');
    expect(r.text).toContain('- sub/\n');
    expect(r.text).not.toContain('x.log');
    await fsp.rm(path.join(area.root, 'c/sub'), { recursive: true });
  });

  it('re-includes with a nested negation', async () => {
    await area.write('n/.gitignore', '!*.log\n');
    await area.write('n/wanted.log', 'w\n');
    const r = ok(await resolve('n'));
    expect(r.text).toContain('- wanted.log (2 B, 1 line)');
    await fsp.rm(path.join(area.root, 'n'), { recursive: true });
  });

  it('stops at maxFolderEntries with a last line "- ..."', async () => {
    const r = ok(await resolve('.', makeCtx(area.root, { limits: { maxFolderEntries: 3 } })));
    expect(r.text).toBe('./\n- .gitignore (22 B, 3 lines)\n- A.md (4 B, 1 line)\n- b-link (link)\n- ...\n');
    expect(r.description).toBe('folder ./ (first 3 entries)');
  });

  it('stops at the default of 200 entries', async () => {
    await Promise.all(Array.from({ length: 205 }, (_, i) => area.write(`many/f${String(i).padStart(3, '0')}.txt`, '')));
    const lines = ok(await resolve('many')).text.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 200 + 1);
    expect(lines[1]).toBe('- f000.txt (0 B, 0 lines)');
    expect(lines[200]).toBe('- f199.txt (0 B, 0 lines)');
    expect(lines.at(-1)).toBe('- ...');
    await fsp.rm(path.join(area.root, 'many'), { recursive: true });
  });

  it('shows an empty folder as such', async () => {
    await fsp.mkdir(path.join(area.root, 'empty'));
    expect(ok(await resolve('empty')).text).toBe('empty/\n(empty folder)\n');
    await fsp.rmdir(path.join(area.root, 'empty'));
  });

  it('fails with the reason when the deadline passes', async () => {
    expectRefusal(await resolve('.', makeCtx(area.root, { limits: { folderTimeoutMs: 0 } })), 'failed', 'listing folder . took longer than 0 s and was stopped. List a smaller folder, such as one of its subfolders.');
  });

  it('reports a cancelled listing as failed', async () => {
    const controller = new AbortController();
    controller.abort();
    expectRefusal(await resolve('.', makeCtx(area.root, { signal: controller.signal })), 'failed', { contains: 'cancelled' });
  });

  it('refuses a listing larger than the per-reference limit: too_large', async () => {
    expectRefusal(await resolve('.', makeCtx(area.root, { limits: { maxReferenceBytes: 50 } })), 'too_large', { contains: 'subfolders' });
  });

  it('says folder not found', async () => {
    expectRefusal(await resolve('nope'), 'not_found', 'folder not found: nope. Check the spelling; relative paths start at the workspace folder.');
  });

  it('suggests @file for a file', async () => {
    expectRefusal(await resolve('z/top.ts'), 'not_found', 'folder not found: z/top.ts is a file. To attach it, use @file:z/top.ts.');
  });

  it('passes a malformed reference through as malformed', async () => {
    const ref = { ...makeRef('folder', 'src'), malformed: MALFORMED.emptyValue('folder') };
    expect(refused(await folderResolver.resolve(ref, makeCtx(area.root))).code).toBe('malformed');
  });

  it('refuses a granted path as a folder: grants are for single files', async () => {
    expectRefusal(await resolve(area.outside, makeCtx(area.root, { grants: [area.outside] })), 'blocked');
  });
});

describe('folderResolver, listing again with the same caches', () => {
  it('reuses line counts of unchanged files and counts a rewritten file again, whatever its size', async () => {
    await area.write('again/a.txt', numberedLines(4));
    await area.write('again/b.txt', 'one line\n');
    const ctx = makeCtx(area.root);
    expect(ok(await resolve('again', ctx)).text).toMatch(/- a\.txt \(\d+ B, 4 lines\)/);
    expect(ctx.caches.folderFiles.size).toBe(2);
    // Same size, other content: the mtime (and ctime) differ, so it is read again.
    await area.write('again/b.txt', 'two\nline\n');
    await area.write('again/a.txt', numberedLines(5));
    const r = ok(await resolve('again', ctx));
    expect(r.text).toContain('- b.txt (9 B, 2 lines)');
    expect(r.text).toMatch(/- a\.txt \(\d+ B, 5 lines\)/);
    // A file that became binary is no longer shown with lines.
    await area.write('again/a.txt', Buffer.from([0x00, 0x01, 0x02, 0x00]));
    expect(ok(await resolve('again', ctx)).text).toContain('- a.txt (4 B, binary)');
  });
});

describe('renderEntry', () => {
  it.each([
    [{ rel: 'a', type: 'folder' }, '- a/'],
    [{ rel: 'f.ts', type: 'file', size: 2048, lines: 1 }, '- f.ts (2.0 KiB, 1 line)'],
    [{ rel: 'f.bin', type: 'file', size: 5, binary: true }, '- f.bin (5 B, binary)'],
    [{ rel: 'paper.pdf', type: 'file', size: 2048, binary: true }, '- paper.pdf (2.0 KiB, PDF)'],
    [{ rel: 'plan.docx', type: 'file', size: 2048, binary: true }, '- plan.docx (2.0 KiB, Word)'],
    [{ rel: 'gone.txt', type: 'file' }, '- gone.txt'],
    [{ rel: 'p', type: 'other' }, '- p (special file)'],
  ] as const)('%j -> %s', (entry, line) => {
    expect(renderEntry(entry)).toBe(line);
  });

  it('renders a listing cut short', () => {
    expect(renderListing('src', [{ rel: 'a', type: 'folder' }], true)).toBe('src/\n- a/\n- ...\n');
  });
});
