import { timingSafeEqual } from 'node:crypto';

/**
 * The browser host's door policy, as pure functions of a request's headers and URL so a table of
 * hostile inputs can test it. A request passes only when its Host names this loopback server (which
 * defeats DNS rebinding), its Origin, when present, is this server's own, and, for the page and
 * the API, it carries the random token printed in the URL.
 */

/** What the checks need to know about the server. */
export interface DoorPolicy {
  port: number;
  token: string;
}

/** The parts of a request the checks look at. */
export interface DoorRequest {
  host: string | undefined;
  origin: string | undefined;
  /** The request target, e.g. `/?token=...` or `/api?token=...`. */
  url: string | undefined;
  /** True for the WebSocket upgrade, which must carry an Origin. */
  upgrade: boolean;
  /**
   * How many Host (and Origin) header lines the request carried. Node keeps only the first of each,
   * so a second one would go unjudged; RFC 9112 answers two Host lines with 400. Default 1 and 0-1.
   */
  hostLines?: number;
  originLines?: number;
}

/** Counts the header lines named `name` in Node's `rawHeaders` (name, value, name, value, ...). */
export function headerLines(rawHeaders: readonly string[], name: string): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if ((rawHeaders[i] as string).toLowerCase() === name) n++;
  return n;
}

/** The verdict: pass, or a status code with the reason (logged, and sent as a short body). */
export type DoorVerdict = { ok: true } | { ok: false; status: 400 | 403; reason: string };

/** Host names a loopback browser uses for this server. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** True when `host` is exactly `127.0.0.1:PORT` or `localhost:PORT` (case-insensitive name). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** True when `origin` is this server's own origin over http. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/** True when the URL's `token` query parameter equals `token` (compared in constant time). */
export function hasToken(url: string | undefined, token: string): boolean {
  if (!url) return false;
  let given: string | null;
  try {
    given = new URL(url, 'http://x').searchParams.get('token');
  } catch {
    return false;
  }
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Paths that need the token: the page itself and the API. Built assets are public code. Judged on
 * the one normalised path the file server serves ({@link requestPath}), so the two never disagree;
 * `index.html` in any case (a case-folding disk serves `/INDEX.HTML` as the page).
 */
export function needsToken(url: string | undefined): boolean {
  const p = requestPath(url);
  return p === null || p === '/' || p.toLowerCase() === '/index.html' || p === '/api';
}

/** Judges one request (see the module comment). */
export function judgeRequest(req: DoorRequest, policy: DoorPolicy): DoorVerdict {
  if (requestPath(req.url) === null) return { ok: false, status: 400, reason: 'bad request target' };
  if ((req.hostLines ?? 1) > 1) return { ok: false, status: 400, reason: 'more than one Host header' };
  if ((req.originLines ?? 0) > 1) return { ok: false, status: 400, reason: 'more than one Origin header' };
  if (!isAllowedHost(req.host, policy.port)) return { ok: false, status: 403, reason: 'host not allowed' };
  if (req.upgrade || req.origin !== undefined) {
    if (!isAllowedOrigin(req.origin, policy.port)) return { ok: false, status: 403, reason: 'origin not allowed' };
  }
  if (needsToken(req.url) && !hasToken(req.url, policy.token)) return { ok: false, status: 403, reason: 'missing or wrong token' };
  return { ok: true };
}

/**
 * The one path of a request target that both the token guard and the file server judge (issue 11,
 * row 15), or null when the target is refused: not an origin-form path, a dot segment (`.`, `..`),
 * an empty segment (`//`, a trailing `/` after a name), an encoded separator or dot (`%2f`, `%5c`,
 * `%2e`), a backslash, a NUL, or a bad percent escape. Nothing is decoded into a separator, so no
 * spelling of a path reaches a file under another name.
 */
export function requestPath(url: string | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  const raw = url.split(/[?#]/, 1)[0] as string;
  if (raw === '/') return '/';
  if (/%(?:2e|2f|5c|00)|[\\\0]/i.test(raw)) return null;
  const parts: string[] = [];
  for (const segment of raw.slice(1).split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    parts.push(decoded);
  }
  return `/${parts.join('/')}`;
}
