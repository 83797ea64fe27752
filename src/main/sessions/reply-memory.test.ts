/**
 * A long reply is written to the store as it streams (issue 26, finding 16). A server streams a
 * 50 MB reply; the client keeps what fits under its 32 MiB cap and says the rest was too large, as
 * before. The Send runs in a process of its own under a 96 MiB V8 heap: holding the reply in
 * several copies (raw body, text, run, checkpoint JSON, scrubbed copy) needs more than that and
 * ends the process; the streamed layout holds one window while it streams and one copy at the end.
 * Memory only, no clock: the test asserts no duration.
 */
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MiB } from '../../shared/limits';
import { startLongReplyServer, type LongReplyServer } from '../../../test-support/long-reply-server';
import { sendInChild } from '../../../test-support/send-in-child';
import { openSession } from './session-store';

/** A key and a token of the usual shapes, assembled here so the tree holds neither. */
const KEY = ['sk', 'proj', 'Zq8vR2mLk9TpW4xHn3', 'Bc7Df1Gh5Jk'].join('-');
const TOKEN = ['gh', 'p_', 'R7kQ2mX9vL4tW8nB3cD6', 'fH1jK5pS0yZ2aE7uN9qM'].join('');

let server: LongReplyServer | undefined;
let root = '';
afterEach(async () => {
  await server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('a 50 MB reply', () => {
  it('streams into the session under a 96 MiB heap: the kept part stored, scrubbed, and read back', async () => {
    server = await startLongReplyServer({
      replyChars: 50_000_000,
      // The key echoed inside the reply, and a token near the end of the first scrubbing window.
      inserts: [
        { at: 5_000_000, text: ` Bearer ${KEY} ` },
        { at: 1024 * 1024 - 24, text: ` ${TOKEN} ` },
      ],
    });
    root = fs.mkdtempSync(path.join(tmpdir(), 'atmark-long-reply-'));
    const workspace = path.join(root, 'ws');
    fs.mkdirSync(workspace);
    fs.writeFileSync(path.join(workspace, 'a.txt'), 'alpha\n');
    const sessionDir = path.join(root, 'session');

    const sent = await sendInChild({ sessionDir, baseUrl: server.baseUrl, workspace, apiKey: KEY, maxOldSpaceMiB: 96 });
    console.log(`50 MB reply: peak ${(sent.peakBytes / MiB).toFixed(0)} MiB (streaming ${(sent.streamPeakBytes / MiB).toFixed(0)}, before the Send ${(sent.beforeBytes / MiB).toFixed(0)}), ${sent.deltas} pieces`);

    // What the person sees, as before: the reply so far, and why it stopped.
    expect(sent).toMatchObject({ ok: false, code: 'model_error', status: 'failed', errorCode: 'too_large' });
    expect(sent.replyChars).toBeGreaterThan(30 * MiB);
    expect(sent.replyChars).toBeLessThanOrEqual(32 * MiB);
    expect(sent.peakBytes).toBeLessThan(512 * MiB);

    // The record references the reply; it does not carry it.
    const recordFile = path.join(sessionDir, 'runs', `${sent.runId}.json`);
    expect(fs.statSync(recordFile).size).toBeLessThan(64 * 1024);
    expect(JSON.parse(fs.readFileSync(recordFile, 'utf8'))).toMatchObject({ replyFile: true, reply: '', replyResultId: sent.replyResultId });

    const opened = await openSession(sessionDir, { create: false });
    if (!opened.ok) throw new Error(opened.message);
    const run = await opened.session.readRun(sent.runId!);
    if (!run.ok) throw new Error(run.problem.message);
    expect(run.value.reply.length).toBe(sent.replyChars);
    expect(run.value.reply).toContain('[REDACTED:api-key]');
    expect(run.value.reply).toContain('[REDACTED:github-token]');
    const result = await opened.session.lookup(sent.replyResultId!, new AbortController().signal);
    expect(result?.text).toBe(run.value.reply);
    const summary = (await opened.session.listRuns()).items[0];
    expect(summary?.replyPreview).toBe(run.value.reply.slice(0, 200));

    // No file of the session holds the key or the token.
    for (const entry of fs.readdirSync(sessionDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
      const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      expect(text.includes(KEY) || text.includes(TOKEN), entry.name).toBe(false);
    }
  }, 300_000);
});
