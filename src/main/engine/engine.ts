import { DEFAULT_ADDRESS_MASKING, masksAddresses, type AddressMasking } from '../../shared/address-masking';
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { DEFAULT_CONTEXT_LENGTH, DEFAULT_LIMITS, type Limits } from '../../shared/limits';
import { withKinds, type KindSyntax } from '../../shared/kinds';
import type { ExpansionResult, ReferenceProgress } from '../../shared/expansion';
import { assembleMessage, prepareMessage, type PreparedMessage } from './expand';
import type { Resolver } from '../resolve';
import { createEngineCaches, type EngineCaches } from './caches';
import type { Sanitizer } from './sanitize';
import { loadTokenCounter, rememberingCounter, type TokenCounter } from './tokens';
import type { Language } from '../../shared/i18n/languages';
import { text, type Text } from '../../shared/i18n/text';
import { translate } from '../../shared/i18n/translate';
import { defaultResolvers } from './default-resolvers';
import { defaultSanitizers } from './default-sanitizers';

/** How an engine is set up. Only `workspace` is required. */
export interface EngineOptions {
  /** The workspace folder; relative paths resolve against its real path. */
  workspace: string;
  /** The model's context length in tokens. Default 128,000. */
  contextLength?: number;
  /** Overrides of the limits of docs/contract.md "Limits". */
  limits?: Partial<Limits>;
  /** Files outside the workspace the person granted one by one. */
  grants?: readonly string[];
  /** `HOST` or `HOST:PORT` entries the network policy lets through (e.g. a local test server). */
  allowHosts?: readonly string[];
  /** Replaces the resolvers of the given kinds (tests, or the session store's `@result`). */
  resolvers?: readonly Resolver[];
  /**
   * Kinds beyond the product's, each with its resolver: how a test defines a kind of its own (see
   * test-support/echo-kind.ts). Their references report under their own name. In-process only.
   */
  kinds?: readonly KindExtension[];
  /** Replaces the default sanitizers (secret redaction, invisible Unicode). */
  sanitizers?: readonly Sanitizer[];
  /** Counts tokens. Default: o200k_base, loaded on the first expansion. */
  countTokens?: TokenCounter;
  now?: () => Date;
  /** The person's home folder. Default: `os.homedir()`. */
  home?: string;
  /** The language of warnings written into the prompt. Default English (models read it best). */
  promptLanguage?: Language;
  /** When email addresses are masked (src/shared/address-masking.ts). Default: in exports only. */
  maskAddresses?: AddressMasking;
  /**
   * Whether the endpoint Send goes to accepts images: their pictures are then sent too, and the
   * token limits count each one's tiles (src/shared/image-tokens.ts). Default false.
   */
  imagesSent?: boolean;
}

/** A kind the product does not have, with its resolver (tests). */
export interface KindExtension {
  syntax: KindSyntax;
  resolver: Resolver<string>;
}

/** Options of one expansion. */
export interface ExpandOptions {
  /** Cancels the expansion: resolvers stop, unfinished references report `failed`. */
  signal?: AbortSignal;
  /** Called as each reference starts and finishes resolving, and as a document's pages are read. */
  onProgress?: (p: ReferenceProgress) => void;
  /** References (as written) the person asked to try again: documents among them are read without a work budget. */
  retry?: readonly string[];
  /**
   * Read every reference again instead of reusing unchanged ones from the cache. Use it for what is
   * sent, copied or exported; the live preview while typing leaves it off. Default false.
   */
  fresh?: boolean;
  /** The model's context length for this expansion only (the person switched models). Default: the engine's. */
  contextLength?: number;
  /** The expansion is for an export: email addresses are masked unless the setting says never. Default false. */
  forExport?: boolean;
  /**
   * Nobody reads the result (the worker's warm-up): it is not kept as the last expansion, so it
   * neither holds its references' texts in memory nor takes the place of the person's own message,
   * which a change of context length reuses. Default false.
   */
  background?: boolean;
  /**
   * For background work only: true when it must give way at once (a person's request is waiting
   * for this thread). Checked synchronously inside the git reader's loops, where no message or timer
   * can arrive; the reference then ends as cancelled. Default: never.
   */
  yieldNow?: () => boolean;
}

/** The engine for one workspace: long-lived, so its caches (git packs, parsed index) stay warm. */
export interface Engine {
  readonly workspaceRoot: string;
  readonly contextLength: number;
  readonly limits: Readonly<Limits>;
  expand(message: string, options?: ExpandOptions): Promise<ExpansionResult>;
}

/** A precondition of the engine that does not hold, with a stable code and a sentence for people. */
export class EngineSetupError extends Error {
  /** The sentence as a catalogue text, for callers that show it in the person's language. */
  readonly text: Text | null;

