import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEml, makeMhtml } from '../test-support/mail';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Email and saved pages in the composer, in Chromium against the browser host, with the browser in
 * Japanese and in Korean: an .eml chosen by completion becomes a chip with a token count, and the
 * preview shows its subject and body in the mail's own language (decoded from ISO-2022-JP and
 * EUC-KR).
 */

const LOCALES = [
  {
    locale: 'ja-JP',
    workspace: 'ワークスペース',
    names: { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告' },
    file: 'meeting.eml',
    charset: 'iso-2022-jp' as const,
    subject: '来週の定例会議について',
    body: '皆さま\n来週の定例会議は木曜日の十時からです。\n議題を添付します。',
    attachment: '議題.docx',
    tokens: /^[\d,]+ トークン$/,
    settings: '設定',
    exportButton: '書き出し',
    maskLabel: '添付したメールのアドレス',
  },
  {
    locale: 'ko-KR',
    workspace: '작업 공간',
    names: { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' },
    file: 'weekly.eml',
    charset: 'euc-kr' as const,
    subject: '다음 주 정기 회의 안내',
    body: '여러분 안녕하세요.\n다음 주 정기 회의는 목요일 오전 10시입니다.',
    attachment: '안건.docx',
    tokens: /^[\d,]+ 토큰$/,
    settings: '설정',
    exportButton: '내보내기',
    maskLabel: '첨부한 메일의 주소',
  },
];

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await fs.mkdir(path.join(workspace.root, 'mail'));
  for (const l of LOCALES) {
    const bytes = makeEml({
      charset: l.charset,
      from: { name: l.locale === 'ja-JP' ? '山田 太郎' : '김철수', address: 'sender@example.com' },
      to: [{ name: '', address: 'team@example.com' }],
      subject: l.subject,
      text: l.body,
      attachments: [{ name: l.attachment, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: new Uint8Array(4096) }],
    });
    await fs.writeFile(path.join(workspace.root, 'mail', l.file), bytes);
  }
  await fs.writeFile(path.join(workspace.root, 'mail', 'notice.mhtml'), makeMhtml(`<html><head><title>社内報</title></head><body><article><h1>お知らせ</h1><p>${'年末の大掃除は十二月二十八日です。'.repeat(8)}</p></article></body></html>`, 'https://intranet.example.jp/notice'));
  [host, browser] = await Promise.all([startTestHost(workspace.root), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

/** How long a mail chip may take to settle on a busy machine (the first starts a worker): a bound, not a speed claim. */
const MAIL_SETTLES_MS = 60_000;

describe.each(LOCALES)('email in the composer with the browser in $locale', (l) => {
  let context: BrowserContext;
  let page: Page;
  const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw}"]`);
  const composer = () => composerPage(page, l.names);

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: l.locale });
    page = await openComposer(context, host.url, l.workspace);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('an .eml chosen by completion becomes a chip with tokens; the preview shows its subject and body', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await page.keyboard.type(l.locale === 'ja-JP' ? '要約して ' : '요약해 줘 ');
    await page.keyboard.type(`@file:${l.file.replace('.eml', '')}`);
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect.poll(async () => (await first.textContent().catch(() => '')) ?? '', { timeout: 30_000 }).toMatch(new RegExp(`^mail/${l.file.replace('.', '\\.')}`));
    expect(await first.textContent()).toMatch(/· EML$/);
    // CodeMirror ignores Enter within its interaction delay (75 ms) after the list changes.
    await page.waitForTimeout(120);
    await page.keyboard.press('Enter');
    await composer().settle();

    const raw = `@file:mail/${l.file}`;
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: MAIL_SETTLES_MS }).toBe('ok');
    expect(await chip(raw).locator('.cm-chip-tokens').textContent()).toMatch(l.tokens);
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain(`## ${l.subject}`);
    for (const line of l.body.split('\n')) expect(shown).toContain(line);
    expect(shown).toContain(`- ${l.attachment} (application/vnd.openxmlformats-officedocument.wordprocessingml.document, 4.0 KiB)`);
    expect(shown).toContain(`(file mail/${l.file} (email)`);
    expect(shown).toContain('sender@example.com');
  });

  it('Export writes the addresses masked, while the preview keeps them', { timeout: 120_000 }, async () => {
    const raw = `@file:mail/${l.file}`;
    await composer().clearPrompt();
    await composer().write(`${raw} `);
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: MAIL_SETTLES_MS }).toBe('ok');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: l.exportButton, exact: true }).click();
    const exported = await fs.readFile((await (await download).path())!, 'utf8');
    expect(exported).toContain(`## ${l.subject}`);
    expect(exported).toContain('<s***@example.com>');
    expect(exported).not.toContain('sender@example.com');
    expect((await composer().preview().locator('pre').textContent()) ?? '').toContain('sender@example.com');
  });

  it('Settings mask the addresses everywhere, then back to exports only', { timeout: 120_000 }, async () => {
    const raw = `@file:mail/${l.file}`;
    await composer().clearPrompt();
    await composer().write(`${raw} `);
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: MAIL_SETTLES_MS }).toBe('ok');
    await page.getByRole('button', { name: l.settings, exact: true }).click();
    await page.getByLabel(l.maskLabel, { exact: true }).selectOption('always');
    await expect.poll(async () => (await composer().preview().locator('pre').textContent()) ?? '', { timeout: MAIL_SETTLES_MS }).toContain('s***@example.com');
    expect((await composer().preview().locator('pre').textContent()) ?? '').not.toContain('sender@example.com');
    await page.getByLabel(l.maskLabel, { exact: true }).selectOption('exports');
    await expect.poll(async () => (await composer().preview().locator('pre').textContent()) ?? '', { timeout: MAIL_SETTLES_MS }).toContain('sender@example.com');
    await page.getByRole('button', { name: l.settings, exact: true }).click();
  });

  it('a saved .mhtml page attaches as the Markdown of its article', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await composer().write('@file:mail/notice.mhtml ');
    await expect.poll(() => chip('@file:mail/notice.mhtml').getAttribute('data-state'), { timeout: MAIL_SETTLES_MS }).toBe('ok');
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('# お知らせ');
    expect(shown).toContain('年末の大掃除は十二月二十八日です。');
  });
});
