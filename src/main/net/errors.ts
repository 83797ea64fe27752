/**
 * Expected failures of the network layer: values with stable codes (STYLE convention 2), each with
 * a sentence for the person that says what happened and how to fix it, and the sentences the
 * `@url` resolver shows about a page it did fetch. They live here, in one place, so other
 * languages can follow.
 */
import type { WarningCode } from '../../shared/warnings';

/** Stable codes of every way a guarded request can fail. */
export type NetErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'userinfo'
  | 'private_address'
  | 'dns_failed'
  | 'connection_failed'
  | 'too_many_redirects'
  | 'bad_redirect'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  | 'unsupported_encoding'
  | 'bad_response';

/** One failure: its code, the sentence for the person, and the URL it is about. */
export interface NetError {
  code: NetErrorCode;
  message: string;
  /** The URL (or hop) that failed, as parsed, or the input as given when it did not parse. */
  url: string;
  /** The address that was refused, for `private_address` when an address was involved. */
  address?: string;
}

/** A value or a failure; never thrown. */
export type NetResult<T> = ({ ok: true } & T) | { ok: false; error: NetError };

/** The `--allow-host` entry that would let `url` through: `host:port`. */
export function allowEntryFor(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

/** Builds a NetError with its person-facing sentence. `detail` adds a specific (e.g. the range). */
export function netError(code: NetErrorCode, url: string, detail?: string, address?: string): NetError {
  const message = sentence(code, url, detail);
  return address === undefined ? { code, message, url } : { code, message, url, address };
}

function sentence(code: NetErrorCode, url: string, detail = ''): string {
  switch (code) {
    case 'invalid_url':
      return 'not a valid URL: write a full address such as https://example.com/page';
    case 'unsupported_scheme':
      return `unsupported URL scheme${detail ? ` (${detail})` : ''}: only http:// and https:// pages can be attached`;
    case 'userinfo':
      return 'URLs with a user name or password are not fetched: remove the part before "@" in the address';
    case 'private_address':
      return `private network address${detail ? ` (${detail})` : ''}: Atmark fetches only public pages. ${allowHint(url)}`;
    case 'dns_failed':
      return `host not found${detail ? ` (${detail})` : ''}: check the address and your connection`;
    case 'connection_failed':
      return `could not connect${detail ? ` (${detail})` : ''}: check the address and your connection`;
    case 'too_many_redirects':
      return `too many redirects (more than ${detail || 5}): open the link in a browser and attach the final address`;
    case 'bad_redirect':
      return 'the server redirected to an address that is not valid';
    case 'timeout':
      return `the page took too long${detail ? ` (more than ${detail})` : ''}: try again, or raise the URL time limit in Settings`;
    case 'aborted':
      return 'the request was cancelled';
    case 'too_large':
      return `the page is too large${detail ? ` (more than ${detail})` : ''}: attach a smaller page or raise the URL size limit in Settings`;
    case 'unsupported_encoding':
      return `the server sent the page in an unsupported compression${detail ? ` (${detail})` : ''}`;
    case 'bad_response':
      return `the server sent a broken response${detail ? ` (${detail})` : ''}`;
  }
}

function allowHint(url: string): string {
  let entry = 'HOST:PORT';
  try {
    entry = allowEntryFor(new URL(url));
  } catch {
    // keep the placeholder
  }
  return `If you trust this server, allow it with --allow-host ${entry} (or the "Allowed hosts" setting).`;
}

/** Human size: `5 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** Human duration: `15 s`, `1.5 s`, `200 ms`. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}

// --- Pages that were fetched but cannot be attached -------------------------------------------

/** The warning code a network failure becomes. */
export function warningCodeFor(code: NetErrorCode): WarningCode {
  switch (code) {
    case 'invalid_url':
      return 'malformed';
    case 'unsupported_scheme':
    case 'userinfo':
    case 'private_address':
      return 'blocked';
    case 'too_large':
      return 'too_large';
    default:
      return 'failed';
  }
}

/** An HTTP status that is not success: the warning code and the sentence. */
export function httpStatusProblem(status: number, statusText: string): { code: WarningCode; message: string } {
  const http = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 404 || status === 410) return { code: 'not_found', message: `page not found (${http}): check the address` };
  if (status === 401 || status === 403) {
    return {
      code: 'failed',
      message: `the server refused access (${http}): Atmark fetches pages without signing in; attach a public page, or save the page and attach the file`,
    };
  }
  if (status === 429) return { code: 'failed', message: `the server is limiting requests (${http}): try again later` };
  if (status >= 500) return { code: 'failed', message: `the server failed (${http}): try again later` };
  return { code: 'failed', message: `the server did not send the page (${http})` };
}

/** A body that is not text. */
export function binaryPageMessage(type: string): string {
  return `binary content is not supported${type ? ` (${type})` : ''}: only web pages, plain text, Markdown and JSON can be attached`;
}

/** An HTML page in which no readable article was found. */
export const NO_CONTENT_MESSAGE =
  'no content extracted: the page has no readable main text (it may need JavaScript); save the text to a file and attach that instead';

/** A page whose main text alone is past the per-reference limit. */
export function pageTooLargeMessage(textBytes: number, limit: number): string {
  return `the page's main text is too large (about ${Math.ceil(textBytes / 1024)} KiB, more than ${formatBytes(limit)}): attach a shorter page, or raise the per-reference limit in Settings`;
}

/** A text body that is empty. */
export const EMPTY_BODY_MESSAGE = 'no content extracted: the server sent an empty page';

/** The block header's description of an attached page. */
export function pageDescription(title: string, finalUrl: string, kind: 'html' | 'text', type: string): string {
  if (kind === 'html') return title ? `web page "${title}" (${finalUrl})` : `web page ${finalUrl}`;
  return `${type || 'text'} from ${finalUrl}`;
}

/** A page whose HTML could not be reduced to text within its deadline (or its memory). */
export function pageExtractionMessage(problem: 'deadline' | 'memory' | 'failed', ms: number): string {
  if (problem === 'deadline') return `the page's HTML could not be turned into text within ${formatMs(ms)} (it is too large or too deeply nested): save the text you need to a file and attach that`;
  if (problem === 'memory') return `the page's HTML needs more memory than extraction may use (it is too large or too deeply nested): save the text you need to a file and attach that`;
  return 'no content extracted: the page could not be turned into text; save the text you need to a file and attach that';
}

/** Where a document fetched by `@url` is named in sentences. */
export function documentAtUrl(url: string): string {
  return `the document at ${url}`;
}
