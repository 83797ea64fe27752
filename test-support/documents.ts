/**
 * Builds the test documents with maintained writers: pdf-lib (PDF), docx (Word), exceljs
 * (workbooks), and fflate for the formats with no maintained writer (PowerPoint and OpenDocument,
 * assembled from their XML parts), plus the hostile ones: an encrypted PDF, a damaged file, a zip
 * bomb, a deflate bomb and a scanned-like PDF with no text layer. Not imported by product code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, deflateRawSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { unzipSync, zipSync, strToU8, type Zippable } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as docx from 'docx';
import ExcelJS from 'exceljs';

/** A PDF of `pages` pages; page N says `Page N` and `lines` lines of text, except the `scanned` ones (a drawn box only). */
export async function makePdf(pages: number, lines = 3, word = 'text', scanned: readonly number[] = []): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([595, 842]);
    if (scanned.includes(p)) {
      page.drawRectangle({ x: 40, y: 40, width: 500, height: 700 });
      continue;
    }
    page.drawText(`Page ${p} heading`, { x: 40, y: 800, size: 16, font });
    for (let l = 0; l < lines; l++) page.drawText(`Page ${p} line ${l + 1}: the ${word} of this page`, { x: 40, y: 770 - l * 16, size: 11, font });
  }
  return pdf.save();
}

/**
 * The PDF the tests of a spent budget of work read: 14 pages of 2,400 lines, of which the 49 drawn
 * on the page are text (about 60 KB, under the 64 KiB per-reference limit, its last line "Page 14
 * line 49: the quick brown fox ..."), and about 0.85 s of PDF.js work on a fast machine: five times
 * the least budget Settings allows (0.1 s, 0.17 s once the 14 pages are counted). With 300 lines a
 * page a fast machine read it within that budget (0.11-0.14 s warm), and the tests that need it to
 * run out failed.
 */
export function makeHeavyPdf(): Promise<Uint8Array> {
  return makePdf(14, 2400, 'quick brown fox jumps over the lazy dog in a sentence');
}

/**
 * A PDF of Japanese text, drawn with Noto Sans JP (from @fontsource/noto-sans-jp, embedded as a
 * subset), so its text layer holds real CJK characters.
 */
export async function makeCjkPdf(lines: string[]): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  const fontFile = require.resolve('@fontsource/noto-sans-jp/files/noto-sans-jp-japanese-400-normal.woff');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(fontFile), { subset: true });
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 24, size: 14, font }));
  return pdf.save();
}

/**
 * A zlib stream that inflates to `inflated` bytes of spaces (a whole number of MiB), made without
 * compressing them all: one MiB is deflated as a self-contained, byte-aligned block (a full flush
 * forgets the history) and that block is repeated, then closed by a final empty block. The
 * checksum at the end does not match; a reader meets the cap long before it.
 */
export function deflateRepeated(inflated: number): Buffer {
  const mib = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(mib, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const blocks = Math.ceil(inflated / mib);
  const zlibHeader = Buffer.from([0x78, 0xda]);
  const finalEmpty = Buffer.from([0x03, 0x00]);
  return Buffer.concat([zlibHeader, ...Array.from({ length: blocks }, () => block), finalEmpty, Buffer.alloc(4)]);
}

/**
 * A PDF whose one content stream is a deflate bomb: a few MiB that inflate to `inflated` bytes of
 * spaces (4 GiB is the hostile review's case).
 */
export function makePdfDeflateBomb(inflated = 1024 * 1024 * 1024): Uint8Array {
  const stream = deflateRepeated(inflated);
  const head = '%PDF-1.4\n';
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from(head)];
  const offsets: number[] = [];
  let at = head.length;
  objects.forEach((o, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(o), Buffer.from('\nendobj\n')]);
    offsets.push(at);
    at += chunk.length;
    parts.push(chunk);
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/** A Word document of plain paragraphs. */
export async function makeDocxParagraphs(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new docx.Document({ sections: [{ children: paragraphs.map((p) => new docx.Paragraph(p)) }] });
  return new Uint8Array(await docx.Packer.toBuffer(doc));
}

/** A PDF whose pages hold only a drawn rectangle (as a scan holds only an image): no text layer. */
export async function makeScannedPdf(pages = 2): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let p = 0; p < pages; p++) pdf.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 500, height: 700 });
  return pdf.save();
}

/**
 * A PDF encrypted with the standard security handler and a user password (RC4, revision 2): the
 * `/U` entry does not match the empty password, so a reader must ask for one.
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex32(1)}> /U <${hex32(2)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex32(3).slice(0, 32)}> <${hex32(3).slice(0, 32)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(body);
}

/** A Word table cell holding one paragraph of `text`. */
const wordCell = (text: string) => new docx.TableCell({ children: [new docx.Paragraph(text)] });

