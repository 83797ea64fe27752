/**
 * Turns a list of changes into one patch text: each side's content is taken from the working tree
 * (already read) or the object store, then formatted by {@link formatFilePatch}. Stops early once the
 * text passes `maxBytes`, so a huge change set costs no more than the limit it will be refused by.
 */
import type { Deadline } from './deadline';
import { MODE_GITLINK, type FileChange, type FileSide } from './file-change';
import { LINE_DIFF_TIMEOUT_MS, formatFilePatch } from './patch-format';
import { readBlob, type RepoSession } from './repo-session';

/** The patch text, or how far it got before passing the byte limit. */
export type RenderResult = { ok: true; text: string } | { ok: false; bytesSoFar: number };

/** Renders `changes` in order. `maxBytes` counts UTF-8 bytes of the text. */
export async function renderPatches(s: RepoSession, changes: readonly FileChange[], deadline: Deadline, maxBytes: number): Promise<RenderResult> {
  const parts: string[] = [];
  let bytes = 0;
  for (const change of changes) {
    deadline.throwIfAborted();
    const [oldSide, newSide] = await Promise.all([loadSide(s, change.old), loadSide(s, change.new)]);
    // At most half the time left goes to one file's line diff, so a huge rewrite falls back to a
    // whole-file replacement while there is still time to render the rest.
    const timeoutMs = Math.min(LINE_DIFF_TIMEOUT_MS, Math.floor(deadline.remainingMs() / 2));
    const patch = formatFilePatch(
      change,
      { old: oldSide.bytes, new: newSide.bytes, tooLarge: oldSide.tooLarge || newSide.tooLarge },
      timeoutMs,
    );
    bytes += Buffer.byteLength(patch, 'utf8');
    if (bytes > maxBytes) return { ok: false, bytesSoFar: bytes };
    parts.push(patch);
  }
  return { ok: true, text: parts.join('') };
}

async function loadSide(s: RepoSession, side: FileSide | null): Promise<{ bytes: Uint8Array | null; tooLarge: boolean }> {
  if (!side || side.mode === MODE_GITLINK) return { bytes: null, tooLarge: false };
  if (side.bytes !== undefined) return { bytes: side.bytes, tooLarge: side.bytes === null };
  return { bytes: await readBlob(s, side.oid), tooLarge: false };
}
