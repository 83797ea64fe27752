/**
 * HTML that came in a file (a saved page, an HTML-only mail) to Markdown through the same path as
 * `@url` (net/extract.ts: linkedom, Readability, turndown), with nothing fetched: linkedom builds a
 * DOM without loading anything, and neither Readability nor turndown requests a resource, so links,
 * images, styles and scripts stay words in the text. A page where Readability finds no article (a
 * short memo, a mail of a few lines) is written whole instead of being lost.
 */
import { parseHTML } from 'linkedom';
import { createTurndown, extractPage } from '../net/extract';

/** The Markdown of `html`, with the title it names; `tooLarge` past `maxTextBytes` of text. */
export interface PageMarkdown {
  title: string;
  markdown: string;
  tooLarge: boolean;
}

/**
 * `html` as Markdown. `baseUrl` resolves relative links (the address a saved page came from, when it
 * says); without one they stay as written.
 */
export function pageMarkdown(html: string, baseUrl: string | null, maxTextBytes: number): PageMarkdown {
  const page = extractPage(html, baseUrl ?? 'about:blank', { maxTextBytes });
  if (page.tooLarge || page.markdown !== '') return { title: page.title, markdown: page.markdown, tooLarge: page.tooLarge };
  // Readability found no article: the whole body, scripts and styles dropped by turndown's rules.
  const { document } = parseHTML(html);
  const body = document.body?.innerHTML ?? html;
  const text = (document.body?.textContent ?? '').trim();
  if (Buffer.byteLength(text, 'utf8') > maxTextBytes) return { title: page.title, markdown: '', tooLarge: true };
  return { title: page.title, markdown: text ? createTurndown().turndown(body).trim() : '', tooLarge: false };
}
