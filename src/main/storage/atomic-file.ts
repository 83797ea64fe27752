/**
 * Files that survive a crash: written whole or not at all, and read back with a byte cap.
 *
 * A write goes to a temporary file in the same folder, is fsynced, renamed over the target, and
 * then the folder itself is fsynced, so after a power cut or a SIGKILL the target holds either
 * the old content or the new one, never a torn mix. Reads open the file, require a regular file
 * and count the bytes actually read against a cap. Expected failures are values, never throws.
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as z from 'zod';
import { errno, readCapped } from '../guards/capped-read';

/** Why a file could not be read or used; `missing` is not a problem, just absence. */
export type FileProblemCode = 'missing' | 'unreadable' | 'too_large' | 'corrupt' | 'aborted';

/** A problem with one file on disk: which file, a stable code, and a sentence for a person. */
export interface FileProblem {
  path: string;
  code: FileProblemCode;
  /** The sentence in English. */
  message: string;
  /** The same sentence as a catalogue text, when there is one. */
  text?: Text;
}

/** A value read from disk, or the problem that stopped it. */
export type FileRead<T> = { ok: true; value: T } | { ok: false; problem: FileProblem };

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** File mode of the new file. Default 0o600: sessions and settings are the person's own. */
  mode?: number;
  signal?: AbortSignal;
}

/**
 * Writes `data` to `path` atomically (temp file, fsync, rename, fsync of the folder). The folder
 * is created when missing. Resolves `{ok: false, problem}` when the disk refuses.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<FileRead<true>> {
  if (options.signal?.aborted) return fail(path, 'aborted', 'the write was cancelled');
  const dir = dirname(path);
  // A unique temp name per write: two writers never share a temp file, and a crash leaves at
  // worst a stray `.tmp` that readers ignore.
  const temp = tempPathFor(path);
  try {
    await fsp.mkdir(dir, { recursive: true });
    const handle = await fsp.open(temp, 'w', options.mode ?? 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, path);
    await syncFolder(dir);
    return { ok: true, value: true };
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    return fail(path, 'unreadable', `could not save ${basename(path)} (${errno(err)}): check that the disk is not full and the folder is writable`);
  }
}

/**
 * A unique temp name beside `path` (`.NAME.PID.RAND.tmp`), the shape {@link sweepStaleTemps} clears
 * after a crash: for writers that fill a file in steps and then rename it into place.
 */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Removes temp files that a killed writer left in `dir` (`.NAME.PID.RAND.tmp` whose PID is no
 * longer running). Temps of live processes are left alone: they may be mid-write. Never fails.
 */
export async function sweepStaleTemps(dir: string): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const m = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name);
    if (!m || isRunning(Number(m[1]))) continue;
    await fsp.rm(join(dir, name), { force: true }).then(() => (removed += 1), () => undefined);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes a rename durable: the folder entry itself is flushed. Some systems cannot open folders. */
async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await fsp.open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Windows cannot fsync a folder; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/**
 * Reads at most `maxBytes` of the regular file at `path`. More than that is `too_large`; no file is
 * `missing`; anything that is not a regular file, or an I/O error, is `unreadable`.
 */
export async function readFileCapped(path: string, maxBytes: number, signal?: AbortSignal): Promise<FileRead<Buffer>> {
  const read = await readCapped(path, maxBytes, signal);
  if (read.ok) return { ok: true, value: read.bytes };
  const name = basename(path);
  switch (read.why) {
    case 'missing':
      return fail(path, 'missing', `${name} does not exist`);
    case 'open_failed':
      return fail(path, 'unreadable', `could not open ${name} (${read.errno})`);
    case 'not_file':
      return fail(path, 'unreadable', `${name} is not a regular file`);
    case 'aborted':
      return fail(path, 'aborted', 'the read was cancelled');
    case 'too_large':
      return fail(path, 'too_large', `${name} is larger than ${maxBytes} bytes and was not read`);
    case 'read_failed':
      return fail(path, 'unreadable', `could not read ${name} (${read.errno})`);
  }
}

/**
 * Reads a JSON file and checks it against `schema`. Invalid UTF-8, invalid JSON or a shape the
 * schema refuses is `corrupt`, with a sentence naming the file.
 */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S, maxBytes: number, signal?: AbortSignal): Promise<FileRead<z.output<S>>> {
  const read = await readFileCapped(path, maxBytes, signal);
  if (!read.ok) return read;
  const parsed = parseJson(read.value);
  if (parsed === undefined) return fail(path, 'corrupt', `${basename(path)} is damaged (not valid JSON) and was skipped`);
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const first = checked.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    return fail(path, 'corrupt', `${basename(path)} is damaged (unexpected content${where}) and was skipped`);
  }
  return { ok: true, value: checked.data };
}

/** JSON text of a value as stored: two-space indented, ending with a newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function parseJson(bytes: Buffer): unknown {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Builds a failed read. */
export function fail(path: string, code: FileProblemCode, message: string | Text): { ok: false; problem: FileProblem } {
  return { ok: false, problem: { path, code, ...(typeof message === 'string' ? { message } : said(message)) } };
}
