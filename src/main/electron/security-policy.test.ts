import { describe, expect, it } from 'vitest';
import { spellcheckEnabled, decideExternalLink, decideNavigation, decidePermission, decideWebviewAttach, decideWindowOpen, isAppUrl, isTrustedSender } from './security-policy';

const prod = { pageUrl: 'app://atmark/index.html' };
const dev = { ...prod, devServerUrl: 'http://localhost:5173/' };

describe('navigation is denied except reloading the app page', () => {
  it.each([
    ['https://evil.example/', prod],
    ['http://localhost:5173/', prod],
    ['http://localhost:5174/', dev],
    ['http://127.0.0.1:5173/', dev],
    ['http://localhost:5173@evil.example/', dev],
    ['http://user:pw@localhost:5173/', dev],
    ['https://localhost:5173/', dev],
    ['file:///etc/passwd', prod],
    ['file:///opt/Atmark/resources/app/out/renderer/index.html', prod],
    ['app://atmark/other.html', prod],
    ['app://atmark/assets/index.js', prod],
    ['app://evil/index.html', prod],
    ['app://atmark.evil/index.html', prod],
    ['app://user@atmark/index.html', prod],
    ['app://atmark:99/index.html', prod],
    ['javascript:alert(1)', prod],
    ['data:text/html,<script>alert(1)</script>', prod],
    ['about:blank', prod],
    ['chrome://settings', prod],
    ['devtools://devtools/bundled/inspector.html', prod],
    ['view-source:app://atmark/index.html', prod],
    ['blob:https://evil.example/abc', prod],
    ['', prod],
    ['not a url', prod],
  ])('%s is refused', (url, app) => {
    expect(decideNavigation(url, app).allow).toBe(false);
  });

  it.each([
    ['app://atmark/index.html', prod],
    ['app://atmark/index.html?x=1#y', prod],
    ['app://atmark/', prod],
    ['http://localhost:5173/', dev],
    ['http://localhost:5173/index.html', dev],
  ])('%s (the app page) may reload', (url, app) => {
    expect(decideNavigation(url, app).allow).toBe(true);
  });
});

describe('new windows, permissions and webviews are always denied', () => {
  it.each(['https://example.com/', 'about:blank', 'app://atmark/index.html', ''])('window.open(%j)', (url) => {
    expect(decideWindowOpen(url).allow).toBe(false);
  });

  it.each(['clipboard-read', 'clipboard-sanitized-write', 'media', 'geolocation', 'notifications', 'openExternal', 'fileSystem', 'hid', 'serial', 'usb', 'unknown'])('permission %s', (permission) => {
    expect(decidePermission(permission, prod.pageUrl).allow).toBe(false);
  });

  it.each(['https://evil.example/', prod.pageUrl, ''])('webview for %j', (src) => {
    expect(decideWebviewAttach(src).allow).toBe(false);
  });
});

describe('only the app page in its top frame may call the API', () => {
  it.each([
    [null, false],
    [undefined, false],
    [{ url: prod.pageUrl, isMainFrame: false }, false],
    [{ url: 'https://evil.example/', isMainFrame: true }, false],
    [{ url: 'file:///tmp/index.html', isMainFrame: true }, false],
    [{ url: 'app://evil/index.html', isMainFrame: true }, false],
    [{ url: 'about:blank', isMainFrame: true }, false],
    [{ url: prod.pageUrl, isMainFrame: true }, true],
  ])('%j -> %s', (frame, trusted) => {
    expect(isTrustedSender(frame, prod)).toBe(trusted);
  });

  it('the dev server is trusted only in development', () => {
    const frame = { url: 'http://localhost:5173/', isMainFrame: true };
    expect(isTrustedSender(frame, prod)).toBe(false);
    expect(isTrustedSender(frame, dev)).toBe(true);
  });
});

describe('links open in the system browser for https only', () => {
  it.each(['https://example.com/', 'https://example.com/a?b=1#c', 'HTTPS://EXAMPLE.COM/x', 'https://例え.jp/ページ'])('%s opens', (url) => {
    expect(decideExternalLink(url).allow).toBe(true);
  });
  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'file://server/share/x.exe',
    'smb://server/share',
    'javascript:alert(1)',
    'data:text/html,x',
    'vbscript:msgbox',
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=x',
    'app://atmark/index.html',
    'mailto:a@example.com',
    'https://user:pw@example.com/',
    'https://user@example.com/',
    'https://',
    `https://example.com/${'a'.repeat(3000)}`,
    'not a url',
    '',
  ])('%s is refused', (url) => {
    expect(decideExternalLink(url).allow).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('compares the whole path, not a prefix', () => {
    expect(isAppUrl('app://atmark/index.html.evil', prod)).toBe(false);
  });
});

describe('spellcheck', () => {
  it.each([
    ['darwin', true],
    ['linux', false],
    ['win32', false],
    ['freebsd', false],
  ] as const)('on %s: %s (never a dictionary download)', (platform, enabled) => {
    expect(spellcheckEnabled(platform)).toBe(enabled);
  });
});
