/**
 * The network policy: one check for every request Atmark makes on a person's behalf. A URL is
 * parsed once (WHATWG), and that parsed form is what gets checked and what gets fetched. A literal
 * IP is judged here, before anything is sent; a host name is judged again inside the connection's
 * own lookup (see `lookup.ts`), on every address it resolves to.
 */
import { classifyAddress, isIpLiteral } from './address';
import { netError, type NetResult } from './errors';
import { normaliseHostName, parseAllowEntry } from '../../shared/allow-host';

export { parseAllowEntry };

/** One resolved address, as `dns.lookup(..., {all: true})` gives it. */
export interface LookupAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses. Injected by tests; defaults to the OS resolver. */
export type LookupFn = (hostname: string) => Promise<readonly LookupAddress[]>;

/** What the policy allows beyond public addresses, and how host names are resolved. */
export interface NetworkPolicy {
  /**
   * `HOST` or `HOST:PORT` entries (the `--allow-host` option / "Allowed hosts" setting). Exactly
   * that host, on that port when one is given, is let through although it is not public. Default: none.
   */
  allowHosts: readonly string[];
  /** Resolver for host names. Default: the OS resolver (`dns.lookup` with `all: true`). */
  lookup?: LookupFn;
}

/** A URL that passed the check, and whether it passed because an allow entry names it. */
export interface CheckedUrl {
  url: URL;
  /** True when an allow entry matched: its addresses are not judged. */
  allowed: boolean;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** True when an allow entry names this URL's host (and its port, when the entry has one). */
export function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = normaliseHostName(url.hostname);
  const port = effectivePort(url);
  return allowHosts.some((raw) => {
    const entry = parseAllowEntry(raw);
    return entry !== null && entry.host === host && (entry.port === null || entry.port === port);
  });
}

/** Names that always mean this machine, whatever DNS says (RFC 6761). */
export function isLocalName(hostname: string): boolean {
  const name = normaliseHostName(hostname).toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '';
}

/**
 * Checks a URL against the policy without sending anything: scheme (http/https only), no user
 * name or password, and, for a literal IP or a local name, the address itself. Host names that
 * need DNS pass here and are judged again on every resolved address inside the connection.
 * A string is parsed here (once); a URL object is copied so later changes to it cannot matter.
 */
export function checkUrl(input: string | URL, policy: NetworkPolicy): NetResult<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input.trim() : input.href);
  } catch {
    return { ok: false, error: netError('invalid_url', String(input)) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: netError('unsupported_scheme', url.href, url.protocol) };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: netError('userinfo', url.href) };
  }
  if (isAllowed(url, policy.allowHosts)) return { ok: true, url, allowed: true };
  if (isIpLiteral(url.hostname)) {
    const range = classifyAddress(url.hostname);
    if (range) return { ok: false, error: netError('private_address', url.href, `${url.hostname} is ${range}`, url.hostname) };
  } else if (isLocalName(url.hostname)) {
    return { ok: false, error: netError('private_address', url.href, `${url.hostname} is this computer`) };
  }
  return { ok: true, url, allowed: false };
}
