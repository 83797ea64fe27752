import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/translate';
import { fileResolver } from './file';
import { makeArea, makeCtx, makeRef, ok, refused, type TempArea } from '../../../test-support/fs';
import { expectRefusal } from '../../../test-support/refusals';
import { makeHwp, makeHwpx, type HwpTestBlock } from '../../../test-support/hwp-documents';
import type { Resolution } from '../resolve';

let area: TempArea;
let server: Server;
let requests = 0;

const SECTIONS: HwpTestBlock[][] = [
  [{ heading: '1장 개요' }, { text: '첫째 구역의 본문입니다.' }],
  [{ heading: '2장 예산' }, { table: [['항목', '금액'], ['인건비', '300']] }],
  [{ heading: '3장 일정' }, { item: '착수' }, { item: '완료' }],
];

beforeAll(async () => {
  area = await makeArea();
  await area.write('보고서.hwpx', makeHwpx());
  await area.write('보고서.hwp', makeHwp());
  await area.write('계획.hwpx', makeHwpx(SECTIONS));
  await area.write('계획.hwp', makeHwp({ sections: SECTIONS }));
  await area.write('잠김.hwp', makeHwp({ password: true }));
  await area.write('배포용.hwp', makeHwp({ distribution: true }));
  await area.write('폭탄.hwp', makeHwp({ bombBytes: 1024 * 1024 * 1024 }));
  await area.write('가짜.hwp', 'this is not a Hangul document');
  // HWP 3's file starts with its signature and version, then its own binary layout (not OLE).
  await area.write('옛문서.hwp', Buffer.concat([Buffer.from('HWP Document File V3.00 \x1a\x01\x02\x03\x04\x05', 'latin1'), Buffer.alloc(200)]));
  // A picture that points at a loopback server: if anything fetched it, the count would show it.
  server = createServer((_, res) => {
    requests++;
    res.end('x');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const section = `<hs:sec xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hc="http://www.hancom.co.kr/hwpml/2011/core"><hp:p paraPrIDRef="0"><hp:run><hp:pic><hc:img binaryItemIDRef="http://127.0.0.1:${port}/img.png"/></hp:pic><hp:t>그림 옆 글</hp:t></hp:run></hp:p></hs:sec>`;
  await area.write('그림.hwpx', makeHwpx([[{ text: 'x' }]], { 'Contents/section0.xml': section, 'BinData/image1.png': new Uint8Array(64) }));
}, 60_000);
afterAll(async () => {
  await area.cleanup();
  await new Promise((done) => server.close(done));
});

async function resolve(value: string, range?: [number, number?]): Promise<Resolution> {
  return fileResolver.resolve(makeRef('file', value, range), makeCtx(area.root));
}

describe('@file HWPX and HWP 5', () => {
  it('an HWPX attaches as Markdown with its heading, list, table and Korean text, and a citation', async () => {
    const r = ok(await resolve('보고서.hwpx'));
    expect(r.text).toMatch(/^# 2026년 사업 보고서\n\n본 보고서는 서울시 교육청의/);
    expect(r.text).toContain('- 학교 도서관 현대화\n- 교사 연수 확대');
    expect(r.text).toContain('| 항목 | 예산(원) | 집행률 |\n| --- | --- | --- |\n| 도서관 | 1,200,000 | 95% |');
    expect(r.description).toBe('file 보고서.hwpx, section 1 of 1 (HWPX document)');
    expect(r.language).toBe('markdown');
    const sha256 = createHash('sha256').update(await readFile(path.join(area.root, '보고서.hwpx'))).digest('hex');
    expect(r.source.document).toEqual({ sha256, format: 'hwpx', extractor: 'atmark-hwpx 1', unit: 'section', first: 1, last: 1, count: 1 });
  });

  it('an HWP 5 attaches the same text, cited with the container library', async () => {
    const hwp = ok(await resolve('보고서.hwp'));
    expect(hwp.text).toBe(ok(await resolve('보고서.hwpx')).text);
    expect(hwp.description).toBe('file 보고서.hwp, section 1 of 1 (HWP document)');
    expect(hwp.source.document).toMatchObject({ format: 'hwp', unit: 'section', first: 1, last: 1, count: 1 });
    expect(hwp.source.document!.extractor).toMatch(/^atmark-hwp 1 \(cfb \d+\.\d+\.\d+\)$/);
  });

  it('a range counts sections, in both formats', async () => {
    for (const name of ['계획.hwpx', '계획.hwp']) {
      const r = ok(await resolve(name, [2, 3]));
      expect(r.text).toBe('# 2장 예산\n\n| 항목 | 금액 |\n| --- | --- |\n| 인건비 | 300 |\n\n# 3장 일정\n\n- 착수\n- 완료');
      expect(r.description).toBe(`file ${name}, sections 2–3 of 3 (${name.endsWith('x') ? 'HWPX' : 'HWP'} document)`);
      expect(r.source.document).toMatchObject({ unit: 'section', first: 2, last: 3, count: 3 });
    }
  });

  it('a range past the last section is refused with the count; one ending past it is clamped', async () => {
    const past = refused(await resolve('계획.hwpx', [4, 5]));
    expect(past.message).toBe('계획.hwpx has 3 sections; use a range within 1-3.');
    expect(translate(past.text!, 'ko')).toBe('계획.hwpx는 구역 3개입니다. 1-3 범위로 지정하세요.');
    expect(translate(past.text!, 'ja')).toBe('계획.hwpx は 3 セクションです。1-3 の範囲で指定してください。');
    const clamped = ok(await resolve('계획.hwp', [3, 9]));
    expect(clamped.warnings?.map((w) => w.code)).toEqual(['clamped']);
    expect(clamped.warnings?.[0]!.message).toContain('attached section 3 of the sections 3–9 asked for');
  });

  it('a password-protected HWP and a distribution document each get one sentence, in three languages', async () => {
    const locked = refused(await resolve('잠김.hwp'));
    expect(locked.message).toBe('the HWP document is encrypted or password-protected. Save a copy without a password and attach that.');
    const distribution = expectRefusal(await resolve('배포용.hwp'), 'blocked', 'the HWP document is a distribution document, whose author locked its text against copying, so it was not read. Ask the author for an ordinary copy and attach that.');
    expect(translate(distribution.text!, 'ko')).toBe('HWP 문서는 작성자가 내용 복사를 막아 둔 배포용 문서라 읽지 않았습니다. 작성자에게 일반 문서로 저장한 사본을 받아 첨부하세요.');
    expect(translate(distribution.text!, 'ja')).toBe('HWP 文書は配布用文書で、作成者が本文のコピーを禁じているため読み取りませんでした。通常の文書として保存したコピーを作成者から受け取って添付してください。');
    expect(translate(locked.text!, 'ko')).toBe('HWP 문서가 암호화되었거나 비밀번호로 보호되어 있습니다. 비밀번호 없는 사본을 저장해 첨부하세요.');
  });

  it('a deflate bomb inside an HWP is refused at the inflate cap', async () => {
    expectRefusal(await resolve('폭탄.hwp'), 'too_large', { contains: 'as a zip bomb does' });
  });

  it('a file named .hwp that is not one is refused in one sentence', async () => {
    const r = refused(await resolve('가짜.hwp'));
    expect(r.message).toBe('the file is named like a HWP document but its content is not one, or it is damaged. Open it, save it again, and attach the new copy.');
  });

  it('an HWP 3 file (before Hangul 2002) says it is too old and how to save it', async () => {
    const r = refused(await resolve('옛문서.hwp'));
    expect(r.message).toBe('this is an HWP 3 document, an old Hangul format that Atmark does not read. Open it in Hangul, save it as .hwpx (or .hwp of Hangul 2002 or later), and attach that.');
    expect(translate(r.text!, 'ko')).toBe('HWP 3 형식의 옛 한글 문서라 Atmark가 읽을 수 없습니다. 한글에서 열어 .hwpx(또는 한글 2002 이후의 .hwp)로 다시 저장한 뒤 첨부하세요.');
  });

  it('pictures are never fetched or read: the text beside them is attached, and nothing reached the server', async () => {
    const r = ok(await resolve('그림.hwpx'));
    expect(r.text).toBe('그림 옆 글');
    expect(requests).toBe(0);
  });
});
