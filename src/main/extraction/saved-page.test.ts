import { describe, expect, it } from 'vitest';
import { extractJob } from './extract-job';
import { documentFormatOfName, isFlowingText, sniffNamedDocument } from './document-format';
import type { DocumentFormat } from './protocol';
import { documentMarkdown } from '../../../test-support/extracted';
import { encodeCharset, makeMhtml } from '../../../test-support/mail';

// Saved web pages read in the extraction worker's code (in this thread): charsets, the two
// transfer encodings of MHTML, links against the address the page was saved from.

async function markdown(bytes: Uint8Array, format: DocumentFormat): Promise<string> {
  return documentMarkdown(await extractJob({ kind: 'document', bytes, format, range: null, maxTextBytes: 64 * 1024, maxInflatedBytes: 96 * 1024 * 1024 }));
}

const article = (lead: string) =>
  `<html><head><title>お知らせ</title></head><body><nav><a href="/">トップ</a></nav><article><h1>${lead}</h1><p>${'部署ごとの予定を確認してください。'.repeat(12)}</p><p>資料は<a href="files/plan.pdf">こちら</a>。</p></article></body></html>`;

describe('saved pages', () => {
  it.each(['quoted-printable', 'base64'] as const)('an .mhtml in Shift_JIS, %s: the text/html part decoded, links against its saved address', async (encoding) => {
    const text = await markdown(makeMhtml(article('年末のお知らせ'), 'https://intranet.example.jp/news/12.html', 'shift_jis', encoding), 'mhtml');
    expect(text).toContain('# 年末のお知らせ');
    expect(text).toContain('部署ごとの予定を確認してください。');
    expect(text).toContain('[こちら](https://intranet.example.jp/news/files/plan.pdf)');
  });

  it('an .html with a UTF-16 byte-order mark, and the address a browser wrote in its "saved from" mark', async () => {
    const html = `<!-- saved from url=(0031)https://wiki.example.kr/a/b.html -->\n${article('공지')}`;
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(html, 'utf16le')]);
    expect(sniffNamedDocument(bytes, 'html')).toEqual({ kind: 'document', format: 'html' });
    const text = await markdown(bytes, 'html');
    expect(text).toContain('# 공지');
    expect(text).toContain('[こちら](https://wiki.example.kr/a/files/plan.pdf)');
  });

  it('a page with no article Readability would pick still attaches its text, with its title', async () => {
    const text = await markdown(encodeCharset('<html><head><title>メモ</title></head><body>明日は休みです。</body></html>', 'utf-8'), 'html');
    expect(text).toBe('# メモ\n\n明日は休みです。');
  });

  it('names mail and pages by their extensions, any case; none takes a page range', () => {
    const names = ['a.eml', 'b.MSG', 'c.html', 'd.HTM', 'e.mhtml', 'f.mht'];
    expect(names.map(documentFormatOfName)).toEqual(['eml', 'msg', 'html', 'html', 'mhtml', 'mhtml']);
    expect(['eml', 'msg', 'html', 'mhtml'].every((f) => isFlowingText(f as DocumentFormat))).toBe(true);
    expect(documentFormatOfName('notes.emlx')).toBeNull();
  });

  it('bytes that are not text under a mail or page name are not read as one', () => {
    expect(sniffNamedDocument(new Uint8Array([0x50, 0x4e, 0x47, 0, 0, 1]), 'eml')).toEqual({ kind: 'unknown' });
    expect(sniffNamedDocument(Buffer.from('From: a@example.com\r\n\r\nhi'), 'msg')).toEqual({ kind: 'unknown' });
    expect(sniffNamedDocument(Buffer.from('From: a@example.com\r\n\r\nhi'), 'eml')).toEqual({ kind: 'document', format: 'eml' });
  });
});
