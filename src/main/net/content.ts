/**
 * What a fetched body is (HTML, text, JSON or something binary) and how its bytes become text.
 * Invalid byte sequences become U+FFFD rather than failing: a page with one bad byte is still worth
 * reading. The charset comes from a byte-order mark, the Content-Type header, or (for HTML) a
 * `<meta charset>` near the top; UTF-8 otherwise.
 */
import { TextDecoder } from 'node:util';
import { isKnownBinaryType } from '../guards';

/** How a body is attached: reduced to Markdown (html), as text, or not at all (binary). */
export type ContentKind = 'html' | 'text' | 'binary';

/** A parsed `Content-Type`: media type in lower case and the charset parameter, if any. */
export interface MediaType {
  type: string;
  charset: string | null;
}

/** Parses a `Content-Type` header; a missing or empty one gives type ''. */
export function parseContentType(header: string | undefined): MediaType {
  const [type = '', ...params] = (header ?? '').split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
    if (m) charset = m[1]!.toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

// Text types that are not text/*: JSON, XML and a few formats people paste links to.
const TEXTUAL_APPLICATION = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/x-sh',
  'application/sql',
  'application/graphql',
]);

/**
 * The kind of a body. An unlabelled body is sniffed (HTML, text or binary); a body labelled as HTML
 * or text is sniffed for binary content too (issue 11, row 10), since a server's label is not proof:
 * a NUL byte outside UTF-16/32 text makes it binary, as for files; an unlabelled body is also binary
 * when it starts with the signature of a known binary format. `charset` is the header's charset
 * parameter, when any.
 */
export function contentKind(type: string, bytes: Uint8Array, charset: string | null = null): ContentKind {
  const declared = declaredKind(type);
  if (declared === 'binary') return 'binary';
  if (declared !== null) return looksBinary(bytes, charset) ? 'binary' : declared;
  return sniff(bytes);
}

function declaredKind(type: string): ContentKind | null {
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type.startsWith('text/') || TEXTUAL_APPLICATION.has(type) || /^application\/[\w.-]+\+(json|xml)$/.test(type)) return 'text';
  return type === '' ? null : 'binary';
}

/** True when a body labelled as text holds binary content (see {@link contentKind}). */
function looksBinary(bytes: Uint8Array, charset: string | null): boolean {
  // Only the NUL test: text may well start with `MZ` or `ID3`, which name binary formats as magic numbers.
  const wide = bomCharset(bytes)?.startsWith('utf-16') || /^utf-?(16|32)/.test(charset ?? '');
  return !wide && bytes.includes(0);
}

function sniff(bytes: Uint8Array): ContentKind {
  const head = bytes.subarray(0, 1024);
  if (head.includes(0) || isKnownBinaryType('', bytes.subarray(0, 16))) return 'binary';
  const start = new TextDecoder().decode(head).trimStart().slice(0, 64).toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'html';
  return 'text';
}

/** The fence info string for a media type: `json`, `markdown`, `xml`... or '' for plain text. */
export function fenceLanguage(type: string, kind: ContentKind): string {
  if (kind === 'html' || type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type.endsWith('json')) return 'json';
  if (type.endsWith('xml')) return 'xml';
  if (type.endsWith('javascript') || type.endsWith('ecmascript')) return 'js';
  if (type.endsWith('yaml')) return 'yaml';
  if (type === 'text/css' || type === 'text/csv' || type === 'application/toml' || type === 'application/sql') return type.split('/')[1]!;
  return '';
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function metaCharset(bytes: Uint8Array): string | null {
  // Latin-1 keeps every byte as one char, so an ASCII pattern can be searched whatever the encoding.
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return m ? m[1]!.toLowerCase() : null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null; // a label TextDecoder does not know: fall through to the next source
  }
}

/** Decodes a body to text: BOM, then the header's charset, then `<meta charset>` (HTML), else UTF-8. */
export function decodeText(bytes: Uint8Array, media: MediaType, kind: ContentKind): string {
  const decoder =
    decoderFor(bomCharset(bytes)) ??
    decoderFor(media.charset) ??
    (kind === 'html' ? decoderFor(metaCharset(bytes)) : null) ??
    new TextDecoder('utf-8');
  // The default (non-fatal) decoder turns invalid sequences into U+FFFD and drops the BOM.
  return decoder.decode(bytes);
}
