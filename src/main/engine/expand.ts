import { withImageTokens } from '../../shared/image-tokens';
import { createHash } from 'node:crypto';
import { parseReferences } from '../../shared/grammar';
import { PRODUCT_KINDS, type KindTable } from '../../shared/kinds';
import { referenceKey, type ParsedReference as ProductReference, type ReferenceKind } from '../../shared/reference';
import type { ExpandedReference, ExpansionResult, ReferenceProgress } from '../../shared/expansion';
import type { Warning, WarningCode } from '../../shared/warnings';
import { ANSWER_ROOM_RATIO, computeBudget } from '../../shared/budget';
import type { Limits } from '../../shared/limits';
import type { UnitProgress } from '../../shared/documents';
import type { Language } from '../../shared/i18n/languages';
import type { Text } from '../../shared/i18n/text';
import { said, translate } from '../../shared/i18n/translate';
import { deadlineFor, withDeadline } from './deadline';
import { redactField, redactReferenceMetadata } from './redact-metadata';
import { redactResolution } from './redact-resolution';
import { renderBlock, renderMessage } from './render';
import type { Resolution, ResolveContext, Resolver } from '../resolve';
import type { EngineContext } from './caches';
import { sanitize, type Sanitizer } from './sanitize';
import type { PreparedReference } from './resolution-cache';
import { ENGINE_TEXT } from './text';
import { countExpanded, type TokenCounter } from './tokens';

/** A reference as the engine handles it: of a product kind, or of a kind the engine was given. */
type ParsedReference = ProductReference<string>;

/** Everything one expansion needs; the engine (see `createEngine`) fills it from its settings. */
export interface ExpandInput {
  message: string;
  context: EngineContext;
  contextLength: number;
  /** The kinds to recognise. Default: the product's; an engine given kinds of its own adds them (tests). */
  kinds?: KindTable;
  /** One resolver per kind of `kinds`. */
  resolvers: ReadonlyMap<string, Resolver<string>>;
  sanitizers: readonly Sanitizer[];
  /** The token counter, possibly still loading: references resolve meanwhile. */
  countTokens: Promise<TokenCounter>;
  onProgress?: (p: ReferenceProgress) => void;
  /** Bypass the resolution cache (Send, the CLI): every reference is read again. */
  fresh?: boolean;
  /** The language of the warnings written into the prompt (default English, which models read best). */
  promptLanguage?: Language;
}

/**
 * The engine's deadline trails the resolver's own by this much, so a resolver that keeps its own
 * time (the URL fetch, git) reports its more precise reason; the engine's is the backstop.
 */
const DEADLINE_GRACE_MS = 1000;

/** A reference admitted (or refused) and, when attached, prepared: what assembling needs. */
interface Pending {
  ref: ParsedReference;
  /** Why it was refused before resolving (malformed, past the count limit). */
  refusal?: { code: WarningCode; message: string | Text };
  prepared?: PreparedReference;
  /** Whether its kind takes a range (`@file:PATH:N-M`), so a refusal for size can suggest one. */
  takesRange: boolean;
}

/**
 * The references of one message, resolved, sanitized and counted: everything an expansion needs
 * except the budget. Reusable: {@link assembleMessage} builds a result from it for any context
 * length without resolving again.
 */
export interface PreparedMessage {
  readonly message: string;
  readonly pending: readonly Pending[];
}

/**
 * Parse -> resolve (concurrently) -> guard -> budget -> render. References resolve at the same
 * time; budgets and blocks follow the order written, so the result does not depend on timing.
 */
export async function expandMessage(input: ExpandInput): Promise<ExpansionResult> {
  const prepared = await prepareMessage(input);
  return assembleMessage(prepared, await input.countTokens, input.contextLength, input.context.limits, input.promptLanguage);
}

