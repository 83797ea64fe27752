/**
 * The secret rules over a stored reply, in bounded windows (issue 26, finding 16). While a reply
 * streams only the key's exact text is taken out (`reply-scrub.ts`); once it has ended, the reply
 * file is read again window by window, each window goes through the secret rules (Atmark's and
 * secretlint's, as `scrubReply` applies them), and the scrubbed text replaces the file atomically.
 * No step holds more than one window of reply text beside what the caller asks to keep.
 *
 * A window is {@link WINDOW_CHARS} characters, cut after its last line break where there is one in
 * its second half, and is scanned with {@link OVERLAP_CHARS} more characters after it: a secret that
 * starts inside the window is found whole (up to that length), and the window is extended to its
 * end; a match that starts in the overlap is left to the next window, which begins there. A reply
 * shorter than one window is scanned in one piece, exactly as `scrubReply` scans it.
 */
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { applyRedactions, findSecrets } from '../guards/secrets';
import { fail, tempPathFor, type FileRead } from '../storage';
import { scrubReply } from './reply-scrub';

/** Characters of reply scanned and written per step. */
export const WINDOW_CHARS = 1024 * 1024;
/** Characters scanned past a window, so a secret starting in it is seen whole. */
export const OVERLAP_CHARS = 64 * 1024;
const READ_BYTES = 256 * 1024;

/** The scrubbed reply as now stored: its size and its digest. */
export interface ScrubbedReply {
  bytes: number;
  sha256: string;
}

/**
 * One step: scrubs the start of `pending` and says how many characters it consumed. With `last`,
 * all of `pending` is the rest of the reply and is scrubbed whole.
 */
export async function scrubWindow(pending: string, apiKey: string | null, last: boolean): Promise<{ text: string; consumed: number }> {
  if (last) return { text: await scrubReply(pending, apiKey), consumed: pending.length };
  const view = pending.slice(0, WINDOW_CHARS + OVERLAP_CHARS);
  const newline = view.lastIndexOf('\n', WINDOW_CHARS - 1);
  let cut = newline >= WINDOW_CHARS / 2 ? newline + 1 : WINDOW_CHARS;
  // Never between the two halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(view.charAt(cut - 1))) cut -= 1;
  const spans = (await findSecrets(view)).filter((s) => s.start < cut);
  for (const s of spans) cut = Math.max(cut, s.end);
  return { text: applyRedactions(view.slice(0, cut), spans).text, consumed: cut };
}

/**
 * Scrubs the reply file at `path` in place: window by window into a temp file beside it, synced,
 * then renamed over it. The key was taken out as the reply streamed; this applies the secret rules.
 */
export async function scrubReplyFile(path: string, apiKey: string | null): Promise<FileRead<ScrubbedReply>> {
  const temp = tempPathFor(path);
  let source: FileHandle | undefined;
  let out: FileHandle | undefined;
  try {
    source = await fsp.open(path, 'r');
    out = await fsp.open(temp, 'w', 0o600);
    const decoder = new StringDecoder('utf8');
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(READ_BYTES);
    let bytes = 0;
    let pending = '';
    let eof = false;
    // Each step consumes at least half a window, or (at the end of the file) the rest: it ends.
    while (!eof || pending !== '') {
      while (!eof && pending.length < WINDOW_CHARS + OVERLAP_CHARS) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) {
          eof = true;
          pending += decoder.end();
        } else pending += decoder.write(buffer.subarray(0, bytesRead));
      }
      const step = await scrubWindow(pending, apiKey, eof);
      pending = pending.slice(step.consumed);
      const encoded = Buffer.from(step.text, 'utf8');
      hash.update(encoded);
      bytes += encoded.length;
      await out.write(encoded);
    }
    await out.sync();
    await out.close();
    out = undefined;
    await fsp.rename(temp, path);
    return { ok: true, value: { bytes, sha256: hash.digest('hex') } };
  } catch (err) {
    await out?.close().catch(() => undefined);
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    const code = (err as { code?: unknown }).code;
    return fail(path, 'unreadable', `could not store the reply in ${path} (${typeof code === 'string' ? code : String(err)}): check that the disk is not full and the folder is writable`);
  } finally {
    await source?.close().catch(() => undefined);
  }
}
