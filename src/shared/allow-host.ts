/**
 * The one syntax of an allowed host, read alike by the command line's `--allow-host`, the global
 * "Allowed hosts" setting and each workspace's own list (issue 14): `HOST` or `HOST:PORT`, an IPv6
 * address in brackets (`intranet.local`, `127.0.0.1:8080`, `[::1]:11434`). A URL, a path or a user
 * name is not a host, and is refused where it is typed rather than never matching.
 */

/** A parsed allow entry: the host normalised as a URL's host is, and the port if one was given. */
export interface AllowEntry {
  host: string;
  port: string | null;
}

const ENTRY = /^(\[[^\]]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/;
/**
 * A host name once a URL has normalised it (lower case, international names in punycode): labels of
 * letters, digits, `-` and `_` (container and intranet names use it). The URL parser alone lets
 * through `*` and `!`, so `*.example.com` would be kept and never match anything.
 */
const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** `localhost.` and `localhost` are the same DNS name: compared without the final dot. */
export function normaliseHostName(hostname: string): string {
  return hostname.replace(/\.+$/, '');
}

/**
 * Parses one allow entry. The host is normalised the way a URL's host is (so `2130706433` means
 * `127.0.0.1`). Null when the entry is not a host.
 */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const m = ENTRY.exec(entry.trim());
  if (!m) return null;
  const port = m[2] ?? null;
  if (port !== null && (Number(port) < 1 || Number(port) > 65535)) return null;
  try {
    const host = normaliseHostName(new URL(`http://${m[1]}/`).hostname);
    if (!host.startsWith('[') && !HOST_NAME.test(host)) return null;
    return { host, port: port === null ? null : String(Number(port)) };
  } catch {
    return null;
  }
}

/** The entries of a typed list: one per line, or separated by spaces or commas; empty ones dropped. */
export function splitAllowList(text: string): string[] {
  return text.split(/[\s,]+/).map((h) => h.trim()).filter((h) => h !== '');
}

/** The first entry of `entries` that is not a host, or null when all are. */
export function firstBadAllowEntry(entries: readonly string[]): string | null {
  return entries.find((e) => parseAllowEntry(e) === null) ?? null;
}
