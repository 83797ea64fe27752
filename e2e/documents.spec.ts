import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePptx, makeXlsx } from '../test-support/documents';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Documents in the composer, in Chromium against the browser host: a .docx and a .pdf chosen by
 * completion become chips with token counts, and the preview shows their extracted text.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await fs.mkdir(path.join(workspace.root, 'papers'));
  await fs.writeFile(path.join(workspace.root, 'papers', 'report.pdf'), await makePdf(3));
  await fs.writeFile(path.join(workspace.root, 'papers', 'plan.docx'), await makeDocx());
  await fs.writeFile(path.join(workspace.root, 'papers', 'sales.xlsx'), await makeXlsx(3, 2));
  // Eight one-page documents of four kinds, for one prompt.
  await fs.mkdir(path.join(workspace.root, 'eight'));
  for (let i = 1; i <= 4; i++) await fs.writeFile(path.join(workspace.root, 'eight', `minutes-${i}.pdf`), await makePdf(1, 5, `minutes of meeting ${i}`));
  await fs.writeFile(path.join(workspace.root, 'eight', 'memo-5.docx'), await makeDocx());
  await fs.writeFile(path.join(workspace.root, 'eight', 'memo-6.docx'), await makeDocx(3));
  await fs.writeFile(path.join(workspace.root, 'eight', 'budget-7.xlsx'), await makeXlsx(1, 4));
  await fs.writeFile(path.join(workspace.root, 'eight', 'deck-8.pptx'), makePptx([{ title: 'Kickoff', bullets: ['goals', 'owners'] }]));
  [host, browser] = await Promise.all([startTestHost(workspace.root), launchChromium()]);
  page = await openComposer(await browser.newContext({ viewport: { width: 1280, height: 820 } }), host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw}"]`);
/**
 * How long a document chip may take to settle: generous, for a busy machine (the first document
 * also starts a worker and loads its reader). A bound for a hung test, not a speed claim.
 */
const DOCUMENT_SETTLES_MS = 60_000;
const composer = () => composerPage(page);

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

describe('documents in the composer', () => {
  it('a .docx and a .pdf chosen by completion become chips with tokens; the preview shows their text', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await page.keyboard.type('Compare ');
    await complete('@file:plan.do', 'papers/plan.docx', /· Word/);
    await page.keyboard.type('with ');
    await complete('@file:report', 'papers/report.pdf', /· PDF/);
    await composer().settle();

    for (const raw of ['@file:papers/plan.docx', '@file:papers/report.pdf']) {
      await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: DOCUMENT_SETTLES_MS }).toBe('ok');
      expect(await chip(raw).locator('.cm-chip-tokens').textContent()).toMatch(/^[\d,]+ tok$/);
    }
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('# Quarterly plan');
    expect(shown).toContain('| item | cost |');
    expect(shown).toContain('<!-- page 1 of 3 -->');
    expect(shown).toContain('Page 3 line 2: the text of this page');
    expect(shown).toContain('(file papers/report.pdf, pages 1–3 of 3 (PDF)');
  });

  it('completion counts a workbook\'s sheets', async () => {
    await composer().clearPrompt();
    await complete('@file:sales', 'papers/sales.xlsx', /· Excel · 3 sheets$/);
    await page.keyboard.press('Escape');
  });

  it('a page range reads as pages on the chip and in the preview', { timeout: 120_000 }, async () => {
    await composer().clearPrompt();
    await composer().write('Read @file:papers/report.pdf:2-3 ');
    await expect.poll(() => chip('@file:papers/report.pdf:2-3').getAttribute('data-state'), { timeout: DOCUMENT_SETTLES_MS }).toBe('ok');
    expect(await chip('@file:papers/report.pdf:2-3').textContent()).toContain('report.pdf, pages 2–3');
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('pages 2–3 of 3 (PDF)');
    expect(shown).not.toContain('Page 1 heading');
  });

  it('eight documents in one prompt all attach, each under its own budget', { timeout: 180_000 }, async () => {
    const names = ['minutes-1.pdf', 'minutes-2.pdf', 'minutes-3.pdf', 'minutes-4.pdf', 'memo-5.docx', 'memo-6.docx', 'budget-7.xlsx', 'deck-8.pptx'];
    const raws = names.map((n) => `@file:eight/${n}`);
    await composer().clearPrompt();
    await composer().write(`会議の資料を要約して ${raws.join(' ')} `);
    for (const raw of raws) await expect.poll(() => chip(raw).getAttribute('data-state'), { timeout: DOCUMENT_SETTLES_MS }).toBe('ok');
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    for (let i = 1; i <= 4; i++) expect(shown).toContain(`minutes of meeting ${i}`);
    expect(shown).toContain('# Quarterly plan');
    expect(shown).toContain('## Slide 1: Kickoff');
    expect(shown).toContain('| region | amount | note |');
    // The Warnings list is behind its tab in the side panel (issue 24).
    expect((await (await composer().showWarnings()).textContent()) ?? '').not.toMatch(/took more than|did not finish|made no progress/);
    await composer().showPreview();
  });
});
