/**
 * A web page saved from a browser (.html, .htm, .mhtml) to Markdown through the page path of
 * `@url` (page-markdown.ts), with nothing fetched. An .html file is decoded by its byte-order mark
 * or `<meta charset>` (UTF-8 otherwise); an .mhtml file is MIME multipart/related, read with the
 * mail parser under the mail caps, and its text/html part taken (quoted-printable or base64, in its
 * charset). The images, styles and scripts saved beside it are never read. Relative links resolve
 * against the address the browser saved the page from, when the file says it.
 */
import { decodeText } from '../net/content';
import { parseMime } from './eml';
import { extractorName } from './packages';
import { pageMarkdown } from './page-markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import { DocumentProblem } from './document-problem';
import type { DocumentJob, DocumentOutput } from './protocol';

/** The extractor named in citations: the page path's libraries. */
export function pageExtractor(): string {
  return `${extractorName('@mozilla/readability')}, ${extractorName('turndown')}`;
}

/** An http(s) address, or null (a saved page may name anything there). */
function webAddress(text: string | undefined | null): string | null {
  const value = (text ?? '').trim();
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The address in the `<!-- saved from url=(0043)https://… -->` mark browsers write, within the first KiB. */
function savedFrom(html: string): string | null {
  return webAddress(/<!--\s*saved from url=\(\d+\)(\S+?)\s*-->/i.exec(html.slice(0, 1024))?.[1]);
}

/** The HTML of a saved page and the address it came from. */
async function pageOf(job: DocumentJob): Promise<{ html: string; base: string | null; extractor: string }> {
  if (job.format === 'html') {
    const html = decodeText(job.bytes, { type: 'text/html', charset: null }, 'html');
    return { html, base: savedFrom(html), extractor: pageExtractor() };
  }
  const email = await parseMime(job.bytes, job.maxInflatedBytes);
  if (email.html === undefined) throw new DocumentProblem('damaged', 'no text/html part');
  const location = email.headers.find((h) => h.key === 'snapshot-content-location' || h.key === 'content-location')?.value;
  return { html: email.html, base: webAddress(location), extractor: `${extractorName('postal-mime')}, ${pageExtractor()}` };
}

/** Extracts a saved page as one Markdown part, its title as a heading. */
export async function extractSavedPage(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const { html, base, extractor } = await pageOf(job);
  const page = pageMarkdown(html, base, job.maxTextBytes);
  const collector = new PartCollector(null, job.maxTextBytes, 'page', onProgress);
  if (page.tooLarge) collector.stoppedAt = 1;
  else if (page.markdown) {
    const titled = page.title && !page.markdown.startsWith('#') ? `# ${page.title}\n\n${page.markdown}` : page.markdown;
    collector.add(1, page.title, titled);
  }
  return { kind: 'document', format: job.format, extractor, unit: 'page', unitCount: null, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: [] };
}
