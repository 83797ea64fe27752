import { MALFORMED } from '../../shared/grammar/messages';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import zlib from 'node:zlib';
import { createUrlResolver, urlResolver } from './url';
import { createResolverCaches, type Resolution, type ResolveContext } from '../resolve';
import { DEFAULT_LIMITS, MiB, type Limits } from '../../shared/limits';
import type { ParsedReference } from '../../shared/reference';
import { startTestServer, send, redirect, type Handler, type TestServer } from '../../../test-support/net-server';

const NOW = new Date('2025-01-02T03:04:05.000Z');
const PARAGRAPH = 'Readable article text about parsing hostile URLs safely in a desktop prompt composer. '.repeat(8);

const ARTICLE_PAGE = `<!doctype html><html><head><title>Guarding fetches | Example Blog</title>
<script>window.tracking = "TRACKING-SCRIPT";</script><style>body { color: red }</style></head>
<body>
<nav class="site-nav"><a href="/">Home</a> <a href="/about">About us NAVIGATION-LINK</a></nav>
<header><div class="banner">SITE-BANNER</div></header>
<main><article>
<h1>Guarding fetches</h1>
<p>${PARAGRAPH}</p>
<p>See the <a href="docs/policy.html">policy notes</a> for more.</p>
<h2>A table</h2>
<table><thead><tr><th>range</th><th>blocked</th></tr></thead><tbody><tr><td>10/8</td><td>yes</td></tr></tbody></table>
<p>${PARAGRAPH}</p>
<pre><code>const x = 1;</code></pre>
</article></main>
<aside class="sidebar">Related posts SIDEBAR-TEXT</aside>
<footer class="site-footer">Copyright FOOTER-TEXT 2025</footer>
<script>document.write("INLINE-SCRIPT")</script>
</body></html>`;

let server: TestServer;
let bystander: TestServer;

const routes: Record<string, Handler> = {
  '/blog/post': send(ARTICLE_PAGE, 'text/html; charset=utf-8'),
  '/old': redirect(301, '/blog/post'),
  '/plain.txt': send('just some text\n', 'text/plain'),
  '/notes.md': send('# Notes\n\n- one\n', 'text/markdown; charset=utf-8'),
  '/data.json': send('{"a": 1}', 'application/json'),
  '/problem.json': send('{"title": "x"}', 'application/problem+json'),
  '/image.png': send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png'),
  '/blob': send(Buffer.from([1, 2, 3, 0, 4]), 'application/octet-stream'),
  // Labelled as text, holding NUL bytes (issue 11, row 10): sniffed whatever the label says.
  '/nul.txt': send(Buffer.from('looks like text\0\0\0 but is not\n'), 'text/plain'),
  '/nul.html': send(Buffer.from('<html><body><p>page\0\x01\x02</p></body></html>'), 'text/html'),
  '/nul.json': send(Buffer.from('{"a": "\0"}'), 'application/json'),
  '/utf16.txt': send(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text', 'utf16le')]), 'text/plain'),
  '/utf16-nobom.txt': send(Buffer.from('wide text', 'utf16le'), 'text/plain; charset=utf-16le'),
  '/bad-utf8.txt': send(Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x20, 0x65, 0x6e, 0x64]), 'text/plain; charset=utf-8'),
  '/latin1.txt': send(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=iso-8859-1'),
  '/unknown-charset.txt': send('plain ascii', 'text/plain; charset=x-no-such-charset'),
  '/empty.html': send('<html><head><title>Empty</title></head><body><script>app()</script></body></html>', 'text/html'),
  '/empty.txt': send('   \n', 'text/plain'),
  '/gone': send('gone', 'text/plain', 404),
  '/broken': send('oops', 'text/plain', 500),
  '/forbidden': send('no', 'text/plain', 403),
  '/bomb': send(zlib.gzipSync(Buffer.alloc(20 * MiB, 0x20)), 'text/html', 200, { 'content-encoding': 'gzip' }),
  '/to-bystander': (_req, res) => res.writeHead(302, { location: bystander.url('/') }).end(),
  '/drip': async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    for (let i = 0; i < 50 && !res.destroyed; i++) {
      res.write('x');
      await new Promise((r) => setTimeout(r, 200));
    }
    res.end();
  },
};

