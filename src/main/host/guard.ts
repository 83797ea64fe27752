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

/** Paths that need the token: the page itself and the API. Built assets are public code. */
export function needsToken(url: string | undefined): boolean {
  const pathname = safePathname(url);
  return pathname === null || pathname === '/' || pathname === '/index.html' || pathname === '/api';
}

/** Judges one request (see the module comment). */
export function judgeRequest(req: DoorRequest, policy: DoorPolicy): DoorVerdict {
  if (safePathname(req.url) === null) return { ok: false, status: 400, reason: 'bad request target' };
  if (!isAllowedHost(req.host, policy.port)) return { ok: false, status: 403, reason: 'host not allowed' };
  if (req.upgrade || req.origin !== undefined) {
    if (!isAllowedOrigin(req.origin, policy.port)) return { ok: false, status: 403, reason: 'origin not allowed' };
  }
  if (needsToken(req.url) && !hasToken(req.url, policy.token)) return { ok: false, status: 403, reason: 'missing or wrong token' };
  return { ok: true };
}

/** The decoded pathname of a request target, or null when it is not an origin-form path. */
export function safePathname(url: string | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  try {
    return decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return null;
  }
}
