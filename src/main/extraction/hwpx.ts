/**
 * HWPX (OWPML, KS X 6101) to Markdown, read directly from its XML parts through the capped zip
 * reader: the sections in the package's spine order (`Contents/content.hpf`), each one a unit of a
 * range; paragraph roles from `Contents/header.xml` (paragraph shapes' heading type, style names);
 * tables with merged cells; text in text boxes. Fields' instructions, headers, footers, notes and
 * pictures (`BinData/`) are not read.
 */
import { DocumentProblem } from './document-problem';
import { gridOf, headingOf, headingOfStyleName, MAX_NESTING, sectionMarkdown, type HwpBlock, type HwpHeading } from './hwp-blocks';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './repack';
import { children, parseXml, type XmlElement } from './xml';
import { ZipArchive } from './zip';

/** The extractor named in citations. */
export const HWPX_EXTRACTOR = 'atmark-hwpx 1';

/** Hancom's namespaces all start so (2011 and 2016 paragraph, section and head schemas). */
const HANCOM = 'http://www.hancom.co.kr/hwpml/';

/** True when `node` is the OWPML element `name`, whichever OWPML schema year it uses. */
function is(node: XmlElement, name: string): boolean {
  return node.nodeType === 1 && node.localName === name && (node.namespaceURI ?? '').startsWith(HANCOM);
}

/** An unprefixed attribute (OWPML puts none of its attributes in a namespace). */
function attr(node: XmlElement, name: string): string {
  return (node as unknown as { getAttribute(n: string): string | null }).getAttribute(name) ?? '';
}

function kids(node: XmlElement, name: string): XmlElement[] {
  return children(node).filter((c) => is(c, name));
}

/** Paragraph shapes' and styles' heading types, by id, from `Contents/header.xml`. */
interface Header {
  shapes: Map<string, HwpHeading>;
  styles: Map<string, HwpHeading>;
}

const HEADING_TYPES: Readonly<Record<string, HwpHeading['type']>> = { OUTLINE: 'outline', NUMBER: 'number', BULLET: 'bullet' };

function readHeader(archive: ZipArchive): Header {
  const header: Header = { shapes: new Map(), styles: new Map() };
  const text = archive.textOf('Contents/header.xml');
  if (text === null) return header;
  const walk = (node: XmlElement, depth: number) => {
    for (const c of children(node)) {
      if (is(c, 'paraPr')) {
        const heading = kids(c, 'heading')[0];
        const type = heading ? HEADING_TYPES[attr(heading, 'type')] : undefined;
        if (heading && type) header.shapes.set(attr(c, 'id'), { type, level: Math.min(Number(attr(heading, 'level')) || 0, 9) });
      } else if (is(c, 'style')) {
        header.styles.set(attr(c, 'id'), headingOfStyleName(attr(c, 'name'), attr(c, 'engName')));
      } else if (depth < 4) walk(c, depth + 1);
    }
  };
  walk(parseXml(text, 'Contents/header.xml'), 0);
  return header;
}