  constructor(
    readonly code: 'workspace_not_found' | 'workspace_not_a_folder' | 'bad_option',
    message: string | Text,
  ) {
    super(typeof message === 'string' ? message : translate(message, 'en'));
    this.name = 'EngineSetupError';
    this.text = typeof message === 'string' ? null : message;
  }
}

/** Creates an engine for `options.workspace`. Throws {@link EngineSetupError} when the workspace is unusable. */
export function createEngine(options: EngineOptions): Engine {
  const workspaceRoot = realWorkspace(options.workspace);
  const contextLength = checkContextLength(options.contextLength ?? DEFAULT_CONTEXT_LENGTH);
  const limits: Limits = Object.freeze({ ...DEFAULT_LIMITS, ...options.limits });
  const kinds = withKinds((options.kinds ?? []).map((k) => k.syntax));
  const resolvers = new Map<string, Resolver<string>>(defaultResolvers().map((r) => [r.kind, r]));
  for (const r of options.resolvers ?? []) resolvers.set(r.kind, r);
  for (const k of options.kinds ?? []) resolvers.set(k.syntax.name, k.resolver);
  const caches: EngineCaches = createEngineCaches();
  const grants = new Set((options.grants ?? []).flatMap((g) => realOrNothing(g)));
  const sanitizers = options.sanitizers ?? defaultSanitizers();
  const given = options.countTokens;
  // One remembering counter per engine: blocks of unchanged references are counted once.
  let remembering: Promise<TokenCounter> | null = null;
  const counter = (): Promise<TokenCounter> => (remembering ??= (given ? Promise.resolve(given) : loadTokenCounter()).then((c) => rememberingCounter(c)));
  const now = options.now ?? (() => new Date());
  const allowHosts = [...(options.allowHosts ?? [])];
  const home = options.home ?? homedir();
  // The last expansion's prepared references: a new context length for the same message only
  // recomputes the budget (see `expand`).
  let last: { prepared: PreparedMessage; contextLength: number } | null = null;
  const promptLanguage = options.promptLanguage ?? 'en';
  const maskMode = options.maskAddresses ?? DEFAULT_ADDRESS_MASKING;
  const imagesSent = options.imagesSent ?? false;

  return {
    workspaceRoot,
    contextLength,
    limits,
    async expand(message, expandOptions = {}) {
      const signal = expandOptions.signal ?? new AbortController().signal;
      const length = checkContextLength(expandOptions.contextLength ?? contextLength);
      // Started now, so the tokenizer loads while the references resolve.
      const countTokens = counter();
      countTokens.catch(() => undefined);
      // Only the context length changed (the person picked another model): the references are
      // what the last expansion of this message read; only the budget is computed again, and no
      // resolver runs. The next keystroke or refresh checks every reference as usual.
      const forExport = expandOptions.forExport ?? false;
      if (!expandOptions.fresh && last && last.prepared.message === message && last.contextLength !== length) {
        last.contextLength = length;
        return assembleMessage(last.prepared, await countTokens, length, limits, promptLanguage, imagesSent);
      }
      const prepared = await prepareMessage({
        message,
        context: {
          workspaceRoot,
          home,
          grants,
          limits,
          signal,
          now,
          caches,
          allowHosts,
          ...(expandOptions.retry?.length ? { retry: new Set(expandOptions.retry) } : {}),
          ...(expandOptions.yieldNow ? { yieldNow: expandOptions.yieldNow } : {}),
          ...(masksAddresses(maskMode, forExport) ? { maskAddresses: true } : {}),
        },
        contextLength: length,
        kinds,
        resolvers,
        sanitizers,
        countTokens,
        onProgress: expandOptions.onProgress,
        fresh: expandOptions.fresh ?? false,
        promptLanguage,
      });
      // An export's references may be masked: the live preview never reuses them.
      if (!signal.aborted && !forExport && !expandOptions.background) last = { prepared, contextLength: length };
      return assembleMessage(prepared, await countTokens, length, limits, promptLanguage, imagesSent);
    },
  };
}

function checkContextLength(contextLength: number): number {
  if (!Number.isInteger(contextLength) || contextLength <= 0) {
    throw new EngineSetupError('bad_option', text('engine.badContextLength', { value: String(contextLength) }));
  }
  return contextLength;
}

function realWorkspace(path: string): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new EngineSetupError('workspace_not_found', text('engine.workspaceNotFound', { path }));
  }
  if (!statSync(real).isDirectory()) {
    throw new EngineSetupError('workspace_not_a_folder', text('engine.workspaceNotAFolder', { path }));
  }
  return real;
}

/** A granted file that no longer exists grants nothing. */
function realOrNothing(path: string): string[] {
  try {
    return [realpathSync(path)];
  } catch {
    return [];
  }
}
