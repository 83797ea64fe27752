/**
 * The reply file of a run (issue 26, finding 16): appended as it streams, read back whole (a tail
 * torn by a crash dropped), and the run record's two shapes: `replyFile` (the reply beside it) and
 * a record from before, with its reply inline, which reads, lists and exports as it always did.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { perTestCleanup } from '../../../test-support/per-test-cleanup';
import { makeWorkspace } from '../../../test-support/workspace';
import { FLUSH_BYTES, openReplyAppender, readReplyFile, readReplyHead } from './reply-file';
import { runToMarkdown } from './export';
import { openSession } from './session-store';

const cleanup = perTestCleanup();
const tempDir = (): string => cleanup.tempDir('atmark-reply-file-');

describe('the reply file', () => {
  it('holds the pieces in order, written in batches and at each flush', async () => {
    const file = join(tempDir(), 'run.reply.txt');
    const opened = await openReplyAppender(file);
    if (!opened.ok) throw new Error(opened.problem.message);
    const appender = opened.value;
    appender.append('日本語の');
    appender.append('返答と한국어 ');
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(await appender.flush()).toEqual({ ok: true, value: true });
    expect(readFileSync(file, 'utf8')).toBe('日本語の返答と한국어 ');
    // A batch as long as FLUSH_BYTES is written without waiting for a flush.
    const long = 'x'.repeat(FLUSH_BYTES);
    appender.append(long);
    appender.append('tail');
    expect(await appender.close()).toEqual({ ok: true, value: true });
    expect(readFileSync(file, 'utf8')).toBe(`日本語の返答と한국어 ${long}tail`);
  });

  it('reads a tail cut inside a character as the whole characters before it, and a missing file as empty', async () => {
    const dir = tempDir();
    const bytes = Buffer.from('返答の途中', 'utf8');
    writeFileSync(join(dir, 'torn.reply.txt'), bytes.subarray(0, bytes.length - 1));
    expect(await readReplyFile(join(dir, 'torn.reply.txt'), 1024)).toEqual({ ok: true, value: '返答の途' });
    expect(await readReplyHead(join(dir, 'torn.reply.txt'), 7)).toBe('返答');
    expect(await readReplyFile(join(dir, 'none.reply.txt'), 1024)).toEqual({ ok: true, value: '' });
    expect(await readReplyFile(join(dir, 'torn.reply.txt'), 4)).toMatchObject({ ok: false, problem: { code: 'too_large' } });
  });
});

describe('the run record and its reply', () => {
  async function sessionWithRun() {
    const ws = makeWorkspace();
    cleanup.later(() => ws.cleanup());
    const opened = await openSession(join(tempDir(), 'session'));
    if (!opened.ok) throw new Error(opened.message);
    const s = opened.session;
    const expansion = await createEngine({ workspace: ws.root }).expand('a question');
    const created = await s.createRun(expansion, { workspace: ws.root, endpoint: null, status: 'running' });
    if (!created.ok) throw new Error(created.problem.message);
    return { s, run: created.value };
  }

  it('with replyFile, the record on disk has no reply text; reading, listing and exporting take it from the file', async () => {
    const { s, run } = await sessionWithRun();
    const reply = '# 答え\n\n' + '長い返答の一行。\n'.repeat(100);
    writeFileSync(s.replyPath(run.id), reply);
    const finished = { ...run, replyFile: true as const, status: 'done' as const, reply };
    expect(await s.saveRun(finished)).toEqual({ ok: true, value: true });
    const onDisk = JSON.parse(readFileSync(join(s.dir, 'runs', `${run.id}.json`), 'utf8'));
    expect(onDisk).toMatchObject({ replyFile: true, reply: '' });
    expect(await s.readRun(run.id)).toEqual({ ok: true, value: finished });
    expect((await s.listRuns()).items[0]?.replyPreview).toBe(reply.slice(0, 200));
    expect(runToMarkdown(finished)).toContain('長い返答の一行。');
  });

  it('a record from before, with its reply inline and no replyFile, reads and lists as it always did', async () => {
    const { s, run } = await sessionWithRun();
    const { replyFile: _replyFile, ...before } = run;
    const old = { ...before, status: 'done' as const, reply: 'An answer kept inside the record.' };
    // Written as an older Atmark wrote it: the whole record, reply included, no replyFile field.
    writeFileSync(join(s.dir, 'runs', `${run.id}.json`), JSON.stringify(old));
    expect(await s.readRun(run.id)).toEqual({ ok: true, value: old });
    expect((await s.listRuns()).items[0]?.replyPreview).toBe('An answer kept inside the record.');
  });

  it('a reply file that cannot be read makes the run a reported problem, not an empty reply', async () => {
    const { s, run } = await sessionWithRun();
    await s.saveRun({ ...run, replyFile: true, status: 'done' });
    // A folder where the reply file should be: not a regular file.
    mkdirSync(s.replyPath(run.id));
    const read = await s.readRun(run.id);
    expect(read).toMatchObject({ ok: false, problem: { code: 'unreadable' } });
  });
});