beforeAll(async () => {
  server = await startTestServer(routes);
  bystander = await startTestServer({ '/': send('internal', 'text/plain') });
});
afterAll(async () => {
  await server.close();
  await bystander.close();
});

function ref(value: string): ParsedReference {
  return { raw: `@url:${value}`, kind: 'url', value, from: 0, to: value.length + 5, quoted: false };
}

function ctx(limits: Partial<Limits> = {}, allowHosts = [server.allowEntry]): ResolveContext {
  return {
    workspaceRoot: '/nonexistent',
    home: '/nonexistent-home',
    grants: new Set(),
    limits: { ...DEFAULT_LIMITS, ...limits },
    signal: new AbortController().signal,
    now: () => NOW,
    caches: createResolverCaches(),
    allowHosts,
  };
}

async function resolve(path: string, limits: Partial<Limits> = {}): Promise<Resolution> {
  return urlResolver.resolve(ref(server.url(path)), ctx(limits));
}

describe('@url: pages', () => {
  it('reduces a page with navigation, footer and scripts to its article, as Markdown', async () => {
    const r = await resolve('/blog/post');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('Readable article text');
    expect(r.text).toContain(`[policy notes](${server.url('/blog/docs/policy.html')})`);
    expect(r.text).toMatch(/\| range \| blocked \|\n\| --- \| --- \|\n\| 10\/8 \| yes \|/);
    expect(r.text).toContain('```\nconst x = 1;\n```');
    for (const junk of ['NAVIGATION-LINK', 'SITE-BANNER', 'SIDEBAR-TEXT', 'FOOTER-TEXT', 'TRACKING-SCRIPT', 'INLINE-SCRIPT', 'color: red']) {
      expect(r.text).not.toContain(junk);
    }
    expect(r.language).toBe('markdown');
    expect(r.target).toBe(server.url('/blog/post'));
  });

  it('names the final URL after redirects and the title; the source records the fetch', async () => {
    const r = await resolve('/old');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.description).toBe(`web page "Guarding fetches | Example Blog" (${server.url('/blog/post')})`);
    expect(r.source).toEqual({
      finalUrl: server.url('/blog/post'),
      httpStatus: 200,
      contentType: 'text/html; charset=utf-8',
      title: 'Guarding fetches | Example Blog',
      readAt: NOW.toISOString(),
    });
  });

  it('says "no content extracted" when the page has no readable text', async () => {
    const r = await resolve('/empty.html');
    expect(r.ok ? 'ok' : r.code).toBe('not_found');
    if (!r.ok) expect(r.message).toMatch(/^no content extracted/);
  });
});

describe('@url: other content types', () => {
  it.each([
    ['/plain.txt', 'just some text\n', ''],
    ['/notes.md', '# Notes\n\n- one\n', 'markdown'],
    ['/data.json', '{"a": 1}', 'json'],
    ['/problem.json', '{"title": "x"}', 'json'],
  ])('attaches %s as text', async (path, text, language) => {
    const r = await resolve(path);
    expect(r.ok && { text: r.text, language: r.language }).toEqual({ text, language });
    expect(r.ok && r.description).toContain(server.url(path));
  });

  it.each([
    ['/image.png', 'image/png'],
    ['/blob', 'application/octet-stream'],
    ['/nul.txt', 'text/plain'],
    ['/nul.html', 'text/html'],
    ['/nul.json', 'application/json'],
  ])('blocks %s as binary', async (path, type) => {
    const r = await resolve(path);
    expect(r.ok ? 'ok' : r.code).toBe('blocked');
    if (!r.ok) {
      expect(r.message).toBe(`binary content is not supported (${type}): only web pages, plain text, Markdown and JSON can be attached`);
      expect(r.source?.contentType).toBe(type);
    }
  });

  it.each(['/utf16.txt', '/utf16-nobom.txt'])('attaches UTF-16 text %s although it holds NUL bytes', async (path) => {
    const r = await resolve(path);
    expect(r.ok && r.text).toBe('wide text');
  });

  it('decodes invalid UTF-8 with replacement characters', async () => {
    const r = await resolve('/bad-utf8.txt');
    expect(r.ok && r.text).toBe('ok \uFFFD\uFFFD \uFFFD( end');
  });

  it('honours a charset TextDecoder knows, and falls back to UTF-8 for one it does not', async () => {
    const latin = await resolve('/latin1.txt');
    expect(latin.ok && latin.text).toBe('café');
    const unknown = await resolve('/unknown-charset.txt');
    expect(unknown.ok && unknown.text).toBe('plain ascii');
  });

  it('refuses an empty text body', async () => {
    const r = await resolve('/empty.txt');
    expect(r.ok ? 'ok' : r.code).toBe('not_found');
  });
});

