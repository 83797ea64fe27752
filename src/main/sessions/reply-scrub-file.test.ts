/**
 * The secret rules over a stored reply in bounded windows: the same text as `scrubReply` over the
 * whole reply, for secrets anywhere (across a window's end, in the overlap, in the last window),
 * for text in any script, and never more than one window at a time.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scrubReply } from './reply-scrub';
import { OVERLAP_CHARS, scrubReplyFile, scrubWindow, WINDOW_CHARS } from './reply-scrub-file';

/** A token of the usual shape, assembled here so the tree holds none. */
const TOKEN = ['gh', 'p_', 'R7kQ2mX9vL4tW8nB3cD6', 'fH1jK5pS0yZ2aE7uN9qM'].join('');

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `length` characters of prose in three scripts, with an emoji (a surrogate pair) now and then. */
function prose(length: number): string {
  const line = '報告書の数字を確認します。분기 보고서를 읽습니다 🙂 The figures, section by section.\n';
  return line.repeat(Math.ceil(length / line.length)).slice(0, length).replace(/[\uD800-\uDBFF]$/, '');
}

/** `at`, moved back one when it falls between the two halves of a surrogate pair. */
function between(text: string, at: number): number {
  return /[\uD800-\uDBFF]/.test(text.charAt(at - 1)) ? at - 1 : at;
}

describe('scrubWindow', () => {
  it('a secret that starts before the cut is redacted whole, and the window is extended to its end', async () => {
    const text = `${'a'.repeat(WINDOW_CHARS - 10)} ${TOKEN} ${'b'.repeat(OVERLAP_CHARS + 100)}`;
    const step = await scrubWindow(text, null, false);
    expect(step.text.endsWith('[REDACTED:github-token]')).toBe(true);
    expect(step.consumed).toBe(WINDOW_CHARS - 10 + 1 + TOKEN.length);
  });

  it('a secret that starts in the overlap is left whole to the next window', async () => {
    const text = `${'a'.repeat(WINDOW_CHARS + 10)} ${TOKEN} ${'b'.repeat(OVERLAP_CHARS)}`;
    const step = await scrubWindow(text, null, false);
    expect(step.consumed).toBe(WINDOW_CHARS);
    expect(step.text).toBe('a'.repeat(WINDOW_CHARS));
    const next = await scrubWindow(text.slice(step.consumed), null, true);
    expect(next.text).toContain('[REDACTED:github-token]');
    expect(next.text).not.toContain(TOKEN);
  });

  it('cuts after a line break in the window\'s second half, and never inside a surrogate pair', async () => {
    const lines = await scrubWindow(`${'a'.repeat(WINDOW_CHARS - 100)}\n${'b'.repeat(OVERLAP_CHARS + 200)}`, null, false);
    expect(lines.consumed).toBe(WINDOW_CHARS - 99);
    const pair = await scrubWindow(`${'a'.repeat(WINDOW_CHARS - 1)}🙂${'b'.repeat(OVERLAP_CHARS)}`, null, false);
    expect(pair.consumed).toBe(WINDOW_CHARS - 1);
  });
});

describe('scrubReplyFile', () => {
  it('gives exactly what scrubReply gives over the whole reply, and the digest of what it wrote', async () => {
    dir = fs.mkdtempSync(path.join(tmpdir(), 'atmark-scrub-file-'));
    const file = path.join(dir, 'run.reply.txt');
    // Tokens across the first window's end, in its overlap, in the middle and at the very end.
    let text = prose(3 * WINDOW_CHARS + 12_345);
    for (const near of [WINDOW_CHARS - 5, WINDOW_CHARS + 300, 2 * WINDOW_CHARS + 7, text.length]) {
      const at = between(text, near);
      text = `${text.slice(0, at)} ${TOKEN} ${text.slice(at)}`;
    }
    fs.writeFileSync(file, text);

    const scrubbed = await scrubReplyFile(file, null);
    if (!scrubbed.ok) throw new Error(scrubbed.problem.message);
    const stored = fs.readFileSync(file);
    const expected = await scrubReply(text, null);
    expect(stored.toString('utf8') === expected).toBe(true);
    expect(stored.toString('utf8').split('[REDACTED:github-token]')).toHaveLength(5);
    expect(scrubbed.value).toEqual({ bytes: stored.length, sha256: createHash('sha256').update(stored).digest('hex') });
    // The temp file it wrote was renamed into place; nothing else is left behind.
    expect(fs.readdirSync(dir)).toEqual(['run.reply.txt']);
  });

  it('an empty reply stays empty; a missing file is a problem with its path, not a throw', async () => {
    dir = fs.mkdtempSync(path.join(tmpdir(), 'atmark-scrub-file-'));
    const file = path.join(dir, 'empty.reply.txt');
    fs.writeFileSync(file, '');
    expect(await scrubReplyFile(file, null)).toMatchObject({ ok: true, value: { bytes: 0 } });
    const missing = await scrubReplyFile(path.join(dir, 'none.reply.txt'), null);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problem.message).toContain('none.reply.txt');
  });
});
