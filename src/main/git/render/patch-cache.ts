/**
 * Patches already rendered, by what they were rendered from. A file's patch is a function of its
 * two sides' object ids and modes and its path (and a rename's old path and similarity): the ids
 * are content hashes, a working-tree side's included (it is hashed as it is read). So `@diff`
 * typed again, or `@git:3` after `@git:5`, needs no blob read and no line diff for a file that did
 * not change. A patch whose line diff hit its time limit (the replacement fallback) depends on the
 * clock, not only on the content, and is never kept.
 */
import type { FileChange } from '../views';
import { LruMap } from '../../../shared/lru';

/** Patches kept per repository session at most, and their total length in characters. */
const MAX_PATCHES = 4096;
const MAX_CHARS = 32 * 1024 * 1024;

/** An LRU of rendered patches keyed by {@link patchKey}. */
export class PatchCache extends LruMap<string, string> {
  constructor() {
    super(MAX_PATCHES, (patch) => patch.length, MAX_CHARS);
  }
}

/** What a file's patch is a function of (see the module comment). */
export function patchKey(change: FileChange): string {
  const side = (s: FileChange['old']) => (s ? `${s.oid}:${s.mode.toString(8)}:${s.bytes === null ? 'big' : ''}` : '-');
  return [change.path, change.from ?? '', change.similarity ?? '', side(change.old), side(change.new)].join('\u0000');
}
