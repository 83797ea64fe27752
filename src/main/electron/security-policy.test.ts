import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy, decideNavigation, decidePermission, decideWebviewAttach, decideWindowOpen, isAppUrl, isTrustedSender } from './security-policy';

const prod = { rendererFileUrl: 'file:///opt/Atmark/resources/app/out/renderer/index.html' };
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
    ['file:///opt/Atmark/resources/app/out/renderer/other.html', prod],
    ['file:///opt/Atmark/resources/app/out/renderer/index.html/../../../x', prod],
    ['file://evil-host/opt/Atmark/resources/app/out/renderer/index.html', prod],
    ['javascript:alert(1)', prod],
    ['data:text/html,<script>alert(1)</script>', prod],
    ['about:blank', prod],
    ['chrome://settings', prod],
    ['devtools://devtools/bundled/inspector.html', prod],
    ['view-source:file:///opt/Atmark/resources/app/out/renderer/index.html', prod],
    ['blob:https://evil.example/abc', prod],
    ['', prod],
    ['not a url', prod],
  ])('%s is refused', (url, app) => {
    expect(decideNavigation(url, app).allow).toBe(false);
  });

  it.each([
    ['file:///opt/Atmark/resources/app/out/renderer/index.html', prod],
    ['file:///opt/Atmark/resources/app/out/renderer/index.html?x=1#y', prod],
    ['http://localhost:5173/', dev],
    ['http://localhost:5173/index.html', dev],
  ])('%s (the app page) may reload', (url, app) => {
    expect(decideNavigation(url, app).allow).toBe(true);
  });
});

describe('new windows, permissions and webviews are always denied', () => {
  it.each(['https://example.com/', 'about:blank', 'file:///opt/Atmark/resources/app/out/renderer/index.html', ''])('window.open(%j)', (url) => {
    expect(decideWindowOpen(url).allow).toBe(false);
  });

  it.each(['clipboard-read', 'clipboard-sanitized-write', 'media', 'geolocation', 'notifications', 'openExternal', 'fileSystem', 'hid', 'serial', 'usb', 'unknown'])('permission %s', (permission) => {
    expect(decidePermission(permission, prod.rendererFileUrl).allow).toBe(false);
  });

  it.each(['https://evil.example/', prod.rendererFileUrl, ''])('webview for %j', (src) => {
    expect(decideWebviewAttach(src).allow).toBe(false);
  });
});

describe('only the app page in its top frame may call the API', () => {
  it.each([
    [null, false],
    [undefined, false],
    [{ url: prod.rendererFileUrl, isMainFrame: false }, false],
    [{ url: 'https://evil.example/', isMainFrame: true }, false],
    [{ url: 'file:///tmp/index.html', isMainFrame: true }, false],
    [{ url: 'about:blank', isMainFrame: true }, false],
    [{ url: prod.rendererFileUrl, isMainFrame: true }, true],
  ])('%j -> %s', (frame, trusted) => {
    expect(isTrustedSender(frame, prod)).toBe(trusted);
  });

  it('the dev server is trusted only in development', () => {
    const frame = { url: 'http://localhost:5173/', isMainFrame: true };
    expect(isTrustedSender(frame, prod)).toBe(false);
    expect(isTrustedSender(frame, dev)).toBe(true);
  });
});

describe('the CSP', () => {
  it('allows only its own scripts, and the dev server socket only in development', () => {
    expect(appContentSecurityPolicy(prod)).toContain("script-src 'self'");
    expect(appContentSecurityPolicy(prod)).not.toContain('ws://');
    expect(appContentSecurityPolicy(dev)).toContain('ws://localhost:5173');
    expect(appContentSecurityPolicy(prod)).not.toContain('unsafe-eval');
  });
});

describe('isAppUrl', () => {
  it('compares the whole path, not a prefix', () => {
    expect(isAppUrl('file:///opt/Atmark/resources/app/out/renderer/index.html.evil', prod)).toBe(false);
  });
});
