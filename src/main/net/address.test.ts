import { describe, it, expect } from 'vitest';
import { classifyAddress, embeddedIPv4, isIpLiteral } from './address';
import ipaddr from 'ipaddr.js';

// Addresses that must never be connected to, with the range the message should name.
const BLOCKED: Array<[string, string]> = [
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.0', 'shared (CGNAT)'],
  ['100.127.255.255', 'shared (CGNAT)'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['192.0.0.8', 'IETF protocol assignment'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:10.0.0.1', 'private'],
  ['::7f00:1', 'IPv4-compatible'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::8.8.8.8', 'IPv4-compatible'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['64:ff9b:1::1', 'NAT64 local-use'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:a9fe:a9fe::1', 'link-local'],
  ['2002:c0a8:101::1', 'private'],
  // Teredo: server 65.54.227.120, client 127.0.0.1 stored inverted (0x80ff:0xfffe).
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['2001:2::1', 'benchmarking'],
  ['100::1', 'not global unicast'],
  ['::ffff:0:7f00:1', 'not global unicast'],
  ['127.1', 'invalid'],
  ['2130706433', 'invalid'],
  ['0x7f000001', 'invalid'],
  ['example.com', 'invalid'],
];

// Public addresses, including the first and last addresses just outside blocked ranges.
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '172.15.255.255',
  '172.32.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '169.253.255.255',
  '198.17.255.255',
  '198.20.0.0',
  '11.0.0.0',
  '223.255.255.255',
  '2606:4700::1',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
];

describe('classifyAddress', () => {
  it.each(BLOCKED)('blocks %s as %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it.each(PUBLIC)('lets public %s through', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });
});

describe('embeddedIPv4', () => {
  it('decodes the IPv4 address of mapped, NAT64, 6to4 and Teredo forms', () => {
    const v6 = (s: string) => ipaddr.IPv6.parse(s);
    expect(embeddedIPv4(v6('::ffff:1.2.3.4'))?.toString()).toBe('1.2.3.4');
    expect(embeddedIPv4(v6('64:ff9b::1.2.3.4'))?.toString()).toBe('1.2.3.4');
    expect(embeddedIPv4(v6('2002:102:304::1'))?.toString()).toBe('1.2.3.4');
    expect(embeddedIPv4(v6('2001:0:4136:e378:8000:63bf:fefd:fcfb'))?.toString()).toBe('1.2.3.4');
    expect(embeddedIPv4(v6('2606:4700::1'))).toBeNull();
  });
});

describe('isIpLiteral', () => {
  it('accepts only canonical IPv4 and IPv6 text', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('127.1')).toBe(false);
    expect(isIpLiteral('example.com')).toBe(false);
  });
});
