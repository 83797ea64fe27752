/**
 * Patches already rendered, by what they were rendered from. A file's patch is a function of its
 * two sides' object ids and modes and its path (and a rename's old path and similarity): the ids
 * are content hashes, a working-tree side's included (it is hashed as it is read). So `@diff`
 * typed again, or `@git:3` after `@git:5`, needs no blob read and no line diff for a file that did
 * not change. A patch whose line diff hit its time limit (the replacement fallback) depends on the
 * clock, not only on the content, and is never kept.
 */
import type { FileChange } from './file-change';

/** Patches kept per repository session at most, and their total length. */
const MAX_PATCHES = 4096;
const MAX_CHARS = 32 * 1024 * 1024;

/** An LRU of rendered patches keyed by {@link patchKey}. */
export class PatchCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, patch: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.chars -= old.length;
    this.entries.delete(key);
    if (patch.length > MAX_CHARS / 8) return; // one huge patch would push out everything else
    this.entries.set(key, patch);
    this.chars += patch.length;
    while (this.entries.size > MAX_PATCHES || this.chars > MAX_CHARS) {
      const [first, text] = this.entries.entries().next().value as [string, string];
      this.entries.delete(first);
      this.chars -= text.length;
    }
  }
}

/** What a file's patch is a function of (see the module comment). */
export function patchKey(change: FileChange): string {
  const side = (s: FileChange['old']) => (s ? `${s.oid}:${s.mode.toString(8)}:${s.bytes === null ? 'big' : ''}` : '-');
  return [change.path, change.from ?? '', change.similarity ?? '', side(change.old), side(change.new)].join('\u0000');
}
