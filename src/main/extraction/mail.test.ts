import { describe, expect, it } from 'vitest';
import { extractJob } from './extract-job';
import type { DocumentFormat, DocumentJob, ExtractionResult } from './protocol';
import { MAX_MAIL_DEPTH, MAX_MAIL_PARTS } from './mail-limits';
import { documentMarkdown } from '../../../test-support/extracted';
import { makeDeepEml, makeEml, makeManyPartsEml, makeMsg, type MailCharset } from '../../../test-support/mail';

// Email read in the extraction worker's code (in this thread): headers decoded from the charsets
// Japanese and Korean mail use, the body, the attachments listed, quoted replies folded, the caps.

function job(bytes: Uint8Array, format: DocumentFormat = 'eml', maxTextBytes = 64 * 1024): DocumentJob {
  return { kind: 'document', bytes, format, range: null, maxTextBytes, maxInflatedBytes: 96 * 1024 * 1024 };
}

async function markdown(bytes: Uint8Array, format: DocumentFormat = 'eml'): Promise<string> {
  return documentMarkdown(await extractJob(job(bytes, format)));
}

const pdfBytes = new Uint8Array(Buffer.from('%PDF-1.4 pretend report '.repeat(100)));

function japaneseMail(charset: MailCharset) {
  return makeEml({
    charset,
    from: { name: '山田 太郎', address: 'taro.yamada@example.co.jp' },
    to: [{ name: '佐藤 花子', address: 'hanako@example.co.jp' }],
    cc: [{ name: '', address: 'team@example.co.jp' }],
    subject: '【至急】来週の会議資料について',
    text: 'お疲れさまです。\n会議資料を添付します。\nご確認ください。',
    attachments: [{ name: '会議資料.pdf', type: 'application/pdf', bytes: pdfBytes }],
  });
}

