import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { Limits } from '../../shared/limits';
import type { ParsedReference, ReferenceKind } from '../../shared/reference';
import type { UnitProgress } from '../../shared/documents';
import type { ReferenceSource } from '../../shared/expansion';
import type { Warning, WarningCode } from '../../shared/warnings';
import { LruMap } from '../../shared/lru';
import { LinkIdentityCache } from '../guards';

/**
 * The resolver contract: what a resolver gets (ResolveContext) and what it returns (Resolution). The
 * engine calls resolvers through it and the resolvers implement it; it lives apart from both so
 * that neither folder has to import the other to meet.
 */

/**
 * What a resolver gets on each call. Everything external is passed in (STYLE: no singletons), so a
 * test can hand in its own workspace, limits, clock and caches.
 */
export interface ResolveContext {
  /** Real path of the workspace root (already `realpath`ed). */
  workspaceRoot: string;
  /** The person's home folder: `~/` in references, and where protected paths such as `~/.ssh` live. */
  home: string;
  /** Real paths of files outside the workspace the person granted one by one (e.g. by dropping them). */
  grants: ReadonlySet<string>;
  limits: Limits;
  /** Aborted when the expansion is cancelled (the person typed on) or its deadline passed. */
  signal: AbortSignal;
  /**
   * Background work only (the worker's warm-up): true when it must give way at once. Long
   * synchronous loops (the git reader's) check it beside `signal`, which cannot change while they run.
   */
  yieldNow?: () => boolean;
  /** The clock; tests may freeze it. */
  now: () => Date;
  /** Long-lived caches keyed by workspace, kept by whoever owns the engine (the app, the CLI, a bench). */
  caches: ResolverCaches;
  /** Hosts (`HOST` or `HOST:PORT`) the network policy lets through although they are not public. */
  allowHosts: readonly string[];
  /** References (as written) the person asked to try again: a document among them is read without a work budget. */
  retry?: ReadonlySet<string>;
  /** Hears how far a slow reference has come (a document's pages); the engine sets it for each reference. */
  progress?: (progress: UnitProgress) => void;
  /**
   * Mask the addresses of email (.eml, .msg) as `t***@example.com` (Settings, "Email addresses"; on
   * for exports by default). Default false.
   */
  maskAddresses?: boolean;
}

/**
 * Caches that outlive one expansion and that resolvers use. Each resolver family owns its slot and
 * its invalidation. The engine adds its own (see engine/caches.ts).
 */
export interface ResolverCaches {
  /** Per-repository state of the git reader (pack cache, parsed index), keyed by repository path. */
  git: Map<string, unknown>;
  /** Identities of the protected files, for files with several hard links (reused a few seconds). */
  links: LinkIdentityCache;
  /** Line counts and binary verdicts of files listed by `@folder`, by file identity. */
  folderFiles: LruMap<string, ListedFileDetails>;
}

/** What `@folder` remembers of a listed file, by file identity (see resolvers/fs/folder-walk.ts). */
export interface ListedFileDetails {
  lines?: number;
  binary?: boolean;
}

/** Files whose `@folder` details are kept: a few large folders' worth. */
const FOLDER_FILES_KEPT = 20_000;

/** Creates empty resolver caches. */
export function createResolverCaches(): ResolverCaches {
  return { git: new Map(), links: new LinkIdentityCache(), folderFiles: new LruMap(FOLDER_FILES_KEPT) };
}

/**
 * Text around an attached excerpt (a line range): what comes before and after it in the file, so a
 * secret that starts before the range (a private key whose BEGIN line is above it) is still found.
 * Only the part inside the excerpt is changed.
 */
export interface ScanContext {
  before: string;
  after: string;
}

/** A reference that resolved to text. */
export interface Resolved {
  ok: true;
  /** The text to attach, before redaction and budgeting. */
  text: string;
  /** What it is, for the block header: `file src/a.ts, lines 3-9`, `unstaged changes (3 files)`. */
  description: string;
  /** What it points at, for citations: path, URL, git range. */
  target: string;
  /** Info string for the fence (`ts`, `diff`, `markdown`), or '' for none. */
  language: string;
  source: ReferenceSource;
  /** Informational warnings (e.g. `clamped`), attached anyway. */
  warnings?: Warning[];
  /** For an excerpt (a line range): the text around it, which the secret scan reads too. */
  scanContext?: ScanContext;
}

/** A reference that could not be attached; it attaches nothing. */
export interface Refused {
  ok: false;
  code: WarningCode;
  /** The sentence for the person: what happened and, where there is one, how to fix it (English). */
  message: string;
  /** The same sentence as a catalogue text, for the UI and the prompt language. */
  text?: Text;
  target: string;
  source?: ReferenceSource;
  warnings?: Warning[];
}

export type Resolution = Resolved | Refused;

/**
 * A resolver for one kind (STYLE convention 3). `K` is the kind's name: a product kind, or one a
 * test defines (see test-support/echo-kind.ts).
 */
export interface Resolver<K extends string = ReferenceKind> {
  kind: K;
  resolve(ref: ParsedReference<K>, ctx: ResolveContext): Promise<Resolution>;
  /**
   * Optional: a cheap string that changes whenever what `resolve` would return may change (a file's
   * real path with its stat data; HEAD and the index for staged changes). When it equals the one of
   * a cached resolution, the engine reuses that resolution. Null, or no method: never cached.
   */
  identity?(ref: ParsedReference<K>, ctx: ResolveContext): Promise<string | null>;
}

/** Shorthand for a refusal. */
export function refuse(code: WarningCode, message: string | Text, target: string, source?: ReferenceSource): Refused {
  const words = typeof message === 'string' ? { message } : said(message);
  return source ? { ok: false, code, ...words, target, source } : { ok: false, code, ...words, target };
}
