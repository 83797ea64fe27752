/** The limits of docs/contract.md "Limits". Every one can be changed in Settings; these are the defaults. */
export interface Limits {
  /** References in one prompt; the next ones are `limit_exceeded`. Default 8. */
  maxReferences: number;
  /** Bytes of text one reference may attach (UTF-8). Default 64 KiB. */
  maxReferenceBytes: number;
  /** Bytes of text all references together may attach. Default 192 KiB. */
  maxTotalBytes: number;
  /** Soft token limit as a fraction of the context length: attached with a warning. Default 0.25. */
  softTokenRatio: number;
  /** Hard token limit as a fraction of the context length: nothing is attached. Default 0.5. */
  hardTokenRatio: number;
  /** Entries a folder listing shows before `- ...`. Default 200. */
  maxFolderEntries: number;
  /** Commits `@git:N` may ask for: N is clamped into 1..maxGitCommits. Default 10. */
  maxGitCommits: number;
  /** Milliseconds before a git reference fails. Default 30 s. */
  gitTimeoutMs: number;
  /** Milliseconds before a URL reference fails. Default 15 s. */
  urlTimeoutMs: number;
  /** Milliseconds before a folder reference fails. Default 10 s. */
  folderTimeoutMs: number;
  /**
   * Work (CPU) milliseconds one document of up to 1 MiB may take to read; larger files and more pages
   * get proportionally more, and the wall clock is bounded far above it (docs/decisions.md,
   * "Documents: budgets that count work"). Default 20 s.
   */
  documentTimeoutMs: number;
  /** Bytes of a URL body read (after decompression). Default 5 MiB. */
  maxUrlBytes: number;
}

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** Bytes of a document file read at most (the document resolver, and a picture sent to the model). Default 64 MiB. */
export const MAX_DOCUMENT_BYTES = 64 * MiB;

/** The defaults of docs/contract.md "Limits". */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxReferences: 8,
  maxReferenceBytes: 64 * KiB,
  maxTotalBytes: 192 * KiB,
  softTokenRatio: 0.25,
  hardTokenRatio: 0.5,
  maxFolderEntries: 200,
  maxGitCommits: 10,
  gitTimeoutMs: 30_000,
  urlTimeoutMs: 15_000,
  folderTimeoutMs: 10_000,
  documentTimeoutMs: 20_000,
  maxUrlBytes: 5 * MiB,
});

/**
 * The range each limit may be set to (both ends included), one table for the settings file's
 * schema and the Settings view, which refuses a value outside it beside its field. The ratios are
 * fractions of the context length (1% to 100%); the rest are whole numbers.
 */
export const LIMIT_RANGES: Readonly<Record<keyof Limits, { min: number; max: number }>> = Object.freeze({
  maxReferences: { min: 1, max: 100 },
  maxReferenceBytes: { min: KiB, max: 64 * MiB },
  maxTotalBytes: { min: KiB, max: 256 * MiB },
  softTokenRatio: { min: 0.01, max: 1 },
  hardTokenRatio: { min: 0.01, max: 1 },
  maxFolderEntries: { min: 1, max: 10_000 },
  maxGitCommits: { min: 1, max: 100 },
  gitTimeoutMs: { min: 1000, max: 600_000 },
  urlTimeoutMs: { min: 1000, max: 600_000 },
  folderTimeoutMs: { min: 1000, max: 600_000 },
  documentTimeoutMs: { min: 100, max: 600_000 },
  maxUrlBytes: { min: KiB, max: 256 * MiB },
});

/** True for the limits that are fractions (the token ratios); the others are whole numbers. */
export function isRatioLimit(key: keyof Limits): boolean {
  return key === 'softTokenRatio' || key === 'hardTokenRatio';
}

/** Default context length in tokens when no model says otherwise. */
export const DEFAULT_CONTEXT_LENGTH = 128_000;
