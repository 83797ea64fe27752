import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { Marked, type Tokens } from 'marked';

/**
 * A model's reply, Markdown rendered to safe HTML: headings, lists, tables, links, code blocks with
 * highlighting. Raw HTML in the reply is never live: marked's HTML tokens are written out as text,
 * and DOMPurify then keeps only the tags and attributes listed here (no script, no img, no event
 * handlers, links only to http, https and mailto). Images become their alt text: a reply must not
 * make the page fetch anything. See docs/decisions.md for the choice of libraries.
 */

for (const [name, language] of Object.entries({ bash, css, diff, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml })) hljs.registerLanguage(name, language);
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['js', 'jsx', 'mjs'], { languageName: 'javascript' });
hljs.registerAliases(['sh', 'shell', 'zsh', 'console'], { languageName: 'bash' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['md'], { languageName: 'markdown' });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** Words the rendered HTML carries: the code blocks' copy button's name. */
export interface MarkdownWords {
  copyCode: string;
}

/**
 * Heading levels for a reply: its distinct levels, in order, from h3 down (the conversation is an
 * h2), so a reply's `##` does not jump past a level of the page (screen readers walk headings).
 */
function headingLevels(markdownText: string): Map<number, number> {
  const used = new Set<number>();
  for (const token of new Marked().lexer(markdownText)) if (token.type === 'heading') used.add((token as Tokens.Heading).depth);
  return new Map([...used].sort((a, b) => a - b).map((depth, i) => [depth, Math.min(6, 3 + i)]));
}

function markedFor(words: MarkdownWords, levels: Map<number, number>): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      // Raw HTML, block or inline, is shown as the text it is.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      image: ({ text }: Tokens.Image) => escapeHtml(text),
      heading({ tokens, depth }: Tokens.Heading) {
        const level = levels.get(depth) ?? 6;
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>`;
      },
      link({ href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!/^(?:https?:|mailto:)/i.test(href)) return inner;
        return `<a href="${escapeHtml(href)}" target="_blank" rel="noreferrer">${inner}</a>`;
      },
      code({ text, lang }: Tokens.Code) {
        const name = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
        const known = name !== '' && hljs.getLanguage(name) !== undefined;
        const body = known ? hljs.highlight(text, { language: name, ignoreIllegals: true }).value : escapeHtml(text);
        const label = known ? `<span class="code-lang">${escapeHtml(name)}</span>` : '<span class="code-lang"></span>';
        return `<div class="code-block"><div class="code-head">${label}<button type="button" class="code-copy">${escapeHtml(words.copyCode)}</button></div><pre><code class="hljs">${body}</code></pre></div>`;
      },
    },
  });
}

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'pre', 'code', 'span', 'div', 'a', 'strong', 'em', 'del', 'button'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'class', 'type', 'align', 'start'];

// Every link a reply holds opens outside Atmark (a new tab in the browser host; the system
// browser in the app, after main checks it): set after sanitizing, which drops `target`.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noreferrer');
  }
});

/** The reply as sanitized HTML. */
export function renderMarkdown(markdownText: string, words: MarkdownWords): string {
  // Trimmed: the newline marked ends its last block with would be part of the reply's text.
  const html = markedFor(words, headingLevels(markdownText)).parse(markdownText, { async: false }).trim();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i });
}
