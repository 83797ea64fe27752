import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTable, makeCellsWorkbook } from '../test-support/tables';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { openComposer } from './support/waits';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Cells and rows in the composer, in Chromium (ja-JP) against the browser host: a block of a
 * workbook typed key by key inside a Japanese sentence becomes one chip with a token count, after
 * completion offered the workbook's sheets, and the preview shows the table; a Shift_JIS CSV's rows
 * likewise; in ko-KR, a block and an EUC-KR CSV's row written inside a Korean sentence.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const NAMES = { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告' };
const composer = () => composerPage(page, NAMES);
const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw.replace(/"/g, '\\"')}"]`);
/** A bound for a hung test on a busy machine (the first document starts a worker), not a speed claim. */
const SETTLES_MS = 60_000;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await fs.writeFile(path.join(workspace.root, 'book.xlsx'), await makeCellsWorkbook(50));
  await fs.writeFile(path.join(workspace.root, 'korean.csv'), encodeTable('지역,금액\n서울,10\n부산,20\n', 'euc-kr'));
  await fs.writeFile(path.join(workspace.root, 'sales.csv'), encodeTable('月,地域,売上\n1月,東京,100\n2月,大阪,200\n3月,名古屋,300\n', 'shift_jis'));
  [host, browser] = await Promise.all([startTestHost(workspace.root), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: 'ja-JP' });
  page = await openComposer(context, host.url, 'ワークスペース');
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

describe('cells and rows in the composer (ja-JP)', () => {
  it("a block typed key by key inside a Japanese sentence is one chip with tokens, and the preview shows its table", { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await composer().prompt().click();
    await page.keyboard.type('今月は@file:book.xlsx:');
    // After the workbook's colon, completion offers its sheets as spreadsheets write them.
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(async () => (await options.first().textContent().catch(() => '')) ?? '', { timeout: 30_000 }).toMatch(/^'売上 2026'/);
    // In the workbook's order; a name alone that a particle could run into is quoted too ('매출').
    expect(await options.allTextContents()).toEqual(["'売上 2026'シート 1", "'Ann''s list'シート 2", "'매출'シート 3", 'Bigシート 4']);
    await page.keyboard.type("'売上 2026'!A1:C3を要約してください");
    await page.keyboard.press('Escape');
    await composer().settle();

    const raw = "@file:book.xlsx:'売上 2026'!A1:C3";
    expect(await page.locator('.cm-chip').count()).toBe(1);
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: SETTLES_MS }).toBe('ok');
    expect(await chip(raw).textContent()).toContain('売上 2026!A1:C3');
    expect(await chip(raw).locator('.cm-chip-tokens').textContent()).toMatch(/\d/);
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('## 売上 2026!A1:C3\n\n| 月 | 地域 | 売上 |\n| --- | --- | --- |\n| 1月 | 東京 | 100 |\n| 2月 | 大阪 | 200 |');
    // The particle after the block stays prose.
    expect(shown).toContain('を要約してください');
  });

  it("rows of a Shift_JIS CSV become a chip that names them, and the preview shows them decoded", { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await composer().write('@file:sales.csv:2-3を比べて');
    const raw = '@file:sales.csv:2-3';
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: SETTLES_MS }).toBe('ok');
    expect(await chip(raw).textContent()).toContain('2–3 行目');
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('| 月 | 地域 | 売上 |\n| --- | --- | --- |\n| 2月 | 大阪 | 200 |\n| 3月 | 名古屋 | 300 |');
  });
});

describe('cells and rows in the composer (ko-KR)', () => {
  it('a block and an EUC-KR CSV written inside a Korean sentence are chips that name them', { timeout: 120_000 }, async () => {
    const korean = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: 'ko-KR' });
    try {
      const kpage = await openComposer(korean, host.url, '작업 공간');
      const kcomposer = composerPage(kpage, { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' });
      await kcomposer.clearPrompt();
      await kcomposer.write("@file:book.xlsx:'매출'!A1:B2를 요약하고 @file:korean.csv:2을 봐 주세요");
      const kchip = (raw: string) => kpage.locator(`.cm-chip[data-ref="${raw}"]`);
      for (const raw of ["@file:book.xlsx:'매출'!A1:B2", '@file:korean.csv:2']) {
        await expect.poll(() => kchip(raw).getAttribute('data-state'), { timeout: SETTLES_MS }).toBe('ok');
      }
      expect(await kpage.locator('.cm-chip').count()).toBe(2);
      expect(await kchip('@file:korean.csv:2').textContent()).toContain('2행');
      const shown = (await kcomposer.preview().locator('pre').textContent()) ?? '';
      expect(shown).toContain('## 매출!A1:B2\n\n| 지역 | 금액 |\n| --- | --- |\n| 서울 | 10 |');
      expect(shown).toContain('| 지역 | 금액 |\n| --- | --- |\n| 부산 | 20 |');
    } finally {
      await korean.close();
    }
  });
});
