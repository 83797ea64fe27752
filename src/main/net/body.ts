/**
 * Reads a response body with a byte cap counted after decompression. undici's `request` does not
 * decompress, so the content codings are undone here, and the cap applies to the decoded bytes: a
 * gzip bomb stops at the cap (zlib streams honour backpressure, so little more than the cap is
 * ever produced).
 */
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { formatBytes, netError, type NetError, type NetResult } from './errors';

/** How a body is read. */
export interface ReadBodyOptions {
  /** Decoded bytes allowed; one more is `too_large`. */
  maxBytes: number;
  /** Aborts the read (the caller's deadline). */
  signal: AbortSignal;
  /** Called with each decoded chunk as it arrives (e.g. for a streamed model reply). */
  onChunk?: (chunk: Uint8Array) => void;
  /**
   * Decoded bytes kept for the returned `bytes`; default all (up to `maxBytes`). A caller that
   * streams the body through `onChunk` keeps only a head (for an error message), so a long reply
   * is not held a second time as raw bytes.
   */
  keepBytes?: number;
  /** The URL, for error messages. */
  url: string;
  /** Maps an abort to the right error (timeout or cancel). */
  abortError: () => NetError;
}

/** Decoders for a `Content-Encoding` header, outermost last; `unsupported_encoding` if unknown. */
export function decodersFor(contentEncoding: string | undefined, url: string): NetResult<{ decoders: Transform[] }> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  const decoders: Transform[] = [];
  // Codings are listed in the order they were applied, so they are undone in reverse.
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip());
    else if (coding === 'deflate') decoders.push(zlib.createUnzip());
    else if (coding === 'br') decoders.push(zlib.createBrotliDecompress());
    else {
      for (const d of decoders) discard(d);
      return { ok: false, error: netError('unsupported_encoding', url, coding) };
    }
  }
  return { ok: true, decoders };
}

/**
 * Reads `body` through `decoders` into one buffer of at most `maxBytes` decoded bytes (only the first
 * `keepBytes` of them are kept when that is set; the rest still counts toward the cap). Fails with
 * `too_large` past the cap, the abort error when `signal` fires, `bad_response` on a broken stream.
 * The source is destroyed on every early exit, so nothing keeps reading in the background.
 */
export async function readBody(
  body: Readable,
  decoders: Transform[],
  opts: ReadBodyOptions,
): Promise<NetResult<{ bytes: Uint8Array }>> {
  // pipeline forwards an error from any stage to every other; the last decoder is what we read.
  if (decoders.length > 0) pipeline([body, ...decoders], () => {});
  const tail: Readable = decoders.at(-1) ?? body;
  const chunks: Buffer[] = [];
  const keep = Math.min(opts.keepBytes ?? opts.maxBytes, opts.maxBytes);
  let kept = 0;
  let total = 0;
  const stop = (): void => {
    discard(body);
    discard(tail);
  };
  if (opts.signal.aborted) {
    stop();
    return { ok: false, error: opts.abortError() };
  }
  // undici ends the body on abort, but a pipeline of decoders may wait for more input: end it here.
  opts.signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of tail as AsyncIterable<Buffer>) {
      if (opts.signal.aborted) break;
      total += chunk.length;
      if (total > opts.maxBytes) {
        stop();
        return { ok: false, error: netError('too_large', opts.url, formatBytes(opts.maxBytes)) };
      }
      if (kept < keep) {
        const part = chunk.length <= keep - kept ? chunk : chunk.subarray(0, keep - kept);
        chunks.push(part);
        kept += part.length;
      }
      opts.onChunk?.(chunk);
    }
  } catch (err) {
    if (opts.signal.aborted) return { ok: false, error: opts.abortError() };
    stop();
    return { ok: false, error: netError('bad_response', opts.url, describe(err)) };
  } finally {
    opts.signal.removeEventListener('abort', stop);
  }
  if (opts.signal.aborted) return { ok: false, error: opts.abortError() };
  return { ok: true, bytes: Buffer.concat(chunks, kept) };
}

/**
 * Destroys a stream nobody will read again. undici's body emits an `AbortError` when destroyed
 * without a reason; with nobody listening that would be an uncaught exception.
 */
export function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

function describe(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}
