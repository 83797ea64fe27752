import { describe, expect, it } from 'vitest';
import { documentMarkdown } from '../../../test-support/extracted';
import { makeHwp, makeHwpx, type HwpTestBlock } from '../../../test-support/hwp-documents';
import { sniffDocument } from './document-format';
import { extractJob } from './extract-job';
import { paragraphText, readRecords } from './hwp';
import type { DocumentFormat, DocumentJob, ExtractionResult } from './protocol';

function job(bytes: Uint8Array, format: DocumentFormat, range: DocumentJob['range'] = null, maxInflatedBytes = 64 * 1024 * 1024): DocumentJob {
  return { kind: 'document', bytes, format, range, maxTextBytes: 64 * 1024, maxInflatedBytes };
}

async function markdown(bytes: Uint8Array, format: DocumentFormat, range: DocumentJob['range'] = null): Promise<string> {
  return documentMarkdown(await extractJob(job(bytes, format, range)));
}

function problem(result: ExtractionResult): string {
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
}

/** The Markdown both readers give for the default fixture (KOREAN_REPORT). */
const REPORT = [
  '# 2026년 사업 보고서',
  '',
  '본 보고서는 서울시 교육청의 예산 집행 현황을 정리한 것입니다.',
  '',
  '## 주요 성과',
  '',
  '- 학교 도서관 현대화\n- 교사 연수 확대\n  1. 세부 계획 수립',
  '',
  '| 항목 | 예산(원) | 집행률 |\n| --- | --- | --- |\n| 도서관 | 1,200,000 | 95% |\n| 연수 | 800,000 | 88% |',
  '',
  '끝.',
].join('\n');

const THREE_SECTIONS: HwpTestBlock[][] = [[{ heading: '첫째 구역' }, { text: '가나다' }], [{ heading: '둘째 구역' }, { text: '라마바' }], [{ heading: '셋째 구역' }, { text: '사아자' }]];

const BOXED: HwpTestBlock[][] = [[{ text: '본문 앞' }, { box: ['글상자 첫 줄', '글상자 둘째 줄'] }, { text: '본문 뒤' }]];

describe('both formats', () => {
  it('read a text box’s paragraphs where it is anchored', async () => {
    const expected = '본문 앞\n\n글상자 첫 줄\n\n글상자 둘째 줄\n\n본문 뒤';
    expect(await markdown(makeHwpx(BOXED), 'hwpx')).toBe(expected);
    expect(await markdown(makeHwp({ sections: BOXED }), 'hwp')).toBe(expected);
  });
});

describe('HWPX (OWPML written part by part, read by Atmark)', () => {
  it('is sniffed by its mimetype, not its name', () => {
    expect(sniffDocument(makeHwpx())).toEqual({ kind: 'document', format: 'hwpx' });
  });

  it('gives headings, a nested list, a table and Korean text in document order', async () => {
    expect(await markdown(makeHwpx(), 'hwpx')).toBe(REPORT);
  });

  it('counts sections as the units of a range, in the spine order', async () => {
    const result = await extractJob(job(makeHwpx(THREE_SECTIONS), 'hwpx', { start: 2, end: 3 }));
    if (!result.ok || result.output.kind !== 'document') throw new Error('expected a document');
    expect(result.output.unit).toBe('section');
    expect(result.output.unitCount).toBe(3);
    expect(result.output.parts.map((p) => [p.index, p.markdown])).toEqual([
      [2, '# 둘째 구역\n\n라마바'],
      [3, '# 셋째 구역\n\n사아자'],
    ]);
  });

  it('puts a merged cell in its first column and leaves the covered one empty', async () => {
    const text = await markdown(makeHwpx([[{ table: [['기간', '', '비고'], ['1월', '2월', '없음']], merge: true }]]), 'hwpx');
    expect(text).toBe('| 기간 |  | 비고 |\n| --- | --- | --- |\n| 1월 | 2월 | 없음 |');
  });

  it('a one-column table (a box around a note) reads as paragraphs, not as a table', async () => {
    expect(await markdown(makeHwpx([[{ text: '앞' }, { table: [['※ 유의 사항: 제출 기한을 지키세요.']] }, { table: [['등록일'], ['결재일']] }]]), 'hwpx')).toBe('앞\n\n※ 유의 사항: 제출 기한을 지키세요.\n\n등록일\n\n결재일');
  });

  it('leaves fields’ instructions out of the text and decodes XML’s entities', async () => {
    const field = '<hp:p paraPrIDRef="0" styleIDRef="0"><hp:run><hp:t>수신 </hp:t><hp:ctrl><hp:fieldBegin type="CLICK_HERE"><hp:parameters><hp:stringParam name="Command">Clickhere:set:48:Direction</hp:stringParam></hp:parameters></hp:fieldBegin></hp:ctrl><hp:t>&lt;R&amp;D&gt; 교육청</hp:t></hp:run></hp:p>';
    const bytes = makeHwpx([[{ text: 'x' }]], {
      'Contents/section0.xml': `<hs:sec xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section">${field}</hs:sec>`,
    });
    expect(await markdown(bytes, 'hwpx')).toBe('수신 <R&D> 교육청');
  });

  it('a DTD is never read: an entity it declares is not expanded (billion laughs)', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><hs:sec xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph"><hp:p><hp:run><hp:t>&b;</hp:t></hp:run></hp:p></hs:sec>';
    expect(await markdown(makeHwpx(KOREAN(), { 'Contents/section0.xml': laughs }), 'hwpx')).not.toContain('aaaaaaaaaa');
  });

  it('an encrypted package is refused as encrypted; a section that is not XML as damaged', async () => {
    const encrypted = makeHwpx(KOREAN(), { 'META-INF/manifest.xml': '<odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><odf:file-entry odf:full-path="Contents/section0.xml"><odf:encryption-data/></odf:file-entry></odf:manifest>' });
    expect(problem(await extractJob(job(encrypted, 'hwpx')))).toBe('encrypted');
    expect(problem(await extractJob(job(makeHwpx(KOREAN(), { 'Contents/section0.xml': 'not XML at all' }), 'hwpx')))).toBe('damaged');
  });

  it('a section that inflates past the budget is refused as a bomb', async () => {
    const huge = `<hs:sec xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section">${' '.repeat(4 * 1024 * 1024)}</hs:sec>`;
    expect(problem(await extractJob(job(makeHwpx(KOREAN(), { 'Contents/section0.xml': huge }), 'hwpx', null, 1024 * 1024)))).toBe('bomb');
  });
});

