/**
 * A run's reply on disk (issue 26, finding 16): `runs/ID.reply.txt` beside the run record, UTF-8,
 * appended piece by piece as the reply streams. The record then carries `replyFile: true` and no
 * reply text, so a checkpoint writes a few kilobytes instead of the whole reply again, and the
 * reply is held in memory by nobody while it streams.
 *
 * Pieces are gathered and written in batches (when a batch reaches {@link FLUSH_BYTES}, or when the
 * caller flushes at a checkpoint), one write at a time, in order. A crash can cut the file inside a
 * character; reading drops such a torn tail.
 */
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fail, readFileCapped, type FileRead } from '../storage';

/** Reply text gathered before it is written without waiting for a checkpoint. */
export const FLUSH_BYTES = 256 * 1024;

/** Where run `runId`'s reply is kept in the session folder `sessionDir`. */
export function replyFilePath(sessionDir: string, runId: string): string {
  return join(sessionDir, 'runs', `${runId}.reply.txt`);
}

/** Appends a streaming reply to its file. */
export interface ReplyAppender {
  /** Gathers `text`; written with the next batch. */
  append(text: string): void;
  /** Writes everything gathered so far; the first write error, if any, from then on. */
  flush(): Promise<FileRead<true>>;
  /** Flushes, syncs and closes the file. */
  close(): Promise<FileRead<true>>;
}

/** Creates (or empties) the reply file at `path` and returns its appender. */
export async function openReplyAppender(path: string): Promise<FileRead<ReplyAppender>> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(path, 'w', 0o600);
  } catch (err) {
    return fail(path, 'unreadable', couldNot(path, err));
  }
  let batch: string[] = [];
  let batchBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let problem: FileRead<true> | null = null;
  let closed = false;

  const flush = (): Promise<FileRead<true>> => {
    if (batch.length > 0 && !problem && !closed) {
      const bytes = Buffer.from(batch.join(''), 'utf8');
      batch = [];
      batchBytes = 0;
      writing = writing.then(async () => {
        if (problem) return;
        try {
          await handle.write(bytes);
        } catch (err) {
          problem = fail(path, 'unreadable', couldNot(path, err));
        }
      });
    }
    return writing.then(() => problem ?? { ok: true, value: true });
  };

  return {
    ok: true,
    value: {
      append(text) {
        if (text === '' || closed) return;
        batch.push(text);
        // UTF-16 length is a close enough measure of the batch (at most 3 bytes per unit).
        batchBytes += text.length;
        if (batchBytes >= FLUSH_BYTES) void flush();
      },
      flush,
      async close() {
        const flushed = await flush();
        closed = true;
        try {
          if (flushed.ok) await handle.sync();
        } catch (err) {
          problem ??= fail(path, 'unreadable', couldNot(path, err));
        } finally {
          await handle.close().catch(() => undefined);
        }
        return problem ?? flushed;
      },
    },
  };
}

/**
 * Reads a reply file whole (at most `maxBytes`). A missing file is an empty reply (nothing had
 * arrived yet); a tail cut inside a character by a crash is dropped.
 */
export async function readReplyFile(path: string, maxBytes: number, signal?: AbortSignal): Promise<FileRead<string>> {
  const read = await readFileCapped(path, maxBytes, signal);
  if (!read.ok) return read.problem.code === 'missing' ? { ok: true, value: '' } : read;
  return { ok: true, value: new StringDecoder('utf8').write(read.value) };
}

/** The first `maxBytes` of a reply file (for a preview); empty when it cannot be read. */
export async function readReplyHead(path: string, maxBytes: number): Promise<string> {
  let handle: FileHandle | undefined;
  try {
    handle = await fsp.open(path, 'r');
    if (!(await handle.stat()).isFile()) return '';
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    return new StringDecoder('utf8').write(buffer.subarray(0, bytesRead));
  } catch {
    return '';
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function couldNot(path: string, err: unknown): string {
  const code = (err as { code?: unknown }).code;
  return `could not save the reply to ${path} (${typeof code === 'string' ? code : String(err)}): check that the disk is not full and the folder is writable`;
}
