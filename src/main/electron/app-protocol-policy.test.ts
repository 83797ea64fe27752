import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL, resolveAppFile } from './app-protocol-policy';

const ROOT = '/opt/Atmark/resources/app.asar/out/renderer';

describe('the app scheme serves the built renderer and nothing else', () => {
  it.each([
    [APP_PAGE_URL, 'index.html', 'text/html; charset=utf-8'],
    ['app://atmark/', 'index.html', 'text/html; charset=utf-8'],
    ['app://atmark/assets/index-abc123.js', 'assets/index-abc123.js', 'text/javascript; charset=utf-8'],
    ['app://atmark/assets/index.css?v=1#x', 'assets/index.css', 'text/css; charset=utf-8'],
    ['app://ATMARK/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['app://atmark/assets/%E3%83%95%E3%82%A9%E3%83%B3%E3%83%88.woff2', 'assets/フォント.woff2', 'font/woff2'],
  ])('%s -> %s', (url, file, type) => {
    expect(resolveAppFile(url, ROOT)).toEqual({ ok: true, file: path.join(ROOT, file), contentType: type });
  });

  it.each([
    'app://atmark/../../../etc/passwd',
    'app://atmark/assets/../../../../etc/passwd',
    'app://atmark/%2e%2e/%2e%2e/etc/passwd',
    'app://atmark/..%2f..%2fetc%2fpasswd',
    'app://atmark/..%5c..%5cwindows%5cwin.ini',
    'app://atmark/%5c%5cserver%5cshare',
    'app://atmark/a\\..\\..\\etc',
    'app://atmark/index.html%00.png',
    'app://atmark//etc/passwd',
    'app://atmark/C:/Windows/win.ini',
    'app://atmark/.env',
    'app://atmark/assets/.hidden',
    'app://atmark/%E0%A4%A',
    'app://evil/index.html',
    'app://atmark.evil/index.html',
    'app://atmark@evil/index.html',
    'app://user:pw@atmark/index.html',
    'app://atmark:8080/index.html',
    'file:///etc/passwd',
    'https://atmark/index.html',
    'javascript:alert(1)',
    '',
    'not a url',
  ])('%s is refused', (url) => {
    const verdict = resolveAppFile(url, ROOT);
    if (verdict.ok) expect.fail(`${url} was served as ${verdict.file}`);
  });
});
