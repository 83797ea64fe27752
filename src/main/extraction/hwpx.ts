/**
 * HWPX (OWPML, KS X 6101) to Markdown, read directly from its XML parts through the capped zip
 * reader: the sections in the package's spine order (`Contents/content.hpf`), each one a unit of a
 * range; paragraph roles from `Contents/header.xml` (paragraph shapes' heading type, style names);
 * tables with merged cells; text in text boxes. Fields' instructions, headers, footers, notes and
 * pictures (`BinData/`) are not read.
 */
import { parseDocument } from 'htmlparser2';
import { DocumentProblem } from './document-problem';
import { gridOf, headingOf, headingOfStyleName, MAX_NESTING, sectionMarkdown, type HwpBlock, type HwpHeading } from './hwp-blocks';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { noticesOf } from './zip-notices';
import { ZipArchive } from './zip';

/** The extractor named in citations. */
export const HWPX_EXTRACTOR = 'atmark-hwpx 1';

/** Hancom's namespaces all start so (2011 and 2016 paragraph, section and head schemas). */
const HANCOM = 'http://www.hancom.co.kr/hwpml/';

/** An element or text of a parsed part (htmlparser2's tree, as far as this reader needs it). */
interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/**
 * A part's XML tree. OWPML parts declare a dozen namespaces on their root, which made a DOM parser
 * that keeps namespace maps per element ten times slower than htmlparser2's XML mode, which only
 * tokenises: elements are matched by local name, and a prefix counts as Hancom's when the root
 * declares it so. Only the five predefined and numeric entities are decoded: a DTD is never read,
 * so no entity expands (billion laughs).
 */
class Part {
  readonly root: Node;
  private readonly hancom = new Set<string>();

  constructor(text: string, name: string, rootName: string) {
    const doc = parseDocument(text, { xmlMode: true }) as unknown as Node;
    const root = (doc.children ?? []).find((c) => c.type === 'tag');
    if (!root || localName(root) !== rootName) throw new DocumentProblem('damaged', `${name}: no ${rootName} element`);
    this.root = root;
    for (const [key, value] of Object.entries(root.attribs ?? {})) {
      if (key.startsWith('xmlns:') && value.startsWith(HANCOM)) this.hancom.add(key.slice(6));
    }
  }

  /** True when `node` is the OWPML element `name`, whichever OWPML schema year its prefix names. */
  is(node: Node, name: string): boolean {
    if (node.type !== 'tag' || localName(node) !== name) return false;
    const colon = node.name!.indexOf(':');
    return colon < 0 || this.hancom.has(node.name!.slice(0, colon));
  }

  kids(node: Node, name: string): Node[] {
    return children(node).filter((c) => this.is(c, name));
  }
}

function localName(node: Node): string {
  const name = node.name ?? '';
  return name.slice(name.indexOf(':') + 1);
}

function children(node: Node): Node[] {
  return (node.children ?? []).filter((c) => c.type === 'tag');
}

/**
 * A part as text. Buffer's UTF-8 decoder, not TextDecoder: on a long section of Korean text the
 * latter took most of the reading time.
 */
function textOf(archive: ZipArchive, name: string): string | null {
  const bytes = archive.bytesOf(name);
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : null;
}

/** An unprefixed attribute (OWPML puts none of its attributes in a namespace). */
function attr(node: Node, name: string): string {
  return node.attribs?.[name] ?? '';
}

/** Paragraph shapes' and styles' heading types, by id, from `Contents/header.xml`. */
interface Header {
  shapes: Map<string, HwpHeading>;
  styles: Map<string, HwpHeading>;
}

const HEADING_TYPES: Readonly<Record<string, HwpHeading['type']>> = { OUTLINE: 'outline', NUMBER: 'number', BULLET: 'bullet' };

function readHeader(archive: ZipArchive): Header {
  const header: Header = { shapes: new Map(), styles: new Map() };
  const text = textOf(archive, 'Contents/header.xml');
  if (text === null) return header;
  const part = new Part(text, 'Contents/header.xml', 'head');
  const walk = (node: Node, depth: number) => {
    for (const c of children(node)) {
      if (part.is(c, 'paraPr')) {
        const heading = part.kids(c, 'heading')[0];
        const type = heading ? HEADING_TYPES[attr(heading, 'type')] : undefined;
        if (heading && type) header.shapes.set(attr(c, 'id'), { type, level: Math.min(Number(attr(heading, 'level')) || 0, 9) });
      } else if (part.is(c, 'style')) {
        header.styles.set(attr(c, 'id'), headingOfStyleName(attr(c, 'name'), attr(c, 'engName')));
      } else if (depth < 4) walk(c, depth + 1);
    }
  };
  walk(part.root, 0);
  return header;
}