describe('the .eml reader', () => {
  it.each(['iso-2022-jp', 'shift_jis'] as const)('decodes a Japanese mail in %s: subject, names, body, the attachment listed', async (charset) => {
    const text = await markdown(japaneseMail(charset));
    expect(text).toBe(
      [
        '## 【至急】来週の会議資料について',
        '',
        '- **From:** 山田 太郎 <taro.yamada@example.co.jp>',
        '- **To:** 佐藤 花子 <hanako@example.co.jp>',
        '- **Cc:** team@example.co.jp',
        '- **Date:** Tue, 01 Dec 2026 10:00:00 +0900',
        '',
        'お疲れさまです。\n会議資料を添付します。\nご確認ください。',
        '',
        '**Attachments (1, not included):**',
        '',
        '- 会議資料.pdf (application/pdf, 2.3 KiB)',
      ].join('\n'),
    );
    // The attachment is listed, never inlined.
    expect(text).not.toContain('pretend report');
  });

  it('decodes a Korean mail in EUC-KR', async () => {
    const bytes = makeEml({
      charset: 'euc-kr',
      from: { name: '김철수', address: 'chulsoo@example.kr' },
      to: [{ name: '이영희', address: 'younghee@example.kr' }],
      subject: '다음 주 회의 자료',
      text: '안녕하세요.\n회의 자료를 보내 드립니다.',
      attachments: [{ name: '보고서.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: new Uint8Array(5000) }],
    });
    const text = await markdown(bytes);
    expect(text).toContain('## 다음 주 회의 자료');
    expect(text).toContain('- **From:** 김철수 <chulsoo@example.kr>');
    expect(text).toContain('- **To:** 이영희 <younghee@example.kr>');
    expect(text).toContain('안녕하세요.\n회의 자료를 보내 드립니다.');
    expect(text).toContain('- 보고서.xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, 4.9 KiB)');
  });

  it('reads an HTML-only mail through the page path: Markdown, no tags, no script', async () => {
    const bytes = makeEml({
      charset: 'utf-8',
      from: { name: '', address: 'news@example.com' },
      to: [{ name: '', address: 'me@example.com' }],
      subject: 'Quarterly update',
      html: '<html><body><h1>Results</h1><p>Sales rose by <b>12%</b> in <a href="https://example.com/q3">Q3</a>.</p><script>alert(1)</script><ul><li>Tokyo</li><li>Seoul</li></ul></body></html>',
    });
    const text = await markdown(bytes);
    expect(text).toContain('Sales rose by **12%** in [Q3](https://example.com/q3).');
    expect(text).toMatch(/-\s+Tokyo\n-\s+Seoul/);
    expect(text).not.toContain('<b>');
    expect(text).not.toContain('alert(1)');
  });

  it('folds quoted replies in English, Japanese and Korean, saying how many lines', async () => {
    const body = [
      'Thanks, agreed.',
      '',
      'On Mon, Nov 30, 2026 at 9:00 AM Taro <taro@example.com> wrote:',
      '> Can we move the meeting?',
      '> It clashes with the review.',
      '',
      '承知しました。',
      '',
      '山田 太郎 さんは書きました:',
      '> 資料を送ります。',
      '',
      '네, 확인했습니다.',
      '',
      '2026년 11월 30일 (월) 오전 9:00, 김철수 <kim@example.kr>님이 작성:',
      '> 회의를 옮길 수 있을까요?',
      '> 검토와 겹칩니다.',
      '> 세 번째 줄',
    ].join('\n');
    const text = await markdown(makeEml({ charset: 'utf-8', from: { name: '', address: 'a@example.com' }, to: [], subject: 're', text: body }));
    expect(text).toContain('Thanks, agreed.\n\n> [folded: 2 quoted lines — On Mon, Nov 30, 2026 at 9:00 AM Taro <taro@example.com> wrote:]');
    expect(text).toContain('承知しました。\n\n> [folded: 1 quoted line — 山田 太郎 さんは書きました:]');
    expect(text).toContain('네, 확인했습니다.\n\n> [folded: 3 quoted lines — 2026년 11월 30일 (월) 오전 9:00, 김철수 <kim@example.kr>님이 작성:]');
    expect(text).not.toContain('Can we move');
    expect(text).not.toContain('資料を送ります');
    expect(text).not.toContain('검토와');
  });

  it('folds an Outlook-style earlier message after its separator, to the end', async () => {
    const body = ['了解です。', '', '-----Original Message-----', 'From: 佐藤 <sato@example.jp>', 'Sent: Monday, November 30, 2026 9:00 AM', 'Subject: 予算', '', '予算案を確認してください。'].join('\n');
    const text = await markdown(makeEml({ charset: 'iso-2022-jp', from: { name: '', address: 'a@example.com' }, to: [], subject: 'RE: 予算', text: body }));
    expect(text).toContain('了解です。\n\n> [folded: 5 quoted lines — -----Original Message-----]');
    expect(text).not.toContain('予算案を確認');
  });

  it(`refuses a message of 10,000 parts (more than ${MAX_MAIL_PARTS}) as a structure problem`, async () => {
    const result = await extractJob(job(makeManyPartsEml(10_000)));
    expect(result).toMatchObject({ ok: false, problem: 'structure' });
  });

  it(`refuses multiparts nested deeper than ${MAX_MAIL_DEPTH} levels, and reads one just within`, async () => {
    const deep: ExtractionResult = await extractJob(job(makeDeepEml(200)));
    expect(deep).toMatchObject({ ok: false, problem: 'structure' });
    expect(await markdown(makeDeepEml(MAX_MAIL_DEPTH - 2))).toContain('bottom');
  });

  it('stops at the text limit instead of attaching a body past it', async () => {
    const bytes = makeEml({ charset: 'utf-8', from: { name: '', address: 'a@example.com' }, to: [], subject: 'long', text: 'word '.repeat(50_000) });
    const result = await extractJob(job(bytes, 'eml', 64 * 1024));
    expect(result).toMatchObject({ ok: true, output: { stoppedAt: 1, parts: [] } });
  });
});

describe('the .msg reader', () => {
  it('reads subject, sender, recipients, the Date header, body and attachments of an Outlook message', async () => {
    const bytes = makeMsg({
      subject: '週次報告',
      senderName: '山田 太郎',
      senderAddress: 'taro@example.jp',
      recipients: [
        { name: '佐藤 花子', address: 'hanako@example.jp', type: 'to' },
        { name: '김철수', address: 'kim@example.kr', type: 'cc' },
      ],
      body: '今週の報告です。\r\n\r\n-----Original Message-----\r\nFrom: 佐藤\r\nSent: Monday\r\n前回の報告',
      headers: 'Date: Tue, 01 Dec 2026 10:00:00 +0900\r\nSubject: x\r\n',
      attachments: [{ name: '報告.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: new Uint8Array(3000) }],
    });
    const text = await markdown(bytes, 'msg');
    expect(text).toContain('## 週次報告');
    expect(text).toContain('- **From:** 山田 太郎 <taro@example.jp>');
    expect(text).toContain('- **To:** 佐藤 花子 <hanako@example.jp>');
    expect(text).toContain('- **Cc:** 김철수 <kim@example.kr>');
    expect(text).toContain('- **Date:** Tue, 01 Dec 2026 10:00:00 +0900');
    expect(text).toContain('今週の報告です。\n\n> [folded: 4 quoted lines — -----Original Message-----]');
    expect(text).toContain('- 報告.docx (application/vnd.openxmlformats-officedocument.wordprocessingml.document, 2.9 KiB)');
  });
});