describe('@url: failures', () => {
  it.each([
    ['/gone', 'not_found', /^page not found \(HTTP 404 Not Found\)/],
    ['/broken', 'failed', /^the server failed \(HTTP 500 Internal Server Error\)/],
    ['/forbidden', 'failed', /^the server refused access \(HTTP 403 Forbidden\)/],
  ])('%s is %s with the status', async (path, code, message) => {
    const r = await resolve(path);
    expect(r.ok ? 'ok' : r.code).toBe(code);
    if (!r.ok) {
      expect(r.message).toMatch(message);
      expect(r.source?.httpStatus).toBeGreaterThanOrEqual(400);
    }
  });

  it('blocks a private address and says how to allow it', async () => {
    const r = await urlResolver.resolve(ref(bystander.url('/')), ctx());
    expect(r.ok ? 'ok' : r.code).toBe('blocked');
    if (!r.ok) {
      expect(r.message).toMatch(/^private network address/);
      expect(r.message).toContain(`--allow-host ${bystander.allowEntry}`);
    }
    expect(bystander.connections).toBe(0);
  });

  it('blocks a redirect to a server that is not allowed', async () => {
    const r = await resolve('/to-bystander');
    expect(r.ok ? 'ok' : r.code).toBe('blocked');
    expect(bystander.requests).toEqual([]);
  });

  it.each([
    ['data:text/plain,hello', 'blocked', /^unsupported URL scheme/],
    ['file:///etc/passwd', 'blocked', /^unsupported URL scheme/],
    ['not a url', 'malformed', /^not a valid URL/],
  ])('%s is %s', async (value, code, message) => {
    const r = await urlResolver.resolve(ref(value), ctx());
    expect(r.ok ? 'ok' : r.code).toBe(code);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('blocks a host name that resolves to a private address, through the injected resolver', async () => {
    let asked = '';
    const resolver = createUrlResolver({
      lookup: async (host) => {
        asked = host;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const r = await resolver.resolve(ref(`http://intranet.test:${server.port}/blog/post`), ctx());
    expect(r.ok ? 'ok' : r.code).toBe('blocked');
    expect(asked).toBe('intranet.test');
  });

  it('a gzip bomb is too_large at maxUrlBytes', async () => {
    const r = await resolve('/bomb');
    expect(r.ok ? 'ok' : r.code).toBe('too_large');
    if (!r.ok) expect(r.message).toContain('5 MiB');
  });

  it('a page whose main text is past maxReferenceBytes is too_large, with its size', async () => {
    const r = await resolve('/blog/post', { maxReferenceBytes: 1024 });
    expect(r.ok ? 'ok' : r.code).toBe('too_large');
    if (!r.ok) expect(r.message).toMatch(/^the page's main text is too large \(about \d+ KiB, more than 1 KiB\)/);
  });

  it('a slow drip fails at urlTimeoutMs', async () => {
    const started = Date.now();
    const r = await resolve('/drip', { urlTimeoutMs: 1500 });
    const took = Date.now() - started;
    expect(r.ok ? 'ok' : r.code).toBe('failed');
    if (!r.ok) expect(r.message).toMatch(/^the page took too long \(more than 1\.5 s\)/);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(3500); // generous: the machine is shared
  });

  it('a malformed reference is refused without a request', async () => {
    const before = server.requests.length;
    const r = await urlResolver.resolve({ ...ref(''), malformed: MALFORMED.emptyValue('url') }, ctx());
    expect(r.ok ? 'ok' : r.code).toBe('malformed');
    expect(server.requests.length).toBe(before);
  });
});