/** Parses, admits and prepares every reference of `input.message` (see {@link PreparedMessage}). */
export async function prepareMessage(input: ExpandInput): Promise<PreparedMessage> {
  const pending = admit(parseReferences(input.message, input.kinds ?? PRODUCT_KINDS), input.kinds ?? PRODUCT_KINDS, input.context.limits.maxReferences);
  await Promise.all(pending.filter((p) => !p.refusal).map(async (p) => (p.prepared = await prepare(p.ref, input))));
  return { message: input.message, pending };
}

/**
 * Budget and render: byte limits, then the token budget ({@link computeBudget}), then the message.
 * Pure over `prepared`: nothing is read or resolved here.
 */
export function assembleMessage(
  prepared: PreparedMessage,
  countTokens: TokenCounter,
  contextLength: number,
  limits: Limits,
  promptLanguage: Language = 'en',
  imagesSent = false,
): ExpansionResult {
  const { message } = prepared;
  const outs = prepared.pending.map((p) => {
    const out = blank(p.ref);
    if (p.refusal) stop(out, p.ref, p.refusal.code, p.refusal.message);
    return out;
  });
  const blocks: Array<{ out: ExpandedReference; block: string }> = [];
  /** Secrets replaced in each block header's description, reported with the other metadata. */
  const headerCounts: Array<Record<string, number>> = [];
  let attachedBytes = 0;
  let attachedCount = 0;
  let totalPassed = false;
  prepared.pending.forEach((p, i) => {
    const out = outs[i] as ExpandedReference;
    headerCounts[i] = { ...p.prepared?.metadataCounts };
    if (out.status !== 'attached' || !p.prepared) return;
    const { resolution: r, clean } = p.prepared;
    out.target = r.target;
    if (r.source) out.source = r.source;
    out.warnings.push(...(r.warnings ?? []));
    if (!r.ok || !clean) {
      if (!r.ok) stop(out, p.ref, r.code, r.text ?? r.message);
      return;
    }
    out.warnings.push(...clean.warnings);
    const bytes = Buffer.byteLength(clean.text, 'utf8');
    if (bytes > limits.maxReferenceBytes) {
      stop(out, p.ref, 'too_large', ENGINE_TEXT.tooLarge(bytes, limits.maxReferenceBytes, p.takesRange));
      return;
    }
    // Only references that attach count toward the limit: a missing or refused one takes no share.
    if (attachedCount >= limits.maxReferences) {
      stop(out, p.ref, 'limit_exceeded', ENGINE_TEXT.tooManyReferences(limits.maxReferences));
      return;
    }
    // Once one reference would pass the total, it and every later one are refused (docs/contract.md "Limits").
    if (totalPassed || attachedBytes + bytes > limits.maxTotalBytes) {
      totalPassed = true;
      stop(out, p.ref, 'limit_exceeded', ENGINE_TEXT.totalExceeded(limits.maxTotalBytes));
      return;
    }
    attachedBytes += bytes;
    attachedCount += 1;
    // Counted once and kept with the prepared reference: later assemblies (each keystroke, each
    // change of the budget) reuse it instead of counting the text again.
    const tokens = (p.prepared.tokens ??= countTokens(clean.text));
    const counts = headerCounts[i] as Record<string, number>;
    const description = redactField(r.description, counts);
    const block = renderBlock({ raw: p.ref.raw, description, language: r.language, content: clean.text, tokens });
    Object.assign(out, { bytes, tokens, sha256: p.prepared.sha256 ?? sha256(clean.text), block, description });
    blocks.push({ out, block });
  });

  const promptTokens = countTokens(message);
  // A picture sent with the message costs its tiles: the limits count it as the meters do.
  const budget = computeBudget({ promptTokens, attached: blocks.map((b) => withImageTokens(b.out, imagesSent)), contextLength, limits });
  const { attachedTokens, softTokenLimit, hardTokenLimit } = budget;
  const promptWarnings: Warning[] = [];
  const blocked = budget.state === 'hard';
  if (blocked) {
    promptWarnings.push({ code: 'limit_exceeded', reference: null, ...said(ENGINE_TEXT.hardLimit(attachedTokens, hardTokenLimit, contextLength)) });
    // Nothing attaches, but each reference keeps its figures, so the person sees what to cut.
    for (const { out } of blocks) Object.assign(out, { status: 'limit_exceeded', sha256: null, block: null, description: null });
  } else if (budget.state === 'soft') {
    promptWarnings.push({ code: 'soft_limit', reference: null, ...said(ENGINE_TEXT.softLimit(attachedTokens, softTokenLimit, contextLength)) });
  }
  // Blocked, nothing attaches: then only the prompt itself can leave no room for the answer.
  const noRoom = blocked ? promptTokens > contextLength * (1 - ANSWER_ROOM_RATIO) : budget.noRoomForAnswer;
  if (noRoom) {
    promptWarnings.push({ code: 'soft_limit', reference: null, ...said(ENGINE_TEXT.noRoom(promptTokens, blocked ? 0 : attachedTokens, contextLength)) });
  }

  // Names that leave the engine are redacted first (their catalogue parameters too), then worded.
  outs.forEach((out, i) => redactReferenceMetadata(out, headerCounts[i]));
  for (const out of outs) out.warnings = out.warnings.map((w) => inLanguage(w, promptLanguage));
  const warnings = [...outs.flatMap((r) => r.warnings), ...promptWarnings.map((w) => inLanguage(w, promptLanguage))];
  const attached = blocked ? [] : blocks.map((b) => b.block);
  const expanded = blocked ? message : renderMessage(message, warnings, attached);
  return {
    message: expanded,
    originalMessage: message,
    blocked,
    tokens: blocked ? promptTokens : countExpanded(expanded, attached, countTokens),
    promptTokens,
    budget,
    attachedTokens: blocked ? 0 : attachedTokens,
    attachedBytes: blocked ? 0 : attachedBytes,
    softTokenLimit,
    hardTokenLimit,
    contextLength,
    references: outs,
    warnings,
  };
}

