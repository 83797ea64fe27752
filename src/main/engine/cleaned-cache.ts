import type { Warning } from '../../shared/warnings';
import type { ScanContext } from './sanitize';
import { LruMap, textBytes } from '../../shared/lru';
import { MiB } from '../../shared/limits';

/**
 * Sanitized and counted texts, by reference and by the exact text resolved. A fresh read (Copy,
 * Export, Send, or a resolver that cannot tell its source is unchanged) reads every reference
 * again, but when a file, diff or page comes back the same, redacting and tokenizing it again
 * would give the same answer: the sanitizers are pure functions of the text, the reference and the
 * text around an excerpt, and the counter is fixed per engine. So the comparison is of the texts
 * themselves, never of a date or a size, and a changed byte is sanitized again.
 */
export interface CleanedText {
  clean: { text: string; warnings: Warning[] };
  /** Null when not counted: see `PreparedReference.tokens`. */
  tokens: number | null;
  sha256: string;
}

/** Texts kept per engine at most; the least recently used goes first. */
export const CLEANED_CACHE_SIZE = 64;
/**
 * Bytes of text kept per engine at most (the text read, the text around it and the clean text);
 * the least recently used go first, and one entry heavier than a quarter of it is not kept (see
 * RESOLUTION_CACHE_BYTES for why a count is not enough).
 */
export const CLEANED_CACHE_BYTES = 48 * MiB;

function entryBytes(entry: Entry, key: string): number {
  const clean = entry.cleaned.clean.text;
  return textBytes(key) + textBytes(entry.text) + textBytes(entry.before) + textBytes(entry.after) + (clean === entry.text ? 0 : textBytes(clean));
}

interface Entry {
  text: string;
  before: string | undefined;
  after: string | undefined;
  cleaned: CleanedText;
}

/** An LRU of sanitized texts keyed by reference (kind, value, range, spelling). */
export class CleanedTextCache {
  private readonly entries: LruMap<string, Entry>;

  constructor(capacity = CLEANED_CACHE_SIZE, maxBytes = CLEANED_CACHE_BYTES) {
    this.entries = new LruMap(capacity, entryBytes, maxBytes);
  }

  /** What `text` (resolved for `key`, with `context` around it) sanitized and counted to last time, if it did. */
  get(key: string, text: string, context: ScanContext | undefined): CleanedText | undefined {
    const hit = this.entries.get(key);
    return hit && hit.text === text && hit.before === context?.before && hit.after === context?.after ? hit.cleaned : undefined;
  }

  set(key: string, text: string, context: ScanContext | undefined, cleaned: CleanedText): void {
    this.entries.set(key, { text, before: context?.before, after: context?.after, cleaned });
  }

  clear(): void {
    this.entries.clear();
  }

  /** Bytes of text held now. */
  get bytes(): number {
    return this.entries.totalWeight;
  }
}