function KOREAN(): HwpTestBlock[][] {
  return [[{ text: '한국어' }]];
}

describe('HWP 5 (written with cfb, read by Atmark)', () => {
  it('is sniffed by its FileHeader stream, not read as a legacy Office file', () => {
    expect(sniffDocument(makeHwp())).toEqual({ kind: 'document', format: 'hwp' });
  });

  it('gives the same Markdown as the HWPX of the same document', async () => {
    expect(await markdown(makeHwp(), 'hwp')).toBe(REPORT);
  });

  it('reads uncompressed documents too', async () => {
    expect(await markdown(makeHwp({ compressed: false }), 'hwp')).toBe(REPORT);
  });

  it('counts sections as the units of a range', async () => {
    const result = await extractJob(job(makeHwp({ sections: THREE_SECTIONS }), 'hwp', { start: 3, end: 3 }));
    if (!result.ok || result.output.kind !== 'document') throw new Error('expected a document');
    expect(result.output.unitCount).toBe(3);
    expect(result.output.parts).toEqual([{ index: 3, title: '', markdown: '# 셋째 구역\n\n사아자' }]);
    expect(result.output.extractor).toMatch(/^atmark-hwp 1 \(cfb 1\.2\.2\)$/);
  });

  it('a password-protected document is encrypted; a distribution document gets its own problem', async () => {
    expect(problem(await extractJob(job(makeHwp({ password: true }), 'hwp')))).toBe('encrypted');
    expect(problem(await extractJob(job(makeHwp({ distribution: true }), 'hwp')))).toBe('distribution');
  });

  it('a section stream that inflates to 1 GiB is stopped at the budget', async () => {
    const bytes = makeHwp({ bombBytes: 1024 * 1024 * 1024 });
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const result = await extractJob(job(bytes, 'hwp', null, 8 * 1024 * 1024));
    expect(problem(result)).toBe('bomb');
  });

  it('an OLE file without an HWP FileHeader stays a legacy Office file; in the reader it is damaged', async () => {
    const bytes = Buffer.from(makeHwp());
    const at = bytes.indexOf('HWP Document File');
    bytes.write('XYZ', at, 'latin1');
    expect(sniffDocument(bytes)).toEqual({ kind: 'ole' });
    expect(problem(await extractJob(job(bytes, 'hwp')))).toBe('damaged');
  });

  it('text controls: tabs, line breaks and an 8-unit control are read as HWP defines them', () => {
    const units = [0xd55c, 9, 0, 0, 0, 0, 0, 0, 9, 0xae00, 10, 0x41, 11, 1, 2, 3, 4, 5, 6, 11, 0x42, 13];
    expect(paragraphText(new Uint8Array(new Uint16Array(units).buffer))).toBe('한\t글\nAB');
  });

  it('a record that claims more bytes than its stream has is damaged', () => {
    const head = new Uint8Array(new Uint32Array([67 | (100 << 20)]).buffer);
    expect(() => readRecords(head, 'BodyText/Section0')).toThrow(/runs past the end/);
  });
});
