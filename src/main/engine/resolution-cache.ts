import type { Warning } from '../../shared/warnings';
import type { Resolution } from '../resolve';
import { LruMap } from '../../shared/lru';

/**
 * A reference resolved, sanitized and counted: what the engine keeps between expansions so a person
 * typing prose around unchanged references does not re-read, re-redact or re-tokenize them.
 */
export interface PreparedReference {
  resolution: Resolution;
  /** The sanitized text and the sanitizers' warnings (resolved references only). */
  clean: { text: string; warnings: Warning[] } | null;
  tokens: number;
  /** sha256 of the sanitized text, computed once. */
  sha256?: string;
}

/** Prepared references at most kept per engine; the least recently used goes first. */
export const RESOLUTION_CACHE_SIZE = 64;

/** An LRU of prepared references keyed by reference identity (kind, value, range) and content identity. */
export class ResolutionCache {
  private readonly entries: LruMap<string, { identity: string; prepared: PreparedReference }>;

  constructor(capacity = RESOLUTION_CACHE_SIZE) {
    this.entries = new LruMap(capacity);
  }

  /** The entry for `key` if its content identity is still `identity`. */
  get(key: string, identity: string): PreparedReference | undefined {
    const hit = this.entries.get(key);
    return hit && hit.identity === identity ? hit.prepared : undefined;
  }

  set(key: string, identity: string, prepared: PreparedReference): void {
    this.entries.set(key, { identity, prepared });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
