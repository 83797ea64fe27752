/**
 * `@url:URL` (docs/contract.md "References"): the readable text of a public http(s) page, as Markdown. The request goes
 * through the network policy (`../net`): only public addresses, every redirect hop checked, body
 * capped at `limits.maxUrlBytes` after decompression, fetched within `limits.urlTimeoutMs`; what
 * was fetched is then turned into text under a document's budget of work (extraction/budget.ts).
 * HTML is reduced to its main content; plain text, Markdown and JSON are attached as they are;
 * anything else is `blocked` as binary. Secret redaction and invisible-character handling happen
 * in the engine, after this.
 */
import type { ParsedReference } from '../../shared/reference';
import type { ReferenceSource } from '../../shared/expansion';
import { refuse, type Resolution, type ResolveContext, type Resolver, timeBucket } from '../resolve';
import {
  guardedFetch,
  type GuardedResponse,
  type LookupFn,
  contentKind,
  decodeText,
  fenceLanguage,
  parseContentType,
  EMPTY_BODY_MESSAGE,
  NO_CONTENT_MESSAGE,
  binaryPageMessage,
  pageExtractionMessage,
  httpStatusProblem,
  pageDescription,
  pageTooLargeMessage,
  warningCodeFor,
} from '../net';
import { runExtraction, documentBudget, sniffDocument } from '../extraction';
import { resolveDocument } from './document';

/** Options of {@link createUrlResolver}. */
export interface UrlResolverOptions {
  /** Resolves host names; tests inject their own. Default: the OS resolver. */
  lookup?: LookupFn;
}

/** Builds a `@url` resolver; `options.lookup` replaces DNS (for tests). */
/** How long a fetched page may be reused while composing (Send always fetches again). */
export const URL_REUSE_MS = 5 * 60_000;

export function createUrlResolver(options: UrlResolverOptions = {}): Resolver {
  return {
    kind: 'url',
    resolve: (ref, ctx) => resolveUrl(ref, ctx, options),
    // A page cannot be identified without fetching it: while typing, reuse it for URL_REUSE_MS.
    identity: async (ref, ctx) => `${ref.value}|${timeBucket(ctx.now(), URL_REUSE_MS)}`,
  };
}

/** The `@url` resolver, with the OS resolver. */
export const urlResolver: Resolver = createUrlResolver();

async function resolveUrl(ref: ParsedReference, ctx: ResolveContext, options: UrlResolverOptions): Promise<Resolution> {
  if (ref.malformed) return refuse('malformed', ref.malformed, ref.value);
  const fetched = await guardedFetch(ref.value, {
    policy: { allowHosts: ctx.allowHosts, ...(options.lookup ? { lookup: options.lookup } : {}) },
    signal: ctx.signal,
    timeoutMs: ctx.limits.urlTimeoutMs,
    maxBytes: ctx.limits.maxUrlBytes,
  });
  if (!fetched.ok) return refuse(warningCodeFor(fetched.error.code), fetched.error.text, ref.value);
  return fromResponse(fetched.response, ref, ctx);
}

async function fromResponse(res: GuardedResponse, ref: ParsedReference, ctx: ResolveContext): Promise<Resolution> {
  const media = parseContentType(res.headers['content-type']);
  const source: ReferenceSource = {
    finalUrl: res.finalUrl.href,
    httpStatus: res.status,
    contentType: res.headers['content-type'] ?? '',
    readAt: ctx.now().toISOString(),
  };
  if (res.status < 200 || res.status > 299) {
    const problem = httpStatusProblem(res.status, res.statusText);
    return refuse(problem.code, problem.message, ref.value, source);
  }
  // Documents are recognised by their bytes, whatever the server calls them.
  if (sniffDocument(res.body).kind !== 'unknown') {
    return resolveDocument({
      ref,
      ctx,
      bytes: res.body,
      namedFormat: null,
      target: ref.value,
      shown: source.finalUrl!,
      subject: `document ${source.finalUrl!}`,
      source,
      withRange: null,
    });
  }
  const kind = contentKind(media.type, res.body, media.charset);
  if (kind === 'binary') return refuse('blocked', binaryPageMessage(media.type), ref.value, source);
  const decoded = decodeText(res.body, media, kind);
  if (kind === 'text') {
    if (decoded.trim() === '') return refuse('not_found', EMPTY_BODY_MESSAGE, ref.value, source);
    return attached(ref, decoded, pageDescription('', source.finalUrl!, kind, media.type), fenceLanguage(media.type, kind), source);
  }
  // The page's HTML is turned into Markdown under the same kind of budget as a document: work, not
  // the clock, so a busy machine does not fail a page the fetch already brought.
  const extracted = await runExtraction(
    { kind: 'page', html: decoded, url: res.finalUrl.href, maxTextBytes: ctx.limits.maxReferenceBytes },
    { budget: documentBudget(Buffer.byteLength(decoded), ctx.limits.documentTimeoutMs, ctx.retry?.has(ref.raw) ?? false), signal: ctx.signal },
  );
  if (!extracted.ok || extracted.output.kind !== 'page') {
    const problem = !extracted.ok && (extracted.problem === 'deadline' || extracted.problem === 'memory') ? extracted.problem : 'failed';
    const spentMs = (!extracted.ok && extracted.limit?.ms) || ctx.limits.documentTimeoutMs;
    return refuse('failed', pageExtractionMessage(problem, spentMs), ref.value, source);
  }
  const page = extracted.output;
  if (page.title) source.title = page.title;
  if (page.tooLarge) return refuse('too_large', pageTooLargeMessage(page.textBytes, ctx.limits.maxReferenceBytes), ref.value, source);
  if (page.markdown === '') return refuse('not_found', NO_CONTENT_MESSAGE, ref.value, source);
  return attached(ref, page.markdown, pageDescription(page.title, source.finalUrl!, kind, media.type), 'markdown', source);
}

function attached(ref: ParsedReference, text: string, description: string, language: string, source: ReferenceSource): Resolution {
  return { ok: true, text, description, target: ref.value, language, source };
}
