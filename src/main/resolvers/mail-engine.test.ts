import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { expandAttached, expandBlockless } from '../../../test-support/engine-refs';
import { makeEml, makeManyPartsEml, makeMhtml, makeMsg } from '../../../test-support/mail';
import { startTestServer, type TestServer } from '../../../test-support/net-server';
import type { AddressMasking } from '../../shared/address-masking';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';

const connection = buildFakeSecrets().find((s) => s.rule === 'connection-string')!;

// Email and saved pages through the whole engine and the real extraction worker: cited, metered,
// addresses masked as the setting says, and nothing fetched from what a saved page references.

let area: TempArea;
let server: TestServer;
let emlBytes: Buffer;

/** A page that references the counting server in every way a page can load something. */
function pageReferencing(base: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="shift_jis"><title>社内報 12月号</title>
<link rel="stylesheet" href="${base}/style.css"><script src="${base}/app.js"></script>
<link rel="preload" href="${base}/font.woff2" as="font"><style>@import url("${base}/import.css"); body { background: url(${base}/bg.png) }</style>
</head><body><nav><a href="/">ホーム</a></nav><article><h1>今月のお知らせ</h1>${body}
<img src="${base}/photo.jpg" srcset="${base}/photo2x.jpg 2x" alt="集合写真"><iframe src="${base}/frame.html"></iframe>
<video src="${base}/movie.mp4" poster="${base}/poster.jpg"></video><object data="${base}/object.swf"></object>
<p>詳しくは<a href="${base}/detail">こちら</a>をご覧ください。</p></article></body></html>`;
}

const paragraph = '<p>年末の大掃除は十二月二十八日に行います。各部署は担当区域を確認してください。'.repeat(4) + '</p>';

beforeAll(async () => {
  server = await startTestServer({});
  area = await makeArea();
  emlBytes = makeEml({
    charset: 'iso-2022-jp',
    from: { name: '山田 太郎', address: 'taro.yamada@example.co.jp' },
    to: [{ name: '佐藤 花子', address: 'hanako@example.co.jp' }],
    subject: '来週の会議について',
    text: '佐藤さん\n来週の会議資料を添付します。\n連絡先: taro.yamada@example.co.jp',
    attachments: [{ name: '資料.pdf', type: 'application/pdf', bytes: new Uint8Array(2048) }],
  });
  await area.write('mail/meeting.eml', emlBytes);
  await area.write('mail/many.eml', makeManyPartsEml(10_000));
  await area.write(
    'mail/report.msg',
    makeMsg({ subject: '週次報告', senderName: '김철수', senderAddress: 'kim@example.kr', recipients: [{ name: '', address: 'lee@example.kr', type: 'to' }], body: '이번 주 보고입니다.' }),
  );
  await area.write(
    'mail/newsletter.eml',
    makeEml({
      charset: 'utf-8',
      from: { name: 'News', address: 'news@example.com' },
      to: [{ name: '', address: 'me@example.com' }],
      subject: 'Monthly news',
      html: `<html><body><img src="${server.url('/track.gif')}" width="1" height="1"><h1>Monthly news</h1><p>${'Our office moves to Shibuya in March. '.repeat(6)}</p><p>Database: ${connection.line}</p><img src="${server.url('/banner.png')}"></body></html>`,
    }),
  );
  const msg = makeMsg({ subject: 'x', senderName: 'x', senderAddress: 'x@example.com', recipients: [], body: 'x' });
  await area.write('mail/broken.msg', msg.subarray(0, 1536));
  const iconv = (await import('iconv-lite')).default;
  const html = pageReferencing(server.url(''), paragraph);
  await area.write('saved/page.html', iconv.encode(html, 'shift_jis'));
  await area.write('saved/page.mhtml', makeMhtml(html.replace('shift_jis', 'utf-8'), 'https://intranet.example.jp/news/2026-12.html'));
}, 60_000);
afterAll(async () => {
  await area.cleanup();
  await server.close();
});

const engine = (maskAddresses?: AddressMasking) =>
  createEngine({ workspace: area.root, now: () => new Date('2026-12-04T00:00:00.000Z'), ...(maskAddresses ? { maskAddresses } : {}) });

describe('email through the engine', () => {
  it('attaches an ISO-2022-JP mail as Markdown, cited with its sha256 and postal-mime, metered', async () => {
    const { ref } = await expandAttached(engine(), '@file:mail/meeting.eml');
    expect(ref.block).toContain('## 来週の会議について');
    expect(ref.block).toContain('- **From:** 山田 太郎 <taro.yamada@example.co.jp>');
    expect(ref.block).toContain('- 資料.pdf (application/pdf, 2.0 KiB)');
    expect(ref.source?.document).toMatchObject({ sha256: createHash('sha256').update(emlBytes).digest('hex'), format: 'eml', first: null, last: null, count: null });
    expect(ref.source?.document?.extractor).toMatch(/^postal-mime \d+\.\d+\.\d+$/);
    expect(ref.tokens).toBeGreaterThan(0);
    expect(ref.block).toMatch(/^### @file:mail\/meeting\.eml \(file mail\/meeting\.eml \(email\), \d+ tokens\)/);
  });

  it('masks addresses in exports by default, and not in the preview', async () => {
    const e = engine();
    const preview = await e.expand('@file:mail/meeting.eml');
    const exported = await e.expand('@file:mail/meeting.eml', { fresh: true, forExport: true });
    expect(preview.message).toContain('taro.yamada@example.co.jp');
    expect(exported.message).not.toContain('taro.yamada@example.co.jp');
    expect(exported.message).toContain('- **From:** 山田 太郎 <t***@example.co.jp>');
    expect(exported.message).toContain('連絡先: t***@example.co.jp');
    expect(exported.message).toContain('h***@example.co.jp');
    // The live preview after an export still shows the addresses.
    expect((await e.expand('@file:mail/meeting.eml')).message).toContain('taro.yamada@example.co.jp');
  });

  it('"always" masks the preview too; "never" leaves exports as written', async () => {
    expect((await engine('always').expand('@file:mail/meeting.eml')).message).toContain('<t***@example.co.jp>');
    expect((await engine('never').expand('@file:mail/meeting.eml', { fresh: true, forExport: true })).message).toContain('<taro.yamada@example.co.jp>');
  });

  it('reads an Outlook .msg, and masks its addresses the same way', async () => {
    const result = await engine('always').expand('@file:mail/report.msg');
    const ref = result.references[0]!;
    expect(ref.block).toContain('## 週次報告');
    expect(ref.block).toContain('- **From:** 김철수 <k***@example.kr>');
    expect(ref.block).toContain('이번 주 보고입니다.');
    expect(ref.source?.document?.extractor).toMatch(/^@kenjiuno\/msgreader \d+\.\d+\.\d+$/);
  });

  it('refuses a mail of 10,000 parts with a sentence that names the caps, attaching nothing', async () => {
    const ref = await expandBlockless(engine(), '@file:mail/many.eml');
    expect(ref.warnings[0]!.message).toBe(
      'the email has more than 1,000 MIME parts or parts nested deeper than 20 levels, which no ordinary mail has, so it was not read. Save the part you need from your mail program and attach that.',
    );
  });

  it('an HTML-only mail is read through the page path: its tracking pixel and pictures are never fetched, its secrets redacted', async () => {
    const { ref } = await expandAttached(engine(), '@file:mail/newsletter.eml');
    expect(ref.block).toContain('Our office moves to Shibuya in March.');
    expect(ref.block).not.toContain(connection.secret);
    expect(ref.block).toContain('[REDACTED:');
    expect(server.requests).toEqual([]);
    expect(server.connections).toBe(0);
  });

  it('a damaged .msg (cut short) is refused with one sentence', async () => {
    const ref = await expandBlockless(engine(), '@file:mail/broken.msg');
    expect(ref.warnings[0]!.message).toBe('the Outlook message is damaged and cannot be read. Open it, save it again, and attach the new copy.');
  });

  it('a range on a mail is refused: a mail has no pages', async () => {
    const ref = await expandBlockless(engine(), '@file:mail/meeting.eml:2');
    expect(ref.warnings[0]!.message).toContain('holds no fixed pages');
  });
});

describe('saved web pages through the engine', () => {
  it('reads a Shift_JIS .html as the Markdown of its article, fetching nothing it references', async () => {
    const before = server.requests.length;
    const { ref } = await expandAttached(engine(), '@file:saved/page.html');
    expect(ref.block).toContain('# 今月のお知らせ');
    expect(ref.block).toContain('年末の大掃除は十二月二十八日に行います。');
    expect(ref.block).toContain(`[こちら](${server.url('')}/detail)`);
    expect(ref.block).not.toContain('<p>');
    expect(ref.source?.document).toMatchObject({ format: 'html' });
    expect(server.requests.length).toBe(before);
    expect(server.connections).toBe(0);
  });

  it('a line range gives the raw source of an .html (for people who write pages)', async () => {
    const { ref } = await expandAttached(engine(), '@file:saved/page.html:1-2');
    // The source as bytes decode as text (UTF-8 here: a range of a Shift_JIS file is not re-decoded).
    expect(ref.block).toContain('```html\n<!DOCTYPE html><html><head><meta charset="shift_jis">');
    expect(ref.source?.document).toBeUndefined();
  });

  it('reads an .mhtml: the quoted-printable text/html part, links against the address it was saved from, nothing fetched', async () => {
    const { ref } = await expandAttached(engine(), '@file:saved/page.mhtml');
    expect(ref.block).toContain('# 今月のお知らせ');
    expect(ref.block).toContain('各部署は担当区域を確認してください。');
    expect(ref.source?.document?.format).toBe('mhtml');
    expect(ref.source?.document?.extractor).toMatch(/^postal-mime [\d.]+, @mozilla\/readability [\d.]+, turndown [\d.]+$/);
    expect(server.connections).toBe(0);
  });
});
