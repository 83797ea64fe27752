import type { Warning } from '../../shared/warnings';
import type { ScanContext } from './sanitize';
import { LruMap } from '../../shared/lru';

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
  tokens: number;
  sha256: string;
}

/** Texts kept per engine at most; the least recently used goes first. */
export const CLEANED_CACHE_SIZE = 64;

interface Entry {
  text: string;
  before: string | undefined;
  after: string | undefined;
  cleaned: CleanedText;
}

/** An LRU of sanitized texts keyed by reference (kind, value, range, spelling). */
export class CleanedTextCache {
  private readonly entries: LruMap<string, Entry>;

  constructor(capacity = CLEANED_CACHE_SIZE) {
    this.entries = new LruMap(capacity);
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
}