/**
 * How many well-formed references are resolved at most, as a multiple of the count limit. Failed
 * references take no share of the limit, so more than the limit are resolved to find the ones that
 * attach; past this many the rest are refused unread, so a pasted list of a thousand references
 * cannot make the engine read a thousand files.
 */
const RESOLVE_FACTOR = 4;

/**
 * Drops repeats (the same reference written twice is attached once), marks malformed references,
 * and refuses unread the well-formed ones past {@link RESOLVE_FACTOR} times the count limit. The
 * count limit itself is applied in the budget, to the references that attach.
 */
function admit(refs: readonly ParsedReference[], kinds: KindTable, maxReferences: number): Pending[] {
  const seen = new Set<string>();
  const out: Pending[] = [];
  let counted = 0;
  for (const ref of refs) {
    const key = referenceKey(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    // A reference too large whole is told to name a range when its kind takes one.
    const p: Pending = { ref, takesRange: kinds.get(ref.kind)?.value === 'path-with-range' };
    if (ref.malformed) p.refusal = { code: 'malformed', message: ref.malformed };
    else if (++counted > maxReferences * RESOLVE_FACTOR) p.refusal = { code: 'limit_exceeded', message: ENGINE_TEXT.tooManyReferences(maxReferences) };
    out.push(p);
  }
  return out;
}

function blank(ref: ParsedReference): ExpandedReference {
  return {
    raw: ref.raw,
    // A product kind, unless the engine was given kinds of its own (tests): those keep their name.
    kind: ref.kind as ReferenceKind,
    target: ref.value,
    lineStart: ref.lineStart ?? null,
    lineEnd: ref.lineEnd ?? null,
    status: 'attached',
    bytes: 0,
    tokens: 0,
    sha256: null,
    source: null,
    from: ref.from,
    to: ref.to,
    warnings: [],
    block: null,
    description: null,
  };
}

/** Marks a reference as not attached, with the warning that stopped it. */
function stop(out: ExpandedReference, ref: ParsedReference, code: WarningCode, message: string | Text): void {
  out.status = code;
  out.warnings.push({ code, reference: ref.raw, ...(typeof message === 'string' ? { message } : said(message)) });
}

/** A warning whose words are in `language` (a copy: cached resolutions keep theirs). */
function inLanguage(w: Warning, language: Language): Warning {
  return language === 'en' || !w.text ? w : { ...w, message: translate(w.text, language) };
}

/**
 * Resolves, sanitizes and counts one reference, or takes it from the cache when its resolver can
 * tell that what it points at has not changed. Failures are not cached: a missing file may appear.
 */
async function prepare(ref: ParsedReference, input: ExpandInput): Promise<PreparedReference> {
  const { context } = input;
  const resolver = input.resolvers.get(ref.kind);
  const kind = (input.kinds ?? PRODUCT_KINDS).get(ref.kind);
  if (!resolver || !kind) throw new Error(`no resolver registered for @${ref.kind}`);
  // Keyed by the spelling too: the warnings kept with a prepared reference name it as written, so
  // `@file:"a.txt"` after `@file:a.txt` must not be told about `@file:a.txt`.
  const key = `${referenceKey(ref)}\u0000${ref.raw}`;
  const identity = input.fresh || !resolver.identity ? null : await resolver.identity(ref, context).catch(() => null);
  const cached = identity === null ? undefined : context.caches.resolutions.get(key, identity);
  if (cached) return cached;
  input.onProgress?.({ raw: ref.raw, state: 'resolving' });
  const onProgress = input.onProgress;
  const withProgress = onProgress ? { ...context, progress: (units: UnitProgress) => onProgress({ raw: ref.raw, state: 'resolving', units }) } : context;
  // Every string of the resolution besides its text goes through the same rules as the text.
  const { resolution, counts: metadataCounts } = await redactResolution(await resolveWithDeadline(resolver, ref, deadlineFor(kind, context.limits), withProgress));
  let prepared: PreparedReference = { resolution, clean: null, tokens: 0, metadataCounts };
  if (resolution.ok) {
    // A fresh read that came back the same text is not redacted and counted again (cleaned-cache.ts).
    let cleaned = context.caches.cleaned.get(key, resolution.text, resolution.scanContext);
    if (!cleaned) {
      const clean = await sanitize(resolution.text, ref.raw, input.sanitizers, resolution.scanContext);
      // A text over the per-reference limit will not attach: its tokens are counted only if an assembly attaches it after all.
      const overLimit = Buffer.byteLength(clean.text, 'utf8') > context.limits.maxReferenceBytes;
      cleaned = { clean, tokens: overLimit ? null : (await input.countTokens)(clean.text), sha256: sha256(clean.text) };
      if (!context.signal.aborted) context.caches.cleaned.set(key, resolution.text, resolution.scanContext, cleaned);
    }
    prepared = { resolution, ...cleaned, metadataCounts };
    if (identity !== null && !context.signal.aborted) context.caches.resolutions.set(key, identity, prepared);
  }
  input.onProgress?.({ raw: ref.raw, state: 'done' });
  return prepared;
}

async function resolveWithDeadline(resolver: Resolver<string>, ref: ParsedReference, ms: number, context: ResolveContext): Promise<Resolution> {
  const failed = (message: Text): Resolution => ({ ok: false, code: 'failed', ...said(message), target: ref.value });
  return withDeadline(
    ms + DEADLINE_GRACE_MS,
    context.signal,
    (signal) => resolver.resolve(ref, { ...context, signal }).catch((err: unknown) => failed(ENGINE_TEXT.crashed(describe(err)))),
    () => failed(ENGINE_TEXT.timedOut(Math.round(ms / 1000))),
    () => failed(ENGINE_TEXT.cancelled),
  );
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
