import { describe, it, expect } from 'vitest';
import { extractPage, withBase } from './extract';

const words = 'A sentence of real article prose, long enough for Readability to score it as content. '.repeat(10);

describe('withBase', () => {
  it('puts <base> first in the head, escaped', () => {
    expect(withBase('<html><head lang="en"><title>t</title></head></html>', 'https://e.com/a"b&c')).toBe(
      '<html><head lang="en"><base href="https://e.com/a&quot;b&amp;c"><title>t</title></head></html>',
    );
  });

  it('adds a head when the page has none', () => {
    expect(withBase('<p>x</p>', 'https://e.com/')).toBe('<head><base href="https://e.com/"></head><p>x</p>');
  });
});

describe('extractPage', () => {
  it('resolves relative links and images against the page URL, ours winning over the page base', () => {
    const html = `<html><head><base href="http://127.0.0.1/"><title>Links</title></head><body><article><p>${words}
      <a href="../up.html">up</a> <a href="/root">root</a> <img src="pic.png" alt="pic"></p></article></body></html>`;
    const page = extractPage(html, 'https://site.example/docs/guide/page.html');
    expect(page.markdown).toContain('[up](https://site.example/docs/up.html)');
    expect(page.markdown).toContain('[root](https://site.example/root)');
    expect(page.markdown).toContain('![pic](https://site.example/docs/guide/pic.png)');
  });

  it('keeps lists, emphasis and code as Markdown', () => {
    const html = `<html><head><title>Fmt</title></head><body><article><p>${words}</p>
      <ul><li>one</li><li>two</li></ul><p><em>em</em> and <strong>strong</strong> and <del>gone</del></p>
      <pre><code class="language-ts">let a = 1;</code></pre></article></body></html>`;
    const md = extractPage(html, 'https://e.com/').markdown;
    expect(md).toMatch(/^-\s+one$/m);
    expect(md).toContain('*em* and **strong** and ~~gone~~'); // GFM's strikethrough, as the maintained plugin writes it
    expect(md).toContain('let a = 1;');
  });

  it('takes the title from the page', () => {
    const page = extractPage(`<html><head><title>  My
      Title </title></head><body><article><p>${words}</p></article></body></html>`, 'https://e.com/');
    expect(page.title).toBe('My Title');
  });

  it('finds nothing in a page without text', () => {
    expect(extractPage('<html><head><title>App</title></head><body><div id="root"></div></body></html>', 'https://e.com/')).toEqual({
      title: 'App',
      markdown: '',
      textBytes: 0,
      tooLarge: false,
    });
  });

  it('makes no Markdown when the article text alone is past maxTextBytes', () => {
    const html = `<html><head><title>Big</title></head><body><article><p>${words}</p><p>${words}</p></article></body></html>`;
    const whole = extractPage(html, 'https://e.com/');
    expect(whole.tooLarge).toBe(false);
    expect(whole.textBytes).toBeGreaterThan(1000);
    const capped = extractPage(html, 'https://e.com/', { maxTextBytes: 1000 });
    expect(capped).toEqual({ title: 'Big', markdown: '', textBytes: whole.textBytes, tooLarge: true });
  });
});