/**
 * A long Word report: `sections` chapters, each a heading, 30 paragraphs of Japanese, Korean and
 * English (every third one in bold) and a table of 10 rows by 3 columns.
 */
export async function makeLongDocx(sections: number): Promise<Uint8Array> {
  const children: Array<docx.Paragraph | docx.Table> = [];
  for (let s = 1; s <= sections; s++) {
    children.push(new docx.Paragraph({ text: `第${s}章 四半期の報告`, heading: docx.HeadingLevel.HEADING_1 }));
    for (let p = 1; p <= 30; p++) {
      children.push(
        new docx.Paragraph({
          children: [new docx.TextRun({ text: `売上は前年より増えました（${s}-${p}）。`, bold: p % 3 === 0 }), new docx.TextRun(' 한국어 요약입니다. The quick brown fox jumps over the lazy dog.')],
        }),
      );
    }
    children.push(new docx.Table({ rows: Array.from({ length: 10 }, (_, r) => new docx.TableRow({ children: [wordCell(`項目 ${r + 1}`), wordCell(String((r + 1) * 1200)), wordCell('備考')] })) }));
  }
  return new Uint8Array(await docx.Packer.toBuffer(new docx.Document({ sections: [{ children }] })));
}

/** A Word document with a heading, a paragraph in Japanese and Korean, a list and a table. */
export async function makeDocx(extraParagraphs = 0): Promise<Uint8Array> {
  const doc = new docx.Document({
    sections: [
      {
        children: [
          new docx.Paragraph({ text: 'Quarterly plan', heading: docx.HeadingLevel.HEADING_1 }),
          new docx.Paragraph({ text: 'Budget', heading: docx.HeadingLevel.HEADING_2 }),
          new docx.Paragraph('計画の概要です。 한국어 요약입니다.'),
          new docx.Paragraph({ text: 'first point', bullet: { level: 0 } }),
          new docx.Paragraph({ text: 'second point', bullet: { level: 0 } }),
          new docx.Table({ rows: [new docx.TableRow({ children: [wordCell('item'), wordCell('cost')] }), new docx.TableRow({ children: [wordCell('servers'), wordCell('1200')] })] }),
          ...Array.from({ length: extraParagraphs }, (_, i) => new docx.Paragraph(`Filler paragraph ${i} with enough words to take some room in the text.`)),
        ],
      },
    ],
  });
  return new Uint8Array(await docx.Packer.toBuffer(doc));
}

/** A workbook of `sheets` sheets named `Sales N`, `rows` rows each, the first a header; CJK in the first. */
export async function makeXlsx(sheets = 2, rows = 3): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (let s = 1; s <= sheets; s++) {
    const ws = wb.addWorksheet(s === 1 ? '売上 1' : `Sales ${s}`);
    ws.addRow(['region', 'amount', 'note']);
    for (let r = 1; r < rows; r++) ws.addRow([`region ${s}-${r}`, r * 10, s === 1 && r === 1 ? '東京 서울' : `note ${r}`]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  const z: Zippable = {};
  for (const [name, content] of Object.entries(files)) z[name] = typeof content === 'string' ? strToU8(content) : content;
  return zipSync(z);
}

const P_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function shape(text: string[], type?: string): string {
  const ph = type ? `<p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr><p:ph type="${type}"/></p:nvPr></p:nvSpPr>` : '<p:nvSpPr><p:cNvPr id="2" name="b"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>';
  return `<p:sp>${ph}<p:txBody>${text.map((t) => `<a:p><a:r><a:t>${t}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`;
}

/** A deck of slides `{title, bullets, notes}`, listed in presentation.xml in reverse file order (order must follow the list); `extra` parts added or replaced. */
export function makePptx(slides: { title: string; bullets: string[]; notes?: string }[], extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Record<string, string | Uint8Array> = {};
  const ids = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 10}"/>`).join('');
  files['[Content_Types].xml'] = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
  files['ppt/presentation.xml'] = `<?xml version="1.0"?><p:presentation ${P_NS}><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`;
  // Files are numbered backwards, so reading them in file order would put the slides in the wrong order.
  const fileOf = (i: number) => slides.length - i;
  files['ppt/_rels/presentation.xml.rels'] = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides
    .map((_, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/slide" Target="slides/slide${fileOf(i)}.xml"/>`)
    .join('')}</Relationships>`;
  slides.forEach((s, i) => {
    const n = fileOf(i);
    files[`ppt/slides/slide${n}.xml`] = `<?xml version="1.0"?><p:sld ${P_NS}><p:cSld><p:spTree>${shape([s.title], 'title')}${shape(s.bullets)}</p:spTree></p:cSld></p:sld>`;
    if (s.notes) {
      files[`ppt/slides/_rels/slide${n}.xml.rels`] = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/notesSlide" Target="../notesSlides/notesSlide${n}.xml"/></Relationships>`;
      files[`ppt/notesSlides/notesSlide${n}.xml`] = `<?xml version="1.0"?><p:notes ${P_NS}><p:cSld><p:spTree>${shape(['slide image'], 'sldImg')}${shape([s.notes], 'body')}</p:spTree></p:cSld></p:notes>`;
    }
  });
  // Extra parts are added last, so they may replace generated ones.
  Object.assign(files, extra);
  return zip(files);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/** An OpenDocument file of `type` (`text`, `spreadsheet`, `presentation`) whose office body is `body`. */
