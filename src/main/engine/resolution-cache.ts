import type { Warning } from '../../shared/warnings';
import type { Resolution } from '../resolve';
import { LruMap, textBytes } from '../../shared/lru';
import { MiB } from '../../shared/limits';

/**
 * A reference resolved, sanitized and counted: what the engine keeps between expansions so a person
 * typing prose around unchanged references does not re-read, re-redact or re-tokenize them.
 */
export interface PreparedReference {
  resolution: Resolution;
  /** The sanitized text and the sanitizers' warnings (resolved references only). */
  clean: { text: string; warnings: Warning[] } | null;
  /**
   * Tokens of the clean text; null when it was over the per-reference limit as prepared, so it
   * would not attach: counted only if an assembly attaches it after all (issue 27: a 111 KiB
   * `@diff` refused for its size took 20 ms of a cold CLI run to count).
   */
  tokens: number | null;
  /** sha256 of the sanitized text, computed once. */
  sha256?: string;
  /** Secrets replaced in the resolution's metadata (`redact-resolution.ts`), by rule: reported with the rest. */
  metadataCounts?: Record<string, number>;
}

/** Prepared references at most kept per engine; the least recently used goes first. */
export const RESOLUTION_CACHE_SIZE = 64;
/**
 * Bytes of text the prepared references kept per engine may hold (see {@link preparedBytes}); the
 * least recently used go first. A count alone let 64 references of a raised per-reference limit
 * (up to 64 MiB each) hold gigabytes. One reference heavier than a quarter of it is not kept: it is
 * read again when asked for again, as a changed one is.
 */
export const RESOLUTION_CACHE_BYTES = 48 * MiB;

/** What a prepared reference holds in text: the resolved text and, when the sanitizers changed it, the clean one. */
export function preparedBytes(prepared: PreparedReference): number {
  const read = prepared.resolution.ok ? prepared.resolution : undefined;
  const clean = prepared.clean?.text;
  return textBytes(read?.text) + (clean === read?.text ? 0 : textBytes(clean)) + textBytes(read?.scanContext?.before) + textBytes(read?.scanContext?.after);
}

/** An LRU of prepared references keyed by reference identity (kind, value, range) and content identity. */
export class ResolutionCache {
  private readonly entries: LruMap<string, { identity: string; prepared: PreparedReference }>;

  constructor(capacity = RESOLUTION_CACHE_SIZE, maxBytes = RESOLUTION_CACHE_BYTES) {
    this.entries = new LruMap(capacity, (entry, key) => preparedBytes(entry.prepared) + textBytes(key) + textBytes(entry.identity), maxBytes);
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

  /** Bytes of text held now (see {@link preparedBytes}). */
  get bytes(): number {
    return this.entries.totalWeight;
  }
}
