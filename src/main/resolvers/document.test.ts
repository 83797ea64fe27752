import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileResolver } from './file';
import { makeArea, makeCtx, makeRef, ok, refused, type TempArea } from '../../../test-support/fs';
import { expectRefusal } from '../../../test-support/refusals';
import type { Resolution } from '../resolve';
import {
  makeDeflateBomb,
  makeDocx,
  makeEncryptedPdf,
  makeOdf,
  makePdf,
  makePptx,
  makeScannedPdf,
  makeXlsx,
  makeZipBomb,
} from '../../../test-support/documents';

let area: TempArea;

beforeAll(async () => {
  area = await makeArea();
  await area.write('paper.pdf', await makePdf(12));
  await area.write('long.pdf', await makePdf(60, 40, 'considerably longer sentence that fills the page with words'));
  await area.write('scan.pdf', await makeScannedPdf());
  await area.write('mixed.pdf', await makePdf(4, 2, 'text', [2, 4]));
  await area.write('locked.pdf', makeEncryptedPdf());
  await area.write('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage that is no pdf'));
  await area.write('plan.docx', await makeDocx());
  await area.write('fake.docx', Buffer.from('this is not a word document at all'));
  await area.write('bomb.docx', makeZipBomb());
  await area.write('deflate-bomb.docx', makeDeflateBomb());
  await area.write('book.xlsx', await makeXlsx(3, 4));
  await area.write(
    'deck.pptx',
    makePptx(
      [
        { title: 'Opening', bullets: ['why we meet'], notes: 'greet everyone' },
        { title: 'Numbers', bullets: ['growth 12%', 'costs flat'] },
        { title: 'Close', bullets: ['next steps'], notes: 'ask for questions' },
      ],
      { 'ppt/vbaProject.bin': new Uint8Array([1, 2, 3]), 'ppt/embeddings/oleObject1.bin': new Uint8Array([4]) },
    ),
  );
  await area.write(
    'laughs.pptx',
    makePptx([{ title: 'x', bullets: [] }], {
      'ppt/presentation.xml':
        '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">&c;</p:presentation>',
    }),
  );
  await area.write(
    'notes.odt',
    makeOdf(
      'text',
      '<text:h text:outline-level="1">会議メモ</text:h><text:p>本文の段落。</text:p><text:list><text:list-item><text:p>one</text:p><text:list><text:list-item><text:p>nested</text:p></text:list-item></text:list></text:list-item></text:list>' +
        '<table:table table:name="T"><table:table-row><table:table-cell><text:p>k</text:p></table:table-cell><table:table-cell><text:p>v</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>a</text:p></table:table-cell><table:table-cell><text:p>1</text:p></table:table-cell></table:table-row></table:table>',
    ),
  );
  await area.write(
    'sheet.ods',
    makeOdf(
      'spreadsheet',
      '<table:table table:name="Costs"><table:table-row><table:table-cell><text:p>item</text:p></table:table-cell><table:table-cell><text:p>cost</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell><text:p>disk</text:p></table:table-cell><table:table-cell><text:p>40</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table><table:table table:name="Empty"/>',
    ),
  );
  await area.write(
    'talk.odp',
    makeOdf(
      'presentation',
      '<draw:page draw:name="p1"><draw:frame presentation:class="title"><draw:text-box><text:p>Intro</text:p></draw:text-box></draw:frame><draw:frame presentation:class="outline"><draw:text-box><text:list><text:list-item><text:p>point A</text:p></text:list-item></text:list></draw:text-box></draw:frame><presentation:notes><draw:frame><draw:text-box><text:p>say hello</text:p></draw:text-box></draw:frame></presentation:notes></draw:page><draw:page draw:name="p2"><draw:frame presentation:class="title"><draw:text-box><text:p>End</text:p></draw:text-box></draw:frame></draw:page>',
    ),
  );
}, 60_000);
afterAll(() => area.cleanup());

async function resolve(value: string, range?: [number, number?]): Promise<Resolution> {
  return fileResolver.resolve(makeRef('file', value, range), makeCtx(area.root));
}

