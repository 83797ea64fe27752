import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHwp, makeHwpx, type HwpTestBlock } from '../test-support/hwp-documents';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Korean documents in the composer, in Chromium with its locale set to ko-KR against the browser
 * host: an .hwpx chosen by completion (its row says HWPX and its section count) becomes a chip
 * with a token count, the preview shows its Korean text, and a section range reads as sections
 * on the chip, in Korean.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SECTIONS: HwpTestBlock[][] = [
  [{ heading: '1장 개요' }, { text: '첫째 구역의 본문입니다.' }],
  [{ heading: '2장 예산' }, { table: [['항목', '금액'], ['인건비', '300']] }],
  [{ heading: '3장 일정' }, { item: '착수' }, { item: '완료' }],
];

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await fs.mkdir(path.join(workspace.root, 'papers'));
  await fs.writeFile(path.join(workspace.root, 'papers', '보고서.hwpx'), makeHwpx());
  await fs.writeFile(path.join(workspace.root, 'papers', '계획.hwpx'), makeHwpx(SECTIONS));
  await fs.writeFile(path.join(workspace.root, 'papers', '공문.hwp'), makeHwp());
  [host, browser] = await Promise.all([startTestHost(workspace.root), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: 'ko-KR' });
  page = await openComposer(context, host.url, '작업 공간');
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw}"]`);
/** A bound for a hung test on a busy machine (the first document starts a worker), not a speed claim. */
const DOCUMENT_SETTLES_MS = 60_000;
const composer = () => composerPage(page, { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' });

/** Types `text`, waits until the first option starts with `label`, checks its detail, and accepts it. */
async function complete(text: string, label: string, detail: RegExp): Promise<void> {
  await page.keyboard.type(text);
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect.poll(async () => (await first.textContent().catch(() => '')) ?? '', { timeout: 30_000 }).toMatch(new RegExp(`^${label.replace(/[.]/g, '\\.')}`));
  expect(await first.textContent()).toMatch(detail);
  // CodeMirror ignores Enter within its interaction delay (75 ms) after the list changes.
  await page.waitForTimeout(120);
  await page.keyboard.press('Enter');
}

describe('HWP documents in the composer (ko-KR)', () => {
  it('an .hwpx chosen by completion becomes a chip with tokens; the preview shows its Korean text', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await page.keyboard.type('요약해 주세요 ');
    await complete('@file:보고서', 'papers/보고서.hwpx', /· HWPX · 구역 1개$/);
    await composer().settle();
    const raw = '@file:papers/보고서.hwpx';
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: DOCUMENT_SETTLES_MS }).toBe('ok');
    expect(await chip(raw).locator('.cm-chip-tokens').textContent()).toMatch(/^[\d,]+ 토큰$/);
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('# 2026년 사업 보고서');
    expect(shown).toContain('본 보고서는 서울시 교육청의 예산 집행 현황을 정리한 것입니다.');
    expect(shown).toContain('| 도서관 | 1,200,000 | 95% |');
    expect(shown).toContain('(file papers/보고서.hwpx, section 1 of 1 (HWPX document)');
  });

  it('completion labels an HWP 5 file as HWP', async () => {
    await composer().clearPrompt();
    await complete('@file:공문', 'papers/공문.hwp', /· HWP$/);
    await page.keyboard.press('Escape');
  });

  it('a section range reads as sections on the chip and in the preview', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await composer().write('@file:papers/계획.hwpx:2-3 ');
    const raw = '@file:papers/계획.hwpx:2-3';
    await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: DOCUMENT_SETTLES_MS }).toBe('ok');
    expect(await chip(raw).textContent()).toContain('계획.hwpx, 구역 2–3');
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('sections 2–3 of 3 (HWPX document)');
    expect(shown).toContain('| 인건비 | 300 |');
    expect(shown).not.toContain('1장 개요');
  });
});
