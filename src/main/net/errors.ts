/**
 * Expected failures of the network layer: values with stable codes (STYLE convention 2), each with
 * a sentence for the person that says what happened and how to fix it, and the sentences the
 * `@url` resolver shows about a page it did fetch. They live here, in one place, so other
 * languages can follow.
 */
import { text, type Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { WarningCode } from '../../shared/warnings';

/** Stable codes of every way a guarded request can fail. */
export type NetErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'userinfo'
  | 'private_address'
  | 'metadata_address'
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
  /** The sentence in English. */
  message: string;
  /** The same sentence as a catalogue text. */
  text: Text;
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
  const words = said(sentence(code, url, detail));
  return address === undefined ? { code, ...words, url } : { code, ...words, url, address };
}

function sentence(code: NetErrorCode, url: string, detail = ''): Text {
  const d = detail ? ` (${detail})` : '';
  switch (code) {
    case 'invalid_url':
      return text('net.invalidUrl');
    case 'unsupported_scheme':
      return text('net.unsupportedScheme', { d });
    case 'userinfo':
      return text('net.userinfo');
    case 'private_address':
      return text('net.privateAddress', { d, hint: allowHint(url) });
    case 'metadata_address':
      return text('net.metadataAddress', { d });
    case 'dns_failed':
      return text('net.dnsFailed', { d });
    case 'connection_failed':
      return text('net.connectionFailed', { d });
    case 'too_many_redirects':
      return text('net.tooManyRedirects', { max: detail || '5' });
    case 'bad_redirect':
      return text('net.badRedirect');
    case 'timeout':
      return text('net.timeout', { d: detail ? text('net.timeoutDetail', { limit: detail }) : '' });
    case 'aborted':
      return text('net.aborted');
    case 'too_large':
      return text('net.tooLarge', { d: detail ? text('net.tooLargeDetail', { limit: detail }) : '' });
    case 'unsupported_encoding':
      return text('net.unsupportedEncoding', { d });
    case 'bad_response':
      return text('net.badResponse', { d });
  }
}

function allowHint(url: string): Text {
  let entry = 'HOST:PORT';
  try {
    entry = allowEntryFor(new URL(url));
  } catch {
    // keep the placeholder
  }
  return text('net.allowHint', { entry });
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
    case 'metadata_address':
      return 'blocked';
    case 'too_large':
      return 'too_large';
    default:
      return 'failed';
  }
}

/** An HTTP status that is not success: the warning code and the sentence. */
export function httpStatusProblem(status: number, statusText: string): { code: WarningCode; message: Text } {
  const http = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 404 || status === 410) return { code: 'not_found', message: text('net.pageNotFound', { http }) };
  if (status === 401 || status === 403) return { code: 'failed', message: text('net.accessRefused', { http }) };
  if (status === 429) return { code: 'failed', message: text('net.rateLimited', { http }) };
  if (status >= 500) return { code: 'failed', message: text('net.serverFailed', { http }) };
  return { code: 'failed', message: text('net.notSent', { http }) };
}

/** A body that is not text. */
export function binaryPageMessage(type: string): Text {
  return text('net.binary', { d: type ? ` (${type})` : '' });
}

/** An HTML page in which no readable article was found. */
export const NO_CONTENT_MESSAGE: Text = text('net.noContent');

/** A page whose main text alone is past the per-reference limit. */
export function pageTooLargeMessage(textBytes: number, limit: number): Text {
  return text('net.pageTooLarge', { kib: Math.ceil(textBytes / 1024), limit: formatBytes(limit) });
}

/** A text body that is empty. */
export const EMPTY_BODY_MESSAGE: Text = text('net.emptyBody');

/** The block header's description of an attached page (for the model: English). */
export function pageDescription(title: string, finalUrl: string, kind: 'html' | 'text', type: string): string {
  if (kind === 'html') return title ? `web page "${title}" (${finalUrl})` : `web page ${finalUrl}`;
  return `${type || 'text'} from ${finalUrl}`;
}

/** A page whose HTML could not be reduced to text within its deadline (or its memory). */
export function pageExtractionMessage(problem: 'deadline' | 'memory' | 'failed', ms: number): Text {
  if (problem === 'deadline') return text('net.pageDeadline', { ms });
  if (problem === 'memory') return text('net.pageMemory');
  return text('net.pageFailed');
}
