/**
 * Stored results on disk: the text in `results/ID.txt` exactly as attached or received, and its
 * description in `results/ID.json` with its byte count and sha256. The text is written first and
 * the description last, so a description on disk always has its text; on read the text is checked
 * against the description, and a result whose text changed is reported as damaged and not used.
 */
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { MiB } from '../../shared/limits';
import { fail, jsonText, readFileCapped, readJsonFile, tempPathFor, writeFileAtomic, type FileRead } from '../storage';
import { isId } from './ids';
import { ResultMetaSchema, type ResultMeta } from '../../shared/session-records';
import { SESSION_TEXT } from './text';

/** A result's text is at most this large (a reply, or a block within the engine's limits). */
export const MAX_RESULT_BYTES = 64 * MiB;
const MAX_META_BYTES = 64 * 1024;

/** The folder of a session's results. */
export function resultsDir(sessionDir: string): string {
  return join(sessionDir, 'results');
}

/** sha256 of UTF-8 text, hex. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Writes a result: text first, then its description (which makes it visible). */
export async function writeResult(sessionDir: string, meta: Omit<ResultMeta, 'version' | 'bytes' | 'sha256'>, text: string): Promise<FileRead<ResultMeta>> {
  const bytes = Buffer.from(text, 'utf8');
  const full: ResultMeta = { version: 1, ...meta, bytes: bytes.length, sha256: sha256Hex(bytes) };
  const dir = resultsDir(sessionDir);
  const wroteText = await writeFileAtomic(join(dir, `${meta.id}.txt`), bytes);
  if (!wroteText.ok) return wroteText;
  const wroteMeta = await writeFileAtomic(join(dir, `${meta.id}.json`), jsonText(full));
  return wroteMeta.ok ? { ok: true, value: full } : wroteMeta;
}

/**
 * Writes a result whose text is already in a file (a reply stored as it streamed): the file is
 * copied, not read into memory, and `digest` (its size and sha256, known from writing it) goes into
 * the description, written last as in {@link writeResult}.
 */
export async function writeResultFromFile(
  sessionDir: string,
  meta: Omit<ResultMeta, 'version' | 'bytes' | 'sha256'>,
  source: string,
  digest: { bytes: number; sha256: string },
): Promise<FileRead<ResultMeta>> {
  const full: ResultMeta = { version: 1, ...meta, bytes: digest.bytes, sha256: digest.sha256 };
  const dir = resultsDir(sessionDir);
  const target = join(dir, `${meta.id}.txt`);
  const temp = tempPathFor(target);
  try {
    await fsp.mkdir(dir, { recursive: true });
    await fsp.copyFile(source, temp);
    const handle = await fsp.open(temp, 'r+');
    await handle.sync().finally(() => handle.close());
    await fsp.rename(temp, target);
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    const code = (err as { code?: unknown }).code;
    return fail(target, 'unreadable', `could not save ${meta.id}.txt (${typeof code === 'string' ? code : String(err)}): check that the disk is not full and the folder is writable`);
  }
  const wroteMeta = await writeFileAtomic(join(dir, `${meta.id}.json`), jsonText(full));
  return wroteMeta.ok ? { ok: true, value: full } : wroteMeta;
}

/** Reads a result's description; `missing` when this session has no result `id`. */
export async function readResultMeta(sessionDir: string, sessionId: string, id: string, signal?: AbortSignal): Promise<FileRead<ResultMeta>> {
  const path = join(resultsDir(sessionDir), `${id}.json`);
  // Only an exact id becomes a file name: no path can be smuggled in through `@result:../x`.
  if (!isId('result', id)) return fail(path, 'missing', SESSION_TEXT.noSuchResult);
  const meta = await readJsonFile(path, ResultMetaSchema, MAX_META_BYTES, signal);
  if (!meta.ok) return meta;
  // A file copied in from another session is not this session's evidence.
  if (meta.value.id !== id || meta.value.sessionId !== sessionId) return fail(path, 'corrupt', SESSION_TEXT.foreignResult(id));
  return meta;
}

/** Reads a result whole, checking its text against its size and sha256. */
export async function readResult(sessionDir: string, sessionId: string, id: string, signal?: AbortSignal): Promise<FileRead<{ meta: ResultMeta; text: string }>> {
  const meta = await readResultMeta(sessionDir, sessionId, id, signal);
  if (!meta.ok) return meta;
  const path = join(resultsDir(sessionDir), `${id}.txt`);
  const bytes = await readFileCapped(path, MAX_RESULT_BYTES, signal);
  if (!bytes.ok) return bytes.problem.code === 'missing' ? fail(path, 'corrupt', SESSION_TEXT.damagedResult(id)) : bytes;
  if (bytes.value.length !== meta.value.bytes || sha256Hex(bytes.value) !== meta.value.sha256) return fail(path, 'corrupt', SESSION_TEXT.damagedResult(id));
  return { ok: true, value: { meta: meta.value, text: bytes.value.toString('utf8') } };
}
