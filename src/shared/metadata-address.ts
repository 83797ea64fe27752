/**
 * Addresses that answer for the machine itself: the link-local ranges (169.254.0.0/16, fe80::/10,
 * where cloud instance metadata services hand out a machine's credentials) and the metadata
 * services outside them (AWS's IPv6 one sits in the unique-local range, which local model servers
 * may use, and Alibaba's in the shared CGNAT range, so they are named one by one). Atmark never
 * connects to one: not as a model endpoint, and not for `@url`, allowed host or not.
 */
import ipaddr from 'ipaddr.js';

const METADATA_ADDRESSES: ReadonlySet<string> = new Set(['fd00:ec2::254', '100.100.100.200']);

/** True for a literal address (brackets and a zone allowed) that is link-local or a metadata service. */
export function isMetadataAddress(text: string): boolean {
  const bracketless = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bracketless.includes('%')) return true; // a zone id only makes sense on a local link
  if (!ipaddr.IPv4.isValidFourPartDecimal(bracketless) && !ipaddr.IPv6.isValid(bracketless)) return false;
  const address = ipaddr.process(bracketless); // IPv4-mapped IPv6 read as the IPv4 address it holds
  return METADATA_ADDRESSES.has(address.toString()) || address.range() === 'linkLocal';
}
