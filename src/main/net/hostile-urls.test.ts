import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { guardedFetch } from './fetch';
import { checkUrl, type LookupAddress, type LookupFn } from './policy';
import { startTestServer, send, type TestServer } from '../../../test-support/net-server';
import type { NetErrorCode } from './errors';

// A listening server (on `::`, so every local spelling would reach it) that must see no connection
// from any row of the table below.
let server: TestServer;
// Another server whose allow entry is present, to show an entry for one port loosens nothing else.
let other: TestServer;
const lookups: string[] = [];

// The test's DNS: names that resolve to private addresses, one that mixes public and private.
const DNS: Record<string, string[]> = {
  'internal.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
  'mixed-order.test': ['127.0.0.1', '2606:4700::1'],
  'v6loop.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'corp.test': ['10.0.0.5'],
  'cgnat.test': ['100.64.1.1'],
  'ula.test': ['fd00::1'],
  'linklocal.test': ['fe80::1%lo'],
  'shortform.test': ['127.1'],
  'zero.test': ['0.0.0.0'],
  'nat64.test': ['64:ff9b::a9fe:a9fe'],
};
const lookup: LookupFn = async (hostname) => {
  lookups.push(hostname);
  const answers = DNS[hostname.replace(/\.$/, '')];
  if (!answers) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

type Row = [label: string, url: (port: number) => string, code: NetErrorCode];
const P: Row[] = [];
const row = (label: string, url: (port: number) => string, code: NetErrorCode = 'private_address') => P.push([label, url, code]);

// Loopback, spelled every way WHATWG URL accepts.
row('dotted', (p) => `http://127.0.0.1:${p}/`);
row('decimal', (p) => `http://2130706433:${p}/`);
row('hex', (p) => `http://0x7f000001:${p}/`);
row('hex first octet', (p) => `http://0x7f.0.0.1:${p}/`);
row('hex every octet', (p) => `http://0x7f.0x0.0x0.0x1:${p}/`);
row('octal', (p) => `http://0177.0.0.1:${p}/`);
row('octal padded', (p) => `http://0177.0000.0000.0001:${p}/`);
row('leading zeros', (p) => `http://127.000.000.001:${p}/`);
row('short 127.1', (p) => `http://127.1:${p}/`);
row('short 127.0.1', (p) => `http://127.0.1:${p}/`);
row('fullwidth digits', (p) => `http://１２７.０.０.１:${p}/`);
row('ideographic full stop', (p) => `http://127。0。0。1:${p}/`);
row('circled digits', (p) => `http://①②⑦.0.0.1:${p}/`);
row('percent-encoded host', (p) => `http://%31%32%37.0.0.1:${p}/`);
row('trailing dot', (p) => `http://127.0.0.1.:${p}/`);
row('other loopback', (p) => `http://127.45.6.7:${p}/`);
row('zero', (p) => `http://0:${p}/`);
row('0.0.0.0', (p) => `http://0.0.0.0:${p}/`);
row('https loopback', (p) => `https://127.0.0.1:${p}/`);
row('upper-case scheme', (p) => `HTTP://127.0.0.1:${p}/`);
row('surrounding spaces', (p) => `  http://127.0.0.1:${p}/  `);
row('one slash', (p) => `http:/127.0.0.1:${p}/`);
row('backslashes', (p) => `http:\\\\127.0.0.1:${p}\\`);
// IPv6 forms.
row('[::1]', (p) => `http://[::1]:${p}/`);
row('[::]', (p) => `http://[::]:${p}/`);
row('mapped dotted', (p) => `http://[::ffff:127.0.0.1]:${p}/`);
row('mapped hex', (p) => `http://[::ffff:7f00:1]:${p}/`);
row('mapped long', (p) => `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`);
row('IPv4-compatible', (p) => `http://[::127.0.0.1]:${p}/`);
row('NAT64', (p) => `http://[64:ff9b::7f00:1]:${p}/`);
row('NAT64 local-use', (p) => `http://[64:ff9b:1::7f00:1]:${p}/`);
row('6to4', (p) => `http://[2002:7f00:1::]:${p}/`);
row('Teredo', (p) => `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${p}/`);
row('link-local v6', (p) => `http://[fe80::1]:${p}/`);
row('unique-local', (p) => `http://[fc00::1]:${p}/`);
row('site-local', (p) => `http://[fec0::1]:${p}/`);
row('multicast v6', (p) => `http://[ff02::1]:${p}/`);
// Cloud metadata and private ranges.
row('metadata', () => 'http://169.254.169.254/latest/meta-data/');
row('metadata decimal', () => 'http://2852039166/');
row('metadata hex', () => 'http://0xa9fea9fe/');
row('metadata octal', () => 'http://0251.0376.0251.0376/');
row('metadata mapped', () => 'http://[::ffff:a9fe:a9fe]/');
row('metadata AWS v6', () => 'http://[fd00:ec2::254]/');
row('metadata Alibaba (CGNAT)', () => 'http://100.100.100.200/');
row('private 10/8 short', () => 'http://10.1/');
row('private 192.168 hex', () => 'http://0xc0a80001/');
row('private 172.16', () => 'http://172.16.0.1/');
row('CGNAT', () => 'http://100.64.0.1/');
row('benchmarking', () => 'http://198.18.0.1/');
row('documentation', () => 'http://192.0.2.1/');
row('multicast', () => 'http://224.0.0.1/');
row('reserved', () => 'http://240.0.0.1/');
row('broadcast', () => 'http://255.255.255.255/');
// Names that mean this machine.
row('localhost', (p) => `http://localhost:${p}/`);
row('LOCALHOST', (p) => `http://LOCALHOST:${p}/`);
row('sub.localhost', (p) => `http://foo.localhost:${p}/`);
row('localhost.', (p) => `http://localhost.:${p}/`);
row('deep sub.localhost.', (p) => `http://a.b.localhost.:${p}/`);
// Userinfo and backslash tricks.
row('userinfo', (p) => `http://evil@127.0.0.1:${p}/`, 'userinfo');
row('userinfo looks public', (p) => `http://public.com@127.0.0.1:${p}/`, 'userinfo');
row('user and password', () => 'http://user:pass@example.com/', 'userinfo');
row('backslash before @', (p) => `http://127.0.0.1:${p}\\@example.com/`);
row('backslash and dot', (p) => `http://127.0.0.1:${p}\\.example.com/`);
// Schemes other than http(s).
row('data:', () => 'data:text/html,<h1>hi</h1>', 'unsupported_scheme');
row('file:', () => 'file:///etc/passwd', 'unsupported_scheme');
row('ftp:', () => 'ftp://127.0.0.1/', 'unsupported_scheme');
row('javascript:', () => 'javascript:alert(1)', 'unsupported_scheme');
row('gopher:', (p) => `gopher://127.0.0.1:${p}/_GET`, 'unsupported_scheme');
row('ws:', (p) => `ws://127.0.0.1:${p}/`, 'unsupported_scheme');
row('wss:', () => 'wss://example.com/', 'unsupported_scheme');
row('blob:', () => 'blob:http://example.com/1234', 'unsupported_scheme');
row('view-source:', (p) => `view-source:http://127.0.0.1:${p}/`, 'unsupported_scheme');
row('no scheme', () => '//127.0.0.1/', 'invalid_url');
// Names the test's DNS resolves to non-public addresses: judged inside the connection's lookup.
// A name that resolves to a link-local or metadata address gets its own sentence: no allow entry opens it.
const METADATA_NAMES = new Set(['metadata.test', 'linklocal.test']);
const DNS_ROWS: Row[] = Object.keys(DNS).map((name): Row => [`DNS ${name}`, (p) => `http://${name}:${p}/`, METADATA_NAMES.has(name) ? 'metadata_address' : 'private_address']);
DNS_ROWS.push(['DNS trailing dot', (p) => `http://internal.test.:${p}/`, 'private_address']);

describe('hostile URLs', () => {
  beforeAll(async () => {
    server = await startTestServer({ '/': send('secret', 'text/plain') });
    other = await startTestServer({ '/': send('other', 'text/plain') });
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });
  const policy = () => ({ allowHosts: [other.allowEntry, 'example.org', 'internal.test:1'], lookup });

  it('has at least 60 rows', () => {
    expect(P.length + DNS_ROWS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(P)('refuses %s before anything is sent', async (_label, url, code) => {
    const checked = checkUrl(url(server.port), policy());
    expect(checked.ok ? 'passed' : checked.error.code).toBe(code);
    const before = lookups.length;
    const fetched = await guardedFetch(url(server.port), { policy: policy(), timeoutMs: 2000 });
    expect(fetched.ok ? 'fetched' : fetched.error.code).toBe(code);
    expect(lookups.length).toBe(before); // refused by the policy itself, not by DNS
    expect(server.connections).toBe(0);
  });

  it.each(DNS_ROWS)('refuses %s inside the connection lookup', async (_label, url, code) => {
    expect(checkUrl(url(server.port), policy()).ok).toBe(true); // a name passes until it is resolved
    const before = lookups.length;
    const fetched = await guardedFetch(url(server.port), { policy: policy(), timeoutMs: 2000 });
    expect(fetched.ok ? 'fetched' : fetched.error.code).toBe(code);
    expect(lookups.length).toBe(before + 1);
    expect(server.connections).toBe(0);
  });

  it('names the address and the fix in the sentence', async () => {
    const fetched = await guardedFetch(`http://mixed.test:${server.port}/`, { policy: policy() });
    expect(fetched.ok).toBe(false);
    if (fetched.ok) return;
    expect(fetched.error.address).toBe('127.0.0.1');
    expect(fetched.error.message).toMatch(/^private network address \(mixed\.test resolves to 127\.0\.0\.1, which is loopback\)/);
    expect(fetched.error.message).toContain(`--allow-host mixed.test:${server.port}`);
    expect(server.connections).toBe(0);
  });

  it('still reaches the allowed server, so the rows above prove something', async () => {
    const fetched = await guardedFetch(other.url('/'), { policy: policy() });
    expect(fetched.ok && Buffer.from(fetched.response.body).toString()).toBe('other');
    expect(server.connections).toBe(0);
  });
});