describe('@file documents: PDF', () => {
  it('attaches every page in order, each under a page marker, with a citation', async () => {
    const r = ok(await resolve('paper.pdf'));
    expect(r.text).toMatch(/^<!-- page 1 of 12 -->\n\nPage 1 heading\n+Page 1 line 1: the text of this page/);
    expect(r.text.indexOf('<!-- page 2 of 12 -->')).toBeGreaterThan(r.text.indexOf('Page 1 line 3'));
    expect(r.text).toContain('<!-- page 12 of 12 -->');
    expect(r.description).toBe('file paper.pdf, pages 1–12 of 12 (PDF)');
    expect(r.language).toBe('markdown');
    expect(r.source.document).toMatchObject({ format: 'pdf', unit: 'page', first: 1, last: 12, count: 12 });
    expect(r.source.document!.extractor).toMatch(/^pdfjs-dist \d+\.\d+\.\d+$/);
    expect(r.source.document!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a range means pages', async () => {
    const r = ok(await resolve('paper.pdf', [3, 5]));
    expect(r.text).toContain('Page 3 heading');
    expect(r.text).toContain('Page 5 line 3');
    expect(r.text).not.toContain('Page 2 ');
    expect(r.text).not.toContain('Page 6 ');
    expect(r.description).toBe('file paper.pdf, pages 3–5 of 12 (PDF)');
    expect(r.source.document).toMatchObject({ first: 3, last: 5, count: 12 });
  });

  it('a range past the end is refused with the page count; one ending past it is clamped', async () => {
    expect(refused(await resolve('paper.pdf', [13, 14])).message).toBe('paper.pdf has 12 pages; use a range within 1-12.');
    const r = ok(await resolve('paper.pdf', [11, 20]));
    expect(r.warnings?.map((w) => w.code)).toEqual(['clamped']);
    expect(r.warnings?.[0]!.message).toContain('attached pages 11–12 of the pages 11–20 asked for');
  });

  it('over the per-reference limit names a page range that fits', async () => {
    const r = expectRefusal(await resolve('long.pdf'), 'too_large');
    const m = /pages 1–(\d+) fit; write @file:long\.pdf:1-(\d+)\./.exec(r.message);
    expect(m, r.message).not.toBeNull();
    const fits = ok(await resolve('long.pdf', [1, Number(m![2])]));
    expect(Buffer.byteLength(fits.text)).toBeLessThanOrEqual(64 * 1024);
  });

  it('a scanned PDF says it has no text layer and attaches nothing', async () => {
    const r = refused(await resolve('scan.pdf'));
    expect(r.message).toBe('no text layer: the PDF looks scanned; run OCR first');
  });

  it('pages without a text layer among others are marked in the text and named in a warning', async () => {
    const r = ok(await resolve('mixed.pdf'));
    expect(r.text).toContain('<!-- page 2 of 4 -->\n\n(no text layer on this page: it may be a scanned image)');
    expect(r.text).toContain('Page 3 line 2');
    expect(r.warnings?.map((w) => [w.code, w.message])).toEqual([
      ['not_found', 'no text layer on 2 of the pages attached (2, 4): they look scanned; run OCR on them to attach their text'],
    ]);
  });

  it('an encrypted PDF and a damaged one get one sentence each', async () => {
    expect(refused(await resolve('locked.pdf')).message).toBe('the PDF is encrypted or password-protected. Save a copy without a password and attach that.');
    expect(refused(await resolve('broken.pdf')).message).toMatch(/^the PDF is damaged and cannot be read\./);
  });
});

describe('@file documents: Word and OpenDocument text', () => {
  it('keeps headings, lists, tables and CJK text as Markdown', async () => {
    const r = ok(await resolve('plan.docx'));
    expect(r.text).toContain('# Quarterly plan');
    expect(r.text).toContain('## Budget');
    expect(r.text).toContain('計画の概要です。 한국어 요약입니다.');
    expect(r.text).toMatch(/^-\s+first point\n-\s+second point$/m);
    expect(r.text).toContain('| item | cost |\n| --- | --- |\n| servers | 1200 |');
    expect(r.description).toBe('file plan.docx (Word document)');
    expect(r.source.document).toMatchObject({ format: 'docx', first: null, last: null, count: null });
    expect(r.source.document!.extractor).toMatch(/^mammoth \d/);
  });

  it('a page range on a Word document is refused: it holds no fixed pages', async () => {
    expect(refused(await resolve('plan.docx', [1, 2])).message).toContain('holds no fixed pages');
  });

  it('OpenDocument text keeps headings, nested lists and tables', async () => {
    const r = ok(await resolve('notes.odt'));
    expect(r.text).toBe('# 会議メモ\n\n本文の段落。\n\n- one\n  - nested\n\n| k | v |\n| --- | --- |\n| a | 1 |');
  });

  it('a file named .docx that is not one is refused in one sentence', async () => {
    expect(refused(await resolve('fake.docx')).message).toMatch(/^the file is named like a Word document but its content is not one/);
  });
});

describe('@file documents: sheets and slides', () => {
  it('one table per sheet with its name; a range counts sheets', async () => {
    const all = ok(await resolve('book.xlsx'));
    expect(all.text).toContain('## Sheet 1: 売上 1\n\n| region | amount | note |\n| --- | --- | --- |\n| region 1-1 | 10 | 東京 서울 |');
    expect(all.text).toContain('## Sheet 3: Sales 3');
    const two = ok(await resolve('book.xlsx', [2, 2]));
    expect(two.text.startsWith('## Sheet 2: Sales 2')).toBe(true);
    expect(two.text).not.toContain('Sheet 3');
    expect(two.description).toBe('file book.xlsx, sheet 2 of 3 (Excel workbook)');
  });

  it('OpenDocument sheets: names, tables, and a million repeated empty rows cost nothing', async () => {
    const r = ok(await resolve('sheet.ods'));
    expect(r.text).toBe('## Sheet 1: Costs\n\n| item | cost |\n| --- | --- |\n| disk | 40 |\n\n## Sheet 2: Empty\n\n(empty sheet)');
  });

  it('slides in presentation order with titles and marked speaker notes; macros and objects ignored and said so', async () => {
    const r = ok(await resolve('deck.pptx'));
    expect(r.text).toBe(
      '## Slide 1: Opening\n\n- why we meet\n\n> **Speaker notes:** greet everyone\n\n## Slide 2: Numbers\n\n- growth 12%\n- costs flat\n\n## Slide 3: Close\n\n- next steps\n\n> **Speaker notes:** ask for questions',
    );
    expect(r.warnings?.map((w) => w.message)).toEqual([
      'the document holds macros; they were ignored (never run, not attached).',
      'the document holds embedded objects; they were ignored.',
    ]);
    const two = ok(await resolve('deck.pptx', [2, 3]));
    expect(two.text.startsWith('## Slide 2: Numbers')).toBe(true);
    expect(two.description).toBe('file deck.pptx, slides 2–3 of 3 (PowerPoint deck)');
  });

  it('OpenDocument presentations: pages with titles and notes', async () => {
    const r = ok(await resolve('talk.odp'));
    expect(r.text).toBe('## Slide 1: Intro\n\n- point A\n\n> **Speaker notes:** say hello\n\n## Slide 2: End');
  });
});

describe('@file documents: bombs fail fast', () => {
  it('XML entities are never expanded (billion laughs): the part is refused as damaged', async () => {
    expect(refused(await resolve('laughs.pptx')).message).toMatch(/^the PowerPoint deck is damaged/);
  });

  it('a zip bomb (entries declaring 4 GiB) is refused before anything is inflated', async () => {
    expectRefusal(await resolve('bomb.docx'), 'too_large', { contains: 'as a zip bomb does' });
  });

  it('a deflate bomb (an entry inflating past the size it declares) is stopped at its cap', async () => {
    expectRefusal(await resolve('deflate-bomb.docx'), 'too_large', { contains: 'as a zip bomb does' });
  });
});

describe('@file documents: sentences in the person language', () => {
  it('carries catalogue texts that read in Japanese and Korean', async () => {
    const { translate } = await import('../../shared/i18n/translate');
    const r = refused(await resolve('paper.pdf', [13, 14]));
    expect(r.text).toBeDefined();
    expect(translate(r.text!, 'ja')).toBe('paper.pdf は 12 ページです。1-12 の範囲で指定してください。');
    expect(translate(r.text!, 'ko')).toBe('paper.pdf는 12쪽입니다. 1-12 범위로 지정하세요.');
    const scan = refused(await resolve('scan.pdf'));
    expect(translate(scan.text!, 'ja')).toContain('OCR');
  });
});
