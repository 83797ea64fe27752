/**
 * Turns a list of changes into one patch text: each side's content is taken from the working tree
 * (already read) or the object store, then formatted by {@link formatFilePatch}. Stops early once the
 * text passes `maxBytes`, so a huge change set costs no more than the limit it will be refused by.
 */
import { type Deadline, readBlob, type RepoSession } from '../storage';
import { MODE_GITLINK, type FileChange, type FileSide } from '../views';
import { LINE_DIFF_TIMEOUT_MS, formatFilePatch, isBinary } from './patch-format';
import { PatchCache, patchKey } from './patch-cache';

/**
 * The patch text, or how far it got before passing the byte limit; `tooLargeFile` when a text file
 * was too large to compare (git would show its text: the patch cannot be made, only refused).
 */
export type RenderResult = { ok: true; text: string } | { ok: false; bytesSoFar: number; tooLargeFile?: { path: string; head: Uint8Array } };

/** Renders `changes` in order. `maxBytes` counts UTF-8 bytes of the text. */
export async function renderPatches(s: RepoSession, changes: readonly FileChange[], deadline: Deadline, maxBytes: number): Promise<RenderResult> {
  const parts: string[] = [];
  const cache = cacheOf(s);
  let bytes = 0;
  for (const change of changes) {
    deadline.throwIfAborted();
    const key = patchKey(change);
    let patch = cache.get(key);
    if (patch === undefined) {
      const [oldSide, newSide] = await Promise.all([loadSide(s, change.old, deadline), loadSide(s, change.new, deadline)]);
      // git calls a side binary by a NUL in its first 8000 bytes, whatever its size: a large binary
      // file is "Binary files differ", a large text file is text, which is too large to compare here.
      const big = [oldSide, newSide].find((side) => side.tooLarge);
      if (big && !isBinary(oldSide.head) && !isBinary(newSide.head)) return { ok: false, bytesSoFar: bytes, tooLargeFile: { path: change.path, head: big.head } };
      // At most half the time left goes to one file's line diff, so a huge rewrite falls back to a
      // whole-file replacement while there is still time to render the rest.
      const timeoutMs = Math.min(LINE_DIFF_TIMEOUT_MS, Math.floor(deadline.remainingMs() / 2));
      const started = performance.now();
      patch = formatFilePatch(change, { old: oldSide.bytes, new: newSide.bytes, tooLarge: oldSide.tooLarge || newSide.tooLarge }, timeoutMs);
      // Finished inside its time limit, the line diff was the exact one: the patch depends on the content only.
      if (performance.now() - started < timeoutMs) cache.set(key, patch);
    }
    bytes += Buffer.byteLength(patch, 'utf8');
    if (bytes > maxBytes) return { ok: false, bytesSoFar: bytes };
    parts.push(patch);
  }
  return { ok: true, text: parts.join('') };
}

const caches = new WeakMap<RepoSession, PatchCache>();

/** The patch cache of a repository session (it lives as long as the session, in the engine's caches). */
function cacheOf(s: RepoSession): PatchCache {
  let cache = caches.get(s);
  if (!cache) caches.set(s, (cache = new PatchCache()));
  return cache;
}

interface LoadedSide {
  bytes: Uint8Array | null;
  tooLarge: boolean;
  /** The first bytes: all of them, or those kept of a side too large to keep. */
  head: Uint8Array;
}

async function loadSide(s: RepoSession, side: FileSide | null, deadline: Deadline): Promise<LoadedSide> {
  if (!side || side.mode === MODE_GITLINK) return { bytes: null, tooLarge: false, head: EMPTY };
  if (side.bytes !== undefined) return { bytes: side.bytes, tooLarge: side.bytes === null, head: side.bytes ?? side.head ?? EMPTY };
  const bytes = await readBlob(s, side.oid, deadline);
  return { bytes, tooLarge: false, head: bytes };
}

const EMPTY = new Uint8Array(0);
