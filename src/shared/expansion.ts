import type { UnitProgress } from './documents';
import type { Budget } from './budget';
import type { ImageSendMode, ReferenceKind } from './reference';
import type { Warning, WarningCode } from './warnings';

/** Where an attached reference's bytes came from (docs/contract.md "Citations"). */
export interface ReferenceSource {
  /** Real path after every symlink was followed (file, folder). */
  realPath?: string;
  /** File: how many hard links (names) it has, when more than one. */
  links?: number;
  /** Git: the repository's top folder, the commit ids involved, and the changed paths. */
  repository?: string;
  commits?: string[];
  head?: string | null;
  paths?: string[];
  /** URL: the final URL after redirects, the HTTP status, the content type and the page title. */
  finalUrl?: string;
  httpStatus?: number;
  contentType?: string;
  title?: string;
  /** A document read as text (PDF, Word, sheets, slides): what it was and what of it was attached. */
  document?: DocumentCitation;
  /** @result: the id of the stored result. */
  resultId?: string;
  /** ISO time the content was read. */
  readAt: string;
}

/** The citation of a document read as text. */
export interface DocumentCitation {
  /** sha256 of the document's bytes (the attached text has its own, in the reference's `sha256`). */
  sha256: string;
  /** `pdf`, `docx`, `xlsx`, `pptx`, `odt`, `ods`, `odp`. */
  format: string;
  /** The library that read it, with its version: `pdfjs-dist 5.6.205`. */
  extractor: string;
  /** What ranges count: `page`, `slide` or `sheet`. */
  unit: string;
  /** First and last unit attached; null when the format has no units to count (Word, OpenDocument text). */
  first: number | null;
  last: number | null;
  /** Units the document has; null when unknown (Word and OpenDocument text hold no fixed pages). */
  count: number | null;
  /** A workbook's block attached, as spreadsheets write it: `売上 2026!A1:D20`. */
  block?: string;
  /** A table file's encoding as detected: `utf-8`, `shift_jis`, `euc-kr`, `utf-16le`. */
  encoding?: string;
  /**
   * An image (PNG, JPEG, WebP, GIF): its declared size, its cost in tokens when sent as an image
   * part, and what the reference asked to send (`@file:shot.png:image`); null: the default, the
   * text and, where the endpoint accepts images, the picture.
   */
  image?: { width: number; height: number; tokens: number; send: ImageSendMode | null };
}

/** Status of one reference: attached, or the code of the warning that stopped it. */
export type ReferenceStatus = 'attached' | WarningCode;

/** One reference of an expansion, with everything a citation needs. */
export interface ExpandedReference {
  raw: string;
  kind: ReferenceKind;
  /** What it points at: the path, URL, result id, or the git description (`HEAD~5..HEAD`). */
  target: string;
  lineStart: number | null;
  lineEnd: number | null;
  status: ReferenceStatus;
  /** UTF-8 bytes of the attached text (0 when not attached). */
  bytes: number;
  /** Tokens of the attached text (0 when not attached). */
  tokens: number;
  /** sha256 of the attached text, hex; null when not attached. */
  sha256: string | null;
  source: ReferenceSource | null;
  /** Offsets of the reference in the original message. */
  from: number;
  to: number;
  /** Warnings about this reference (also listed in the result's `warnings`). */
  warnings: Warning[];
  /** The block exactly as it appears in the expanded message; null when not attached. */
  block: string | null;
  /**
   * What the block's header says the reference is (`src/app.ts, lines 1-20`, `PDF, pages 2–3`),
   * redacted as the header is; null when not attached. The window shows it without parsing the block.
   */
  description: string | null;
}

/** The whole result of expanding one message. */
export interface ExpansionResult {
  /** The expanded message exactly as Send would send it. */
  message: string;
  /** The message as written. */
  originalMessage: string;
  /** True when the hard token limit stopped every attachment; the message goes as written. */
  blocked: boolean;
  /** Tokens of the expanded message. */
  tokens: number;
  /** Tokens of the message as written (the person's own words). */
  promptTokens: number;
  /**
   * The one budget (`src/shared/budget.ts`): the prompt's tokens, the tokens the references take
   * (also when the hard limit stopped them, so a person sees how far over it is) and their sum
   * against the context length. The meters, Send and the CLI's `--json` all read it.
   */
  budget: Budget;
  /** Tokens of the attached blocks, the soft and hard limits they were measured against. */
  attachedTokens: number;
  attachedBytes: number;
  softTokenLimit: number;
  hardTokenLimit: number;
  contextLength: number;
  references: ExpandedReference[];
  warnings: Warning[];
}

/**
 * One reference of a running expansion starting or finishing; while a document is read, `units`
 * says how far it has come (the chip shows "page 12 of 80").
 */
export interface ReferenceProgress {
  raw: string;
  state: 'resolving' | 'done';
  units?: UnitProgress;
}
