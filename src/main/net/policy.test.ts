import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { checkUrl, isAllowed, isLocalName, parseAllowEntry } from './policy';
import { judgeAddresses } from './lookup';
import { guardedFetch } from './fetch';
import { startTestServer, send, type TestServer } from '../../../test-support/net-server';

const none = { allowHosts: [] };

describe('public boundary addresses pass the check', () => {
  // Checked only: nothing here is ever connected to.
  it.each([
    'http://172.15.255.255/',
    'http://172.32.0.0/',
    'http://100.63.255.255/',
    'http://100.128.0.0/',
    'http://8.8.8.8/',
    'https://1.1.1.1/dns-query',
    'http://[2606:4700::1]/',
    'http://198.17.255.255/',
    'http://169.253.255.255/',
    'https://example.com/path?q=1',
    'https://xn--bcher-kva.example/',
  ])('%s', (url) => {
    const r = checkUrl(url, none);
    expect(r.ok && r.allowed).toBe(false);
    expect(r.ok).toBe(true);
  });

  it('an allow entry opens a private host, never a link-local or cloud metadata address', () => {
    for (const address of ['169.254.169.254', 'fe80::1', 'fd00:ec2::254', '100.100.100.200', '::ffff:169.254.169.254']) {
      const r = judgeAddresses('models.internal', [{ address, family: address.includes(':') ? 6 : 4 }], true);
      expect(r.ok ? 'passed' : r.refusal.metadata).toBe(true);
    }
    // One such answer among others blocks the name: the connection could be steered to it.
    const mixed = judgeAddresses('models.internal', [{ address: '10.0.0.5', family: 4 }, { address: '169.254.169.254', family: 4 }], true);
    expect(mixed.ok).toBe(false);
    const local = judgeAddresses('models.internal', [{ address: '10.0.0.5', family: 4 }, { address: 'fd00::5', family: 6 }], true);
    expect(local.ok && local.addresses.map((a) => a.address)).toEqual(['10.0.0.5', 'fd00::5']);
  });

  it('public resolved addresses pass the lookup judge', () => {
    const r = judgeAddresses('example.com', [{ address: '93.184.215.14', family: 4 }, { address: '2606:4700::1', family: 6 }], false);
    expect(r.ok && r.addresses.map((a) => a.address)).toEqual(['93.184.215.14', '2606:4700::1']);
  });
});

describe('checkUrl', () => {
  it('parses once and returns the parsed form', () => {
    const r = checkUrl('HTTP://Example.COM:80/a/../b?x#frag', none);
    expect(r.ok && r.url.href).toBe('http://example.com/b?x#frag');
  });

  it('copies a URL object so later changes cannot matter', () => {
    const input = new URL('https://example.com/');
    const r = checkUrl(input, none);
    input.hostname = '127.0.0.1';
    expect(r.ok && r.url.hostname).toBe('example.com');
  });

  it('says how to fix a private address', () => {
    const r = checkUrl('http://127.0.0.1:8080/', none);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/^private network address \(127\.0\.0\.1 is loopback\)/);
    expect(r.error.message).toContain('--allow-host 127.0.0.1:8080');
    expect(r.error.message).toContain('"Allowed hosts" setting');
  });

  it('names the scheme it refuses', () => {
    const r = checkUrl('ftp://example.com/', none);
    expect(!r.ok && r.error.message).toMatch(/^unsupported URL scheme \(ftp:\)/);
  });
});

describe('allow entries', () => {
  it.each([
    ['127.0.0.1:8080', { host: '127.0.0.1', port: '8080' }],
    ['127.0.0.1', { host: '127.0.0.1', port: null }],
    ['[::1]:11434', { host: '[::1]', port: '11434' }],
    ['LocalHost:3000', { host: 'localhost', port: '3000' }],
    ['2130706433:80', { host: '127.0.0.1', port: '80' }],
    ['my.server.lan.', { host: 'my.server.lan', port: null }],
    ['my_service:8080', { host: 'my_service', port: '8080' }],
    ['bücher.example', { host: 'xn--bcher-kva.example', port: null }],
  ])('parses %s', (entry, expected) => {
    expect(parseAllowEntry(entry)).toEqual(expected);
  });

  it.each(['http://127.0.0.1', '127.0.0.1:99999', '127.0.0.1:0', ':80', 'a:b:c', 'user@host', '', 'host/path', '*.example.com', 'host!', 'exa$mple.com'])('rejects %j', (entry) => {
    expect(parseAllowEntry(entry)).toBeNull();
  });

  it('lets exactly that host and port through', () => {
    const allow = ['127.0.0.1:8080'];
    expect(isAllowed(new URL('http://127.0.0.1:8080/x'), allow)).toBe(true);
    expect(isAllowed(new URL('http://2130706433:8080/'), allow)).toBe(true); // the same host, spelled otherwise
    expect(isAllowed(new URL('http://127.0.0.1:8081/'), allow)).toBe(false);
    expect(isAllowed(new URL('http://127.0.0.1/'), allow)).toBe(false);
    expect(isAllowed(new URL('http://127.0.0.2:8080/'), allow)).toBe(false);
    expect(isAllowed(new URL('http://localhost:8080/'), allow)).toBe(false);
    expect(isAllowed(new URL('http://[::1]:8080/'), allow)).toBe(false);
  });

  it('an entry without a port allows every port, default ports count', () => {
    expect(isAllowed(new URL('http://intranet.lan:9000/'), ['intranet.lan'])).toBe(true);
    expect(isAllowed(new URL('https://intranet.lan/'), ['intranet.lan:443'])).toBe(true);
    expect(isAllowed(new URL('http://intranet.lan/'), ['intranet.lan:443'])).toBe(false);
    expect(isAllowed(new URL('http://sub.intranet.lan/'), ['intranet.lan'])).toBe(false);
  });

  it('an allowed localhost still needs http(s) and no userinfo', () => {
    const allow = { allowHosts: ['localhost:3000'] };
    expect(checkUrl('http://localhost:3000/', allow).ok).toBe(true);
    expect(checkUrl('http://localhost.:3000/', allow).ok).toBe(true);
    expect(checkUrl('http://localhost:3001/', allow).ok).toBe(false);
    expect(checkUrl('ws://localhost:3000/', allow).ok).toBe(false);
    expect(checkUrl('http://a@localhost:3000/', allow).ok).toBe(false);
  });

  it('knows the names that mean this machine', () => {
    for (const n of ['localhost', 'localhost.', 'LOCALHOST', 'a.localhost', 'x.y.localhost.']) expect(isLocalName(n)).toBe(true);
    for (const n of ['localhost.com', 'mylocalhost', 'example.com']) expect(isLocalName(n)).toBe(false);
  });
});

describe('allow entries over the wire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ '/': send('hello', 'text/plain') });
  });
  afterAll(() => server.close());

  it('an allowed name whose lookup is private connects; the same name on another port does not', async () => {
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const policy = { allowHosts: [`dev.test:${server.port}`], lookup };
    const ok = await guardedFetch(`http://dev.test:${server.port}/`, { policy });
    expect(ok.ok && Buffer.from(ok.response.body).toString()).toBe('hello');
    const before = server.connections;
    const other = await guardedFetch(`http://dev.test:${server.port + 1}/`, { policy });
    expect(other.ok ? 'ok' : other.error.code).toBe('private_address');
    expect(server.connections).toBe(before);
  });
});