/** The section parts in reading order: the spine of `content.hpf`, else `sectionN.xml` by number. */
function sectionParts(archive: ZipArchive): string[] {
  const byNumber = archive
    .names()
    .filter((n) => /^Contents\/section\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const hpf = textOf(archive, 'Contents/content.hpf');
  if (hpf === null) return byNumber;
  const hrefs = new Map<string, string>();
  const spine: string[] = [];
  for (const list of children(new Part(hpf, 'Contents/content.hpf', 'package').root)) {
    for (const c of children(list)) {
      if (localName(c) === 'item') hrefs.set(attr(c, 'id'), attr(c, 'href'));
      else if (localName(c) === 'itemref') spine.push(attr(c, 'idref'));
    }
  }
  const ordered = spine.map((id) => hrefs.get(id) ?? '').filter((href) => byNumber.includes(href));
  return ordered.length ? [...new Set(ordered)] : byNumber;
}

/** Reads paragraphs into blocks, with what they hold (tables, text boxes) after their own text. */
class SectionReader {
  readonly blocks: HwpBlock[] = [];

  constructor(
    private readonly part: Part,
    private readonly header: Header,
  ) {}

  paragraphs(parent: Node, depth: number): void {
    for (const p of this.part.kids(parent, 'p')) this.paragraph(p, depth);
  }

  private paragraph(p: Node, depth: number): void {
    let text = '';
    const held: Node[] = [];
    for (const run of this.part.kids(p, 'run')) {
      for (const c of children(run)) {
        if (this.part.is(c, 't')) text += this.runText(c);
        // A field's instruction, a header, a footer or a note: not the body's text.
        else if (this.part.is(c, 'ctrl') || this.part.is(c, 'secPr')) continue;
        else held.push(c);
      }
    }
    const heading = headingOf(this.header.shapes.get(attr(p, 'paraPrIDRef')), this.header.styles.get(attr(p, 'styleIDRef')));
    this.blocks.push({ kind: 'text', text, heading });
    for (const object of held) {
      if (this.part.is(object, 'tbl')) this.blocks.push({ kind: 'table', rows: this.table(object, depth) });
      else if (depth < MAX_NESTING) for (const list of this.subLists(object)) this.paragraphs(list, depth + 1);
    }
  }

  /** The text of an `hp:t`: characters, tabs and line breaks; marks (pens, tracked changes) carry none. */
  private runText(t: Node): string {
    let text = '';
    for (const c of t.children ?? []) {
      if (c.type === 'text') text += c.data ?? '';
      else if (c.type === 'cdata') text += (c.children ?? []).map((d) => d.data ?? '').join('');
      else if (this.part.is(c, 'tab')) text += '\t';
      else if (this.part.is(c, 'lineBreak')) text += '\n';
      else if (this.part.is(c, 'nbSpace') || this.part.is(c, 'fwSpace')) text += ' ';
      else if (this.part.is(c, 'hyphen')) text += '-';
    }
    return text;
  }

  private table(tbl: Node, depth: number): string[][] {
    const cells: { row: number; col: number; text: string }[] = [];
    this.part.kids(tbl, 'tr').forEach((tr, r) => {
      this.part.kids(tr, 'tc').forEach((tc, c) => {
        const address = this.part.kids(tc, 'cellAddr')[0];
        const row = address ? Number(attr(address, 'rowAddr')) : r;
        const col = address ? Number(attr(address, 'colAddr')) : c;
        cells.push({ row: Number.isInteger(row) ? row : r, col: Number.isInteger(col) ? col : c, text: this.cellText(tc, depth) });
      });
    });
    return gridOf(cells, Number(attr(tbl, 'rowCnt')) || 0, Number(attr(tbl, 'colCnt')) || 0);
  }

  /** A cell's paragraphs on one line; a table inside it is read as its cells' text. */
  private cellText(tc: Node, depth: number): string {
    if (depth >= MAX_NESTING) return '';
    const inner = new SectionReader(this.part, this.header);
    for (const list of this.part.kids(tc, 'subList')) inner.paragraphs(list, depth + 1);
    return inner.blocks
      .map((b) => (b.kind === 'text' ? b.text : b.rows.map((row) => row.join(' ')).join(' ')))
      .map((t) => t.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' ');
  }

  /** The text lists of a drawing object (a text box's `hp:drawText/hp:subList`), found within a few levels. */
  private subLists(node: Node, depth = 0): Node[] {
    if (depth > 4) return [];
    return children(node).flatMap((c) => (this.part.is(c, 'subList') ? [c] : this.part.is(c, 'tbl') ? [] : this.subLists(c, depth + 1)));
  }
}

/** Extracts an HWPX document, section by section. */
export async function extractHwpx(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  // An encrypted package lists its encrypted parts in the manifest, as OpenDocument does.
  if (/encryption-data/i.test(textOf(archive, 'META-INF/manifest.xml') ?? '')) throw new DocumentProblem('encrypted', 'encrypted HWPX');
  const sections = sectionParts(archive);
  if (sections.length === 0) throw new DocumentProblem('damaged', 'no Contents/section0.xml');
  const header = readHeader(archive);
  const collector = new PartCollector(job.range, job.maxTextBytes, 'section', onProgress);
  collector.expect(sections.length);
  for (let index = job.range?.start ?? 1; index <= sections.length && collector.more(index); index++) {
    const name = sections[index - 1]!;
    const part = new Part(textOf(archive, name) ?? '', name, 'sec');
    const reader = new SectionReader(part, header);
    reader.paragraphs(part.root, 0);
    if (!collector.add(index, '', sectionMarkdown(reader.blocks))) break;
  }
  return { kind: 'document', format: 'hwpx', extractor: HWPX_EXTRACTOR, unit: 'section', unitCount: sections.length, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: noticesOf(archive) };
}
