/**
 * Builds HWPX and HWP 5 test documents. HWPX is written part by part with fflate, following the
 * OWPML package (mimetype stored first, META-INF/container.xml, Contents/content.hpf with its
 * spine, Contents/header.xml with paragraph shapes and styles, Contents/sectionN.xml, version.xml).
 * HWP 5 is written with `cfb`'s compound-file writer: a FileHeader with its signature and
 * properties, DocInfo with paragraph shapes and styles, and BodyText/SectionN streams of tagged
 * records (paragraph headers, UTF-16 text, table controls with cells), raw-deflated as Hangul does.
 * Not imported by product code.
 */
import { deflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { deflateRepeated } from './documents';

/** A block of a test document: a heading, a list item, a paragraph or a table (first row the header). */
export type HwpTestBlock =
  | { heading: string; level?: number }
  | { item: string; ordered?: boolean; level?: number }
  | { text: string }
  | { table: string[][]; merge?: boolean }
  /** A text box (a drawing object holding paragraphs) anchored in an empty paragraph. */
  | { box: string[] };

/** The document every HWP/HWPX test reads unless it says otherwise: a heading, a list, a table, Korean text. */
export const KOREAN_REPORT: HwpTestBlock[][] = [
  [
    { heading: '2026년 사업 보고서' },
    { text: '본 보고서는 서울시 교육청의 예산 집행 현황을 정리한 것입니다.' },
    { heading: '주요 성과', level: 2 },
    { item: '학교 도서관 현대화', ordered: false },
    { item: '교사 연수 확대', ordered: false },
    { item: '세부 계획 수립', ordered: true, level: 1 },
    { table: [['항목', '예산(원)', '집행률'], ['도서관', '1,200,000', '95%'], ['연수', '800,000', '88%']] },
    { text: '끝.' },
  ],
];

// ---------- HWPX ----------

const HWPX_NS =
  'xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head" xmlns:hc="http://www.hancom.co.kr/hwpml/2011/core"';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Paragraph shape ids of the test header: 0 body, 1–6 outline levels, 7–8 numbered, 9–10 bulleted (levels 0 and 1). */
function shapeOf(block: HwpTestBlock): number {
  if ('heading' in block) return Math.min(block.level ?? 1, 6);
  if ('item' in block) return (block.ordered ? 7 : 9) + Math.min(block.level ?? 0, 1);
  return 0;
}

const SHAPES: { type: string; level: number }[] = [
  { type: 'NONE', level: 0 },
  ...[0, 1, 2, 3, 4, 5].map((level) => ({ type: 'OUTLINE', level })),
  { type: 'NUMBER', level: 0 },
  { type: 'NUMBER', level: 1 },
  { type: 'BULLET', level: 0 },
  { type: 'BULLET', level: 1 },
];

function hwpxParagraph(text: string, shape: number, inner = ''): string {
  return `<hp:p id="0" paraPrIDRef="${shape}" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0"><hp:run charPrIDRef="0">${inner}<hp:t>${esc(text)}</hp:t></hp:run></hp:p>`;
}

function hwpxTable(rows: string[][], merge: boolean): string {
  const cols = Math.max(...rows.map((r) => r.length));
  const trs = rows.map((row, r) => {
    const tcs = row.map((cell, c) => {
      // With `merge`, the first header cell spans two columns and the second is covered (left out).
      if (merge && r === 0 && c === 1) return '';
      const span = merge && r === 0 && c === 0 ? 2 : 1;
      return `<hp:tc><hp:subList>${hwpxParagraph(cell, 0)}</hp:subList><hp:cellAddr colAddr="${c}" rowAddr="${r}"/><hp:cellSpan colSpan="${span}" rowSpan="1"/></hp:tc>`;
    });
    return `<hp:tr>${tcs.join('')}</hp:tr>`;
  });
  return `<hp:p id="0" paraPrIDRef="0" styleIDRef="0"><hp:run charPrIDRef="0"><hp:tbl rowCnt="${rows.length}" colCnt="${cols}">${trs.join('')}</hp:tbl><hp:t/></hp:run></hp:p>`;
}

/** A rectangle with text inside (`hp:rect/hp:drawText/hp:subList`), anchored in an empty paragraph. */
function hwpxTextBox(lines: string[]): string {
  return `<hp:p id="0" paraPrIDRef="0" styleIDRef="0"><hp:run charPrIDRef="0"><hp:rect id="1"><hp:drawText lastWidth="1000"><hp:subList>${lines.map((l) => hwpxParagraph(l, 0)).join('')}</hp:subList></hp:drawText></hp:rect><hp:t/></hp:run></hp:p>`;
}

/** An HWPX whose sections hold `sections` (default: {@link KOREAN_REPORT}); `extra` parts are added last. */
export function makeHwpx(sections: HwpTestBlock[][] = KOREAN_REPORT, extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Zippable = {
    // Like OpenDocument: the mimetype first and stored, so the type can be read without inflating.
    mimetype: [strToU8('application/hwp+zip'), { level: 0 }],
    'version.xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><hv:HCFVersion xmlns:hv="http://www.hancom.co.kr/hwpml/2011/version" tagetApplication="WORDPROCESSOR" major="5" minor="1" micro="0" buildNumber="1" os="1" xmlVersion="1.4" application="Atmark tests" appVersion="1"/>'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/></ocf:rootfiles></ocf:container>',
    ),
    'Contents/content.hpf': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/" version="" unique-identifier="" id=""><opf:metadata><opf:title>보고서</opf:title></opf:metadata><opf:manifest><opf:item id="header" href="Contents/header.xml" media-type="application/xml"/>${sections
        .map((_, i) => `<opf:item id="section${i}" href="Contents/section${i}.xml" media-type="application/xml"/>`)
        .join('')}</opf:manifest><opf:spine><opf:itemref idref="header" linear="no"/>${sections.map((_, i) => `<opf:itemref idref="section${i}" linear="yes"/>`).join('')}</opf:spine></opf:package>`,
    ),
    'Contents/header.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><hh:head ${HWPX_NS} version="1.4" secCnt="${sections.length}"><hh:refList><hh:paraProperties itemCnt="${SHAPES.length}">${SHAPES.map(
        (s, id) => `<hh:paraPr id="${id}"><hh:heading type="${s.type}" idRef="0" level="${s.level}"/></hh:paraPr>`,
      ).join('')}</hh:paraProperties><hh:styles itemCnt="1"><hh:style id="0" type="PARA" name="바탕글" engName="Normal" paraPrIDRef="0" charPrIDRef="0" nextStyleIDRef="0" langID="1042"/></hh:styles></hh:refList></hh:head>`,
    ),
  };
  sections.forEach((blocks, i) => {
    const body = blocks
      .map((b, n) => {
        if ('table' in b) return hwpxTable(b.table, b.merge ?? false);
        if ('box' in b) return hwpxTextBox(b.box);
        const text = 'heading' in b ? b.heading : 'item' in b ? b.item : b.text;
        // The first paragraph of a section carries its section properties, as Hangul writes it.
        return hwpxParagraph(text, shapeOf(b), n === 0 ? '<hp:secPr id="" textDirection="HORIZONTAL"/><hp:ctrl><hp:colPr id="" type="NEWSPAPER" colCount="1"/></hp:ctrl>' : '');
      })
      .join('');
    files[`Contents/section${i}.xml`] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><hs:sec ${HWPX_NS}>${body}</hs:sec>`);
  });
  for (const [name, data] of Object.entries(extra)) files[name] = typeof data === 'string' ? strToU8(data) : data;
  return zipSync(files);
}

// ---------- HWP 5 ----------

const TAG = { paraShape: 25, style: 26, paraHeader: 66, paraText: 67, ctrlHeader: 71, listHeader: 72, table: 77 } as const;

function record(tag: number, level: number, data: Uint8Array): Buffer {
  if (data.length < 0xfff) {
    const head = Buffer.alloc(4);
    head.writeUInt32LE((tag | (level << 10) | (data.length << 20)) >>> 0, 0);
    return Buffer.concat([head, data]);
  }
  const head = Buffer.alloc(8);
  head.writeUInt32LE((tag | (level << 10) | (0xfff << 20)) >>> 0, 0);
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data]);
}

function paraHeader(level: number, chars: number, shape: number): Buffer {
  const d = Buffer.alloc(22);
  d.writeUInt32LE(chars, 0);
  d.writeUInt16LE(shape, 8);
  d.writeUInt8(0, 10);
  return record(TAG.paraHeader, level, d);
}

/** Text as PARA_TEXT stores it: UTF-16LE, closed by the paragraph break (13). */
function paraText(level: number, text: string, control = false): { header: Buffer; text: Buffer } {
  // A table is anchored by an extended control character: 11, six units of id and data, 11.
  const anchor = control ? Buffer.from(new Uint16Array([11, 0x6c20, 0x7462, 0, 0, 0, 0, 11]).buffer) : Buffer.alloc(0);
  const body = Buffer.concat([anchor, Buffer.from(text, 'utf16le'), Buffer.from([13, 0])]);
  return { header: paraHeader(level, body.length / 2, 0), text: record(TAG.paraText, level + 1, body) };
}

function hwpParagraph(level: number, text: string, shape: number): Buffer {
  const body = Buffer.concat([Buffer.from(text, 'utf16le'), Buffer.from([13, 0])]);
  return Buffer.concat([paraHeader(level, body.length / 2, shape), record(TAG.paraText, level + 1, body)]);
}

/** An empty paragraph anchoring a drawing object: CTRL_HEADER 'gso ', SHAPE_COMPONENT, then LIST_HEADER and its paragraphs. */
function hwpTextBox(lines: string[]): Buffer {
  const anchor = paraText(0, '', true);
  const ctrl = Buffer.alloc(46);
  ctrl.writeUInt32LE(0x67736f20, 0);
  const shape = Buffer.alloc(196);
  // A rectangle's id ('$rec'), written twice as HWP does for a shape that is not in a group.
  shape.writeUInt32LE(0x24726563, 0);
  shape.writeUInt32LE(0x24726563, 4);
  const list = Buffer.alloc(16);
  list.writeUInt16LE(lines.length, 0);
  return Buffer.concat([anchor.header, anchor.text, record(TAG.ctrlHeader, 1, ctrl), record(76, 2, shape), record(TAG.listHeader, 3, list), ...lines.map((l) => hwpParagraph(3, l, 0))]);
}

function hwpTable(rows: string[][]): Buffer {
  const cols = Math.max(...rows.map((r) => r.length));
  const anchor = paraText(0, '', true);
  const ctrl = Buffer.alloc(8);
  ctrl.writeUInt32LE(0x74626c20, 0);
  const table = Buffer.alloc(18);
  table.writeUInt16LE(rows.length, 4);
  table.writeUInt16LE(cols, 6);
  const cells = rows.flatMap((row, r) =>
    row.map((cell, c) => {
      const list = Buffer.alloc(34);
      list.writeUInt16LE(1, 0);
      list.writeUInt16LE(c, 8);
      list.writeUInt16LE(r, 10);
      list.writeUInt16LE(1, 12);
      list.writeUInt16LE(1, 14);
      return Buffer.concat([record(TAG.listHeader, 2, list), hwpParagraph(2, cell, 0)]);
    }),
  );
  return Buffer.concat([anchor.header, anchor.text, record(TAG.ctrlHeader, 1, ctrl), record(TAG.table, 2, table), ...cells]);
}

/** What an HWP test file is: its sections, and the FileHeader's flags or a bomb in place of section 0. */
export interface HwpOptions {
  sections?: HwpTestBlock[][];
  compressed?: boolean;
  password?: boolean;
  distribution?: boolean;
  /** Section 0 is a raw deflate stream that inflates to this many bytes of spaces. */
  bombBytes?: number;
}

/** An HWP 5 document (default: {@link KOREAN_REPORT}, compressed). */
export function makeHwp(options: HwpOptions = {}): Uint8Array {
  const { sections = KOREAN_REPORT, compressed = true } = options;
  const pack = (data: Buffer) => (compressed ? deflateRawSync(data) : data);
  const header = Buffer.alloc(256);
  header.write('HWP Document File', 0, 'latin1');
  header.writeUInt32LE(0x05000300, 32);
  header.writeUInt32LE((compressed ? 1 : 0) | (options.password ? 2 : 0) | (options.distribution ? 4 : 0), 36);
  const shapes = SHAPES.map((s) => {
    const d = Buffer.alloc(54);
    const type = ['NONE', 'OUTLINE', 'NUMBER', 'BULLET'].indexOf(s.type);
    d.writeUInt32LE(((type << 23) | (s.level << 25)) >>> 0, 0);
    return record(TAG.paraShape, 1, d);
  });
  const styleName = (text: string) => {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(text.length, 0);
    return Buffer.concat([b, Buffer.from(text, 'utf16le')]);
  };
  const style = record(TAG.style, 1, Buffer.concat([styleName('바탕글'), styleName('Normal'), Buffer.alloc(8)]));
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'FileHeader', header);
  CFB.utils.cfb_add(container, 'DocInfo', pack(Buffer.concat([...shapes, style])));
  sections.forEach((blocks, i) => {
    const body = Buffer.concat(
      blocks.map((b) => {
        if ('table' in b) return hwpTable(b.table);
        if ('box' in b) return hwpTextBox(b.box);
        const text = 'heading' in b ? b.heading : 'item' in b ? b.item : b.text;
        return hwpParagraph(0, text, shapeOf(b));
      }),
    );
    const stream = i === 0 && options.bombBytes ? deflateRepeated(options.bombBytes).subarray(2) : pack(body);
    CFB.utils.cfb_add(container, `BodyText/Section${i}`, stream);
  });
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}