export function makeOdf(type: 'text' | 'spreadsheet' | 'presentation', body: string): Uint8Array {
  const z: Zippable = {
    // The standard wants `mimetype` first and stored.
    mimetype: [strToU8(`application/vnd.oasis.opendocument.${type}`), { level: 0 }],
    'META-INF/manifest.xml': strToU8('<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
    'content.xml': strToU8(`<?xml version="1.0"?><office:document-content ${ODF_NS}><office:body><office:${type}>${body}</office:${type}></office:body></office:document-content>`),
  };
  return zipSync(z);
}

/**
 * A zip written by hand, as no zip writer writes lying sizes: one deflated local entry, listed in
 * the central directory once per name in `names`, every listing pointing at that same entry and
 * declaring `declaredSize` (the overlapping-entries trick of non-recursive zip bombs).
 */
function handZip(names: string[], inflated: number, declaredSize: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(inflated, 0x20), { level: 9 });
  const first = Buffer.from(names[0]!);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(first.length, 26);
  const centrals = names.map((n) => {
    const name = Buffer.from(n);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    return Buffer.concat([central, name]);
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + first.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, first, data, directory, end]));
}

/** A zip bomb shaped like a .docx: 1,000 entries sharing one 4 MiB stream, declaring 4 GiB together. */
export function makeZipBomb(): Uint8Array {
  const names = ['word/document.xml', ...Array.from({ length: 999 }, (_, i) => `word/part${i}.xml`)];
  return handZip(names, 4 * 1024 * 1024, 4 * 1024 * 1024);
}

/** A deflate bomb shaped like a .docx: `word/document.xml` declares 100 bytes (or `declared`) but inflates to `inflated` (64 MiB). */
export function makeDeflateBomb(inflated = 64 * 1024 * 1024, declared = 100): Uint8Array {
  return handZip(['word/document.xml'], inflated, declared);
}

/**
 * A 20 KB .docx whose central directory lists one 1 MiB entry `records` times under different part
 * names (the hostile review's case: read naively, it is inflated `records` times).
 */
export function makeAliasedDocx(records = 250): Uint8Array {
  const names = ['word/document.xml', ...Array.from({ length: records - 1 }, (_, i) => `word/header${i + 1}.xml`)];
  return handZip(names, 1024 * 1024, 1024 * 1024);
}

/**
 * A real, valid .docx or .odt (made by the same writers as the others) with one more part that
 * inflates to `bytes` and honestly says so: a 250 MiB part inside a file of a few hundred KB.
 */
export async function makeDocumentWithHugePart(format: 'docx' | 'odt', bytes = 250 * 1024 * 1024): Promise<Uint8Array> {
  const [files, part, closing] = format === 'docx' ? [unzipSync(await makeDocx()), 'word/document.xml', '</w:body>'] : [unzipSync(makeOdf('text', '<text:p>hello</text:p>')), 'content.xml', '</office:text>'];
  // Spaces before the body's end: the part stays well-formed, only enormous.
  const xml = Buffer.from(files[part]!);
  const at = xml.indexOf(closing);
  files[part] = new Uint8Array(Buffer.concat([xml.subarray(0, at), Buffer.alloc(bytes, 0x20), xml.subarray(at)]));
  return zipSync(files, { level: 9 });
}

/** A page of `depth` nested `<div>`s around a little text (the hostile review's case). */
export function nestedDivPage(depth: number): string {
  return `<!doctype html><html><head><title>Nested</title></head><body>${'<div>'.repeat(depth)}<p>deep text</p>${'</div>'.repeat(depth)}</body></html>`;
}
