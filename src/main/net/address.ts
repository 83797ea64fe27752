/**
 * Which IP addresses Atmark may connect to on a person's behalf. An address is public when it is
 * ordinary global unicast; everything else (loopback, private, link-local, CGNAT, documentation,
 * multicast, reserved...) is blocked, and so is any IPv6 form that carries a blocked IPv4 address
 * inside it (mapped, NAT64, 6to4, Teredo). Pure functions over ipaddr.js; no I/O.
 */
import ipaddr from 'ipaddr.js';

/** Why an address is not public, in words a person can read ("loopback", "private"...). */
export type AddressRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared (CGNAT)'
  | 'benchmarking'
  | 'documentation'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'IETF protocol assignment'
  | 'unique-local'
  | 'site-local'
  | 'IPv4-compatible'
  | 'NAT64 local-use'
  | 'not global unicast'
  | 'invalid';

type Table<T extends ipaddr.IPv4 | ipaddr.IPv6> = ReadonlyArray<readonly [AddressRange, T, number]>;

function v4(cidr: string, range: AddressRange): readonly [AddressRange, ipaddr.IPv4, number] {
  const [addr, bits] = ipaddr.IPv4.parseCIDR(cidr);
  return [range, addr, bits];
}

function v6(cidr: string, range: AddressRange): readonly [AddressRange, ipaddr.IPv6, number] {
  const [addr, bits] = ipaddr.IPv6.parseCIDR(cidr);
  return [range, addr, bits];
}

// Every non-public IPv4 range (IANA special-purpose registry). Order matters only for the name
// reported: the narrower, more telling name comes first.
const BLOCKED_V4: Table<ipaddr.IPv4> = [
  v4('255.255.255.255/32', 'broadcast'),
  v4('0.0.0.0/8', 'unspecified'),
  v4('127.0.0.0/8', 'loopback'),
  v4('10.0.0.0/8', 'private'),
  v4('172.16.0.0/12', 'private'),
  v4('192.168.0.0/16', 'private'),
  v4('169.254.0.0/16', 'link-local'),
  v4('100.64.0.0/10', 'shared (CGNAT)'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('192.0.2.0/24', 'documentation'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('192.0.0.0/24', 'IETF protocol assignment'),
  v4('192.88.99.0/24', 'reserved'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

// IPv6 is judged the other way round: only global unicast (2000::/3) can be public, so anything
// new or odd outside it is blocked by default. Inside it, these ranges are still not public.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const BLOCKED_V6_GLOBAL: Table<ipaddr.IPv6> = [
  v6('2001:db8::/32', 'documentation'),
  v6('3fff::/20', 'documentation'),
  v6('2001:2::/48', 'benchmarking'),
  v6('2001:10::/28', 'IETF protocol assignment'),
  v6('2001:20::/28', 'IETF protocol assignment'),
];
// Outside 2000::/3: named only so the message can say what it is.
const NAMED_V6: Table<ipaddr.IPv6> = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('fc00::/7', 'unique-local'),
  v6('ff00::/8', 'multicast'),
  v6('64:ff9b:1::/48', 'NAT64 local-use'),
  v6('::/96', 'IPv4-compatible'),
];

const MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');

function lookupTable<T extends ipaddr.IPv4 | ipaddr.IPv6>(addr: T, table: Table<T>): AddressRange | null {
  for (const [range, net, bits] of table) {
    if ((addr as ipaddr.IPv4).match(net as ipaddr.IPv4, bits)) return range;
  }
  return null;
}

function v4FromWords(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries, when it is one of the forms that reach an IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), NAT64 well-known prefix (64:ff9b::a.b.c.d), 6to4
 * (2002:AABB:CCDD::) and Teredo (client address stored inverted in the last 32 bits).
 */
export function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = addr.parts;
  if (addr.match(MAPPED) || addr.match(NAT64)) return v4FromWords(p[6]!, p[7]!);
  if (addr.match(SIX_TO_FOUR)) return v4FromWords(p[1]!, p[2]!);
  if (addr.match(TEREDO)) return v4FromWords(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
  return null;
}

function classifyV4(addr: ipaddr.IPv4): AddressRange | null {
  return lookupTable(addr, BLOCKED_V4);
}

function classifyV6(addr: ipaddr.IPv6): AddressRange | null {
  const inner = embeddedIPv4(addr);
  if (inner) {
    // Teredo also names its server in bits 32-63; both ends must be public.
    if (addr.match(TEREDO)) {
      const server = classifyV4(v4FromWords(addr.parts[2]!, addr.parts[3]!));
      if (server) return server;
    }
    return classifyV4(inner);
  }
  if (!addr.match(GLOBAL_UNICAST)) return lookupTable(addr, NAMED_V6) ?? 'not global unicast';
  return lookupTable(addr, BLOCKED_V6_GLOBAL);
}

/**
 * Classifies one IP address in canonical text form (`1.2.3.4`, `::1`, with or without brackets,
 * with or without a zone). Returns null when the address is public, else the range that blocks it.
 * Anything that is not a plain dotted-quad or valid IPv6 is `invalid` (the OS would read `127.1`
 * or `0x7f000001` as loopback, so such strings are never trusted here).
 */
export function classifyAddress(text: string): AddressRange | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes('%')) return 'link-local'; // a zone id only makes sense on a local link
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return classifyV4(ipaddr.IPv4.parse(bare));
  if (ipaddr.IPv6.isValid(bare)) return classifyV6(ipaddr.IPv6.parse(hexTail(bare)));
  return 'invalid';
}

/**
 * Rewrites a dotted-quad tail as two hex groups (`::8.8.8.8` -> `::808:808`): ipaddr.js reads
 * `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`), which is a different address.
 */
function hexTail(text: string): string {
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return text;
  const [a, b, c, d] = m.slice(2).map(Number) as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** True when `text` is a literal IP address (IPv4 dotted quad or IPv6, brackets allowed). */
export function isIpLiteral(text: string): boolean {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
}
