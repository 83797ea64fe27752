import { describe, expect, it } from 'vitest';
import { hasToken, isAllowedHost, isAllowedOrigin, judgeRequest, requestPath, type DoorRequest } from './guard';

const policy = { port: 4567, token: 'abcDEF123_-secret' };
const good: DoorRequest = { host: '127.0.0.1:4567', origin: undefined, url: `/?token=${policy.token}`, upgrade: false };

describe('judgeRequest: hostile requests are refused', () => {
  const cases: Array<[string, Partial<DoorRequest>, number]> = [
    ['DNS rebinding host', { host: 'evil.example:4567' }, 403],
    ['host with another port', { host: '127.0.0.1:80' }, 403],
    ['host without port', { host: '127.0.0.1' }, 403],
    ['missing host', { host: undefined }, 403],
    ['host with suffix', { host: '127.0.0.1:4567.evil.example' }, 403],
    ['host 0.0.0.0', { host: '0.0.0.0:4567' }, 403],
    ['host [::1]', { host: '[::1]:4567' }, 403],
    ['host decimal loopback', { host: '2130706433:4567' }, 403],
    ['cross-site origin', { origin: 'http://evil.example' }, 403],
    ['origin on another port', { origin: 'http://127.0.0.1:4568' }, 403],
    ['https origin', { origin: 'https://127.0.0.1:4567' }, 403],
    ['null origin', { origin: 'null' }, 403],
    ['origin with path trick', { origin: 'http://127.0.0.1:4567.evil.example' }, 403],
    ['no token', { url: '/' }, 403],
    ['empty token', { url: '/?token=' }, 403],
    ['wrong token', { url: '/?token=abcDEF123_-secreT' }, 403],
    ['token prefix', { url: '/?token=abcDEF123' }, 403],
    ['token longer', { url: `/?token=${policy.token}x` }, 403],
    ['index.html without token', { url: '/index.html' }, 403],
    ['api without token', { url: '/api' }, 403],
    ['api with wrong token', { url: '/api?token=nope' }, 403],
    ['absolute-form target', { url: `http://evil.example/?token=${policy.token}` }, 400],
    ['scheme-relative target', { url: '//evil.example/' }, 400],
    ['bad percent escape', { url: '/%E0%A4%A' }, 400],
    ['missing target', { url: undefined }, 400],
    // Issue 11, row 15: the guard and the file server judge one normalised path.
    ['index.html with a trailing slash', { url: '/index.html/' }, 400],
    ['an encoded slash after a dot segment', { url: '/assets/..%2findex.html' }, 400],
    ['encoded slashes throughout', { url: '/assets%2f..%2findex.html' }, 400],
    ['encoded dots', { url: '/assets/%2e%2e/index.html' }, 400],
    ['a literal dot segment', { url: '/./index.html' }, 400],
    ['a literal parent segment', { url: '/assets/../index.html' }, 400],
    ['an encoded backslash', { url: '/assets%5c..%5cindex.html' }, 400],
    ['a backslash', { url: '/assets\\..\\index.html' }, 400],
    ['an empty segment', { url: '/assets//index.html' }, 400],
    ['an encoded NUL', { url: '/index.html%00.js' }, 400],
    ['index.html in upper case', { url: '/INDEX.HTML' }, 403],
  ];
  it.each(cases)('%s -> %i', (_name, change, status) => {
    const verdict = judgeRequest({ ...good, ...change }, policy);
    expect(verdict).toMatchObject({ ok: false, status });
  });

  it('a WebSocket upgrade without an Origin is refused', () => {
    expect(judgeRequest({ ...good, url: `/api?token=${policy.token}`, upgrade: true }, policy)).toMatchObject({ ok: false, status: 403 });
  });
});

describe('judgeRequest: the page, its assets and the API pass', () => {
  it.each([
    ['page with token', good],
    ['localhost host', { ...good, host: 'LOCALHOST:4567' }],
    ['same origin', { ...good, origin: 'http://127.0.0.1:4567' }],
    ['asset without token', { ...good, url: '/assets/index-abc.js' }],
    ['api upgrade', { ...good, url: `/api?token=${policy.token}`, origin: 'http://127.0.0.1:4567', upgrade: true }],
  ])('%s', (_name, req) => {
    expect(judgeRequest(req, policy)).toEqual({ ok: true });
  });
});

describe('the parts', () => {
  it('hosts and origins are whole-string matches', () => {
    expect(isAllowedHost('127.0.0.1:4567', 4567)).toBe(true);
    expect(isAllowedHost('127.0.0.1:45678', 4567)).toBe(false);
    expect(isAllowedOrigin('http://localhost:4567', 4567)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4567/', 4567)).toBe(false);
  });
  it('the token is read from the query only', () => {
    expect(hasToken(`/?a=1&token=${policy.token}`, policy.token)).toBe(true);
    expect(hasToken(`/#token=${policy.token}`, policy.token)).toBe(false);
  });
  it('pathnames are decoded, and non-path targets are null', () => {
    expect(requestPath('/a%20b?x')).toBe('/a b');
    expect(requestPath('*')).toBeNull();
  });
});
