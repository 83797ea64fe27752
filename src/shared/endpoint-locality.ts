/**
 * Where a model endpoint is, as far as its address alone tells: on this computer (loopback), on a
 * local network (a private IPv4 range, an IPv6 unique-local address, an mDNS `.local` or
 * `.home.arpa` name), or neither (null: a public address or a name whose answer is not known
 * here). Settings labels the first two "local", so a person can see which endpoints keep prompts
 * off the internet (issue 26). Pure and shared, without an address library: the window bundles it.
 */

/** Where an endpoint's address says it is. */
export type EndpointLocality = 'this-computer' | 'local-network';

/** The four numbers of a dotted-quad IPv4 address, or null. */
function ipv4(host: string): [number, number, number, number] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number) as [number, number, number, number];
  return parts.every((n) => n <= 255) ? parts : null;
}

/** The locality of `baseUrl`'s host, or null when the address does not say it is local. */
export function endpointLocality(baseUrl: string): EndpointLocality | null {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return 'this-computer';
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4;
    if (a === 127) return 'this-computer';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'local-network';
    return null;
  }
  if (host.startsWith('[')) return /^\[f[cd][0-9a-f]{0,2}:/.test(host) ? 'local-network' : null;
  return host.endsWith('.local') || host.endsWith('.home.arpa') ? 'local-network' : null;
}