/** The section parts in reading order: the spine of `content.hpf`, else `sectionN.xml` by number. */
function sectionParts(archive: ZipArchive): string[] {
  const byNumber = archive
    .names()
    .filter((n) => /^Contents\/section\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const hpf = archive.textOf('Contents/content.hpf');
  if (hpf === null) return byNumber;
  const root = parseXml(hpf, 'Contents/content.hpf');
  const hrefs = new Map<string, string>();
  const spine: string[] = [];
  for (const part of children(root)) {
    for (const c of children(part)) {
      if (c.localName === 'item') hrefs.set(attr(c, 'id'), attr(c, 'href'));
      else if (c.localName === 'itemref') spine.push(attr(c, 'idref'));
    }
  }
  const ordered = spine.map((id) => hrefs.get(id) ?? '').filter((href) => byNumber.includes(href));
  return ordered.length ? [...new Set(ordered)] : byNumber;
}

/** The text of an `hp:t`: characters, tabs and line breaks; marks (pens, tracked changes) carry none. */
function runText(t: XmlElement): string {
  let text = '';
  for (const c of Array.from(t.childNodes)) {
    if (c.nodeType === 3) text += c.nodeValue ?? '';
    else if (is(c, 'tab')) text += '\t';
    else if (is(c, 'lineBreak')) text += '\n';
    else if (is(c, 'nbSpace') || is(c, 'fwSpace')) text += ' ';
    else if (is(c, 'hyphen')) text += '-';
  }
  return text;
}

/** Reads paragraphs into blocks, with what they hold (tables, text boxes) after their own text. */
class SectionReader {
  readonly blocks: HwpBlock[] = [];

  constructor(private readonly header: Header) {}

  paragraphs(parent: XmlElement, depth: number): void {
    for (const p of kids(parent, 'p')) this.paragraph(p, depth);
  }

  private paragraph(p: XmlElement, depth: number): void {
    let text = '';
    const held: XmlElement[] = [];
    for (const run of kids(p, 'run')) {
      for (const c of children(run)) {
        if (is(c, 't')) text += runText(c);
        // A field's instruction, a header, a footer or a note: not the body's text.
        else if (is(c, 'ctrl') || is(c, 'secPr')) continue;
        else held.push(c);
      }
    }
    const heading = headingOf(this.header.shapes.get(attr(p, 'paraPrIDRef')), this.header.styles.get(attr(p, 'styleIDRef')));
    this.blocks.push({ kind: 'text', text, heading });
    for (const object of held) {
      if (is(object, 'tbl')) this.blocks.push({ kind: 'table', rows: this.table(object, depth) });
      else if (depth < MAX_NESTING) for (const list of subLists(object)) this.paragraphs(list, depth + 1);
    }
  }

  private table(tbl: XmlElement, depth: number): string[][] {
    const cells: { row: number; col: number; text: string }[] = [];
    kids(tbl, 'tr').forEach((tr, r) => {
      kids(tr, 'tc').forEach((tc, c) => {
        const address = kids(tc, 'cellAddr')[0];
        const row = address ? Number(attr(address, 'rowAddr')) : r;
        const col = address ? Number(attr(address, 'colAddr')) : c;
        cells.push({ row: Number.isInteger(row) ? row : r, col: Number.isInteger(col) ? col : c, text: this.cellText(tc, depth) });
      });
    });
    return gridOf(cells, Number(attr(tbl, 'rowCnt')) || 0, Number(attr(tbl, 'colCnt')) || 0);
  }

  /** A cell's paragraphs on one line; a table inside it is read as its cells' text. */
  private cellText(tc: XmlElement, depth: number): string {
    if (depth >= MAX_NESTING) return '';
    const inner = new SectionReader(this.header);
    for (const list of kids(tc, 'subList')) inner.paragraphs(list, depth + 1);
    return inner.blocks
      .map((b) => (b.kind === 'text' ? b.text : b.rows.map((row) => row.join(' ')).join(' ')))
      .map((t) => t.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' ');
  }
}

/** The text lists of a drawing object (a text box's `hp:drawText/hp:subList`), found within a few levels. */
function subLists(node: XmlElement, depth = 0): XmlElement[] {
  if (depth > 4) return [];
  return children(node).flatMap((c) => (is(c, 'subList') ? [c] : is(c, 'tbl') ? [] : subLists(c, depth + 1)));
}

/** Extracts an HWPX document, section by section. */
export async function extractHwpx(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  // An encrypted package lists its encrypted parts in the manifest, as OpenDocument does.
  if (/encryption-data/i.test(archive.textOf('META-INF/manifest.xml') ?? '')) throw new DocumentProblem('encrypted', 'encrypted HWPX');
  const sections = sectionParts(archive);
  if (sections.length === 0) throw new DocumentProblem('damaged', 'no Contents/section0.xml');
  const header = readHeader(archive);
  const collector = new PartCollector(job.range, job.maxTextBytes, 'section', onProgress);
  collector.expect(sections.length);
  for (let index = job.range?.start ?? 1; index <= sections.length && collector.more(index); index++) {
    const name = sections[index - 1]!;
    const reader = new SectionReader(header);
    reader.paragraphs(parseXml(archive.textOf(name) ?? '', name), 0);
    if (!collector.add(index, '', sectionMarkdown(reader.blocks))) break;
  }
  return { kind: 'document', format: 'hwpx', extractor: HWPX_EXTRACTOR, unit: 'section', unitCount: sections.length, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: noticesOf(archive) };
}
