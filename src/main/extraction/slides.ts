/**
 * PowerPoint (.pptx) to Markdown, read directly from its XML: slides in presentation order, each
 * under a heading with its number and title, the text of its shapes (bullets indented by level),
 * tables as Markdown tables, and the speaker notes in a quote marked "Speaker notes". Ranges count
 * slides. Macros, embedded objects and media are not read.
 */
import { DocumentProblem } from './document-problem';
import { markdownTable } from './markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './zip-notices';
import { NS, children, descendants, first, isElement, parseXml, type XmlElement } from './xml';
import { ZipArchive } from './zip';
import { appendAll } from '../../shared/append-all';

/** The extractor named in citations: Atmark's own reader (no library reads .pptx text well). */
export const SLIDES_EXTRACTOR = 'atmark-ooxml 1';

/** Relationship id -> target path (resolved against `base`'s folder) of a `.rels` part. */
export function relationships(archive: ZipArchive, part: string): Map<string, { target: string; type: string }> {
  const folder = part.slice(0, part.lastIndexOf('/') + 1);
  const relsPath = `${folder}_rels/${part.slice(folder.length)}.rels`;
  const text = archive.textOf(relsPath);
  const out = new Map<string, { target: string; type: string }>();
  if (!text) return out;
  for (const rel of children(parseXml(text, relsPath))) {
    const attr = (name: string) => (rel as unknown as { getAttribute(n: string): string | null }).getAttribute(name) ?? '';
    if (attr('TargetMode') === 'External') continue;
    out.set(attr('Id'), { target: resolvePath(folder, attr('Target')), type: attr('Type') });
  }
  return out;
}

function resolvePath(folder: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

function paragraphText(p: XmlElement): string {
  let text = '';
  const walk = (n: XmlElement) => {
    for (const c of Array.from(n.childNodes)) {
      if (isElement(c, NS.a, 't')) text += Array.from(c.childNodes).map((t) => t.nodeValue ?? '').join('');
      else if (isElement(c, NS.a, 'br')) text += ' ';
      else if (c.nodeType === 1) walk(c);
    }
  };
  walk(p);
  return text.trim();
}

function placeholderType(shape: XmlElement): string | null {
  const ph = first(shape, NS.p, 'ph');
  return ph ? (ph as unknown as { getAttribute(n: string): string | null }).getAttribute('type') ?? 'body' : null;
}

/** The Markdown lines of one shape's text body (bullets by level) or table. */
function shapeLines(shape: XmlElement): string[] {
  const lines: string[] = [];
  for (const p of descendants(shape, NS.a, 'p')) {
    const text = paragraphText(p);
    if (!text) continue;
    const pPr = children(p).find((c) => isElement(c, NS.a, 'pPr'));
    const level = Number((pPr as unknown as { getAttribute(n: string): string | null } | undefined)?.getAttribute('lvl') ?? 0) || 0;
    lines.push(`${'  '.repeat(level)}- ${text}`);
  }
  return lines;
}

function tableMarkdown(table: XmlElement): string {
  const rows = descendants(table, NS.a, 'tr').map((tr) => children(tr).filter((c) => isElement(c, NS.a, 'tc')).map((tc) => descendants(tc, NS.a, 'p').map(paragraphText).join(' ')));
  return markdownTable(rows);
}

/** Title and body of one slide part. */
function readSlide(archive: ZipArchive, part: string): { title: string; body: string[]; notes: string[] } {
  const root = parseXml(archive.textOf(part) ?? '', part);
  let title = '';
  const body: string[] = [];
  for (const node of descendants(root, NS.p, 'sp')) {
    const type = placeholderType(node);
    if ((type === 'title' || type === 'ctrTitle') && !title) title = descendants(node, NS.a, 'p').map(paragraphText).filter(Boolean).join(' ');
    else appendAll(body, shapeLines(node));
  }
  for (const table of descendants(root, NS.a, 'tbl')) body.push('', tableMarkdown(table), '');
  const notesPart = [...relationships(archive, part).values()].find((r) => r.type.endsWith('/notesSlide'))?.target;
  const notes: string[] = [];
  if (notesPart && archive.has(notesPart)) {
    for (const node of descendants(parseXml(archive.textOf(notesPart) ?? '', notesPart), NS.p, 'sp')) {
      if (placeholderType(node) === 'body') appendAll(notes, descendants(node, NS.a, 'p').map(paragraphText).filter(Boolean));
    }
  }
  return { title, body, notes };
}

/** Markdown of one slide. */
export function slideMarkdown(index: number, title: string, body: string[], notes: string[]): string {
  const lines = [`## Slide ${index}${title ? `: ${title}` : ''}`, ''];
  if (body.length) appendAll(lines, body).push('');
  if (notes.length) lines.push(`> **Speaker notes:** ${notes[0]}`, ...notes.slice(1).map((n) => `> ${n}`));
  return lines.join('\n').trim();
}

/** Extracts the slides of a deck in `job.range`. */
export async function extractSlides(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  const presentation = 'ppt/presentation.xml';
  if (!archive.has(presentation)) throw new DocumentProblem('damaged', 'no ppt/presentation.xml');
  const rels = relationships(archive, presentation);
  const slides = descendants(parseXml(archive.textOf(presentation) ?? '', presentation), NS.p, 'sldId')
    .map((s) => rels.get(s.getAttributeNS(NS.r, 'id') ?? '')?.target)
    .filter((t): t is string => !!t && archive.has(t));
  const collector = new PartCollector(job.range, job.maxTextBytes, 'slide', onProgress);
  collector.expect(slides.length);
  for (let index = job.range?.start ?? 1; index <= slides.length && collector.more(index); index++) {
    const slide = readSlide(archive, slides[index - 1]!);
    if (!collector.add(index, slide.title, slideMarkdown(index, slide.title, slide.body, slide.notes))) break;
  }
  return {
    kind: 'document',
    format: 'pptx',
    extractor: SLIDES_EXTRACTOR,
    unit: 'slide',
    unitCount: slides.length,
    parts: collector.parts,
    stoppedAt: collector.stoppedAt,
    notices: noticesOf(archive),
  };
}
