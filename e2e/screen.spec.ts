import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * A screen a non-developer would choose (issue 24), one test per finding: the conversation is the
 * main surface with the composer docked below it, the meters are one compact line, Preview and
 * Warnings are one side panel with two tabs reached by a key; settings do not reset the context
 * length; notices clear when their cause is gone; completion respects CJK text; near-miss kinds are
 * caught; and the smaller mends.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  const settings = { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  page = await context.newPage();
  page.setDefaultTimeout(8_000);
  await page.goto(host.url);
  await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const ui = () => composerPage(page);

/** True when `locator`'s whole box is inside the viewport. */
async function inView(locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
}

describe('finding 1: the layout', () => {
  it('at 800×600 the conversation is above the docked composer, and Send, the meters and the Warnings tab are in view', async () => {
    await ui().clearPrompt();
    await ui().write('Read @file:nope.md and @file:src/greet.ts');
    const conversation = await ui().conversation().boundingBox();
    const prompt = await ui().prompt().boundingBox();
    expect(conversation && prompt && conversation.y + conversation.height <= prompt.y).toBe(true);
    for (const control of [ui().prompt(), page.getByRole('button', { name: 'Send' }), page.getByRole('meter', { name: 'Tokens', exact: true }), page.getByRole('tab', { name: 'Warnings' })]) {
      expect(await inView(control)).toBe(true);
    }
    // The tab says how many warnings there are; its panel lists them.
    expect(await page.getByRole('tab', { name: 'Warnings' }).textContent()).toMatch(/Warnings\s*\(1\)/);
    const warnings = await ui().showWarnings();
    expect(await inView(warnings.locator('li').first())).toBe(true);
    await ui().showPreview();
  });

  it('the meters are one compact line at 1280×800, their details show on focus, and their figures stay visible past the limit', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui().clearPrompt();
    await ui().write('Summarise @file:README.md');
    const line = await page.locator('.meters').boundingBox();
    expect(line && line.height < 32).toBe(true);
    const tokens = page.getByRole('meter', { name: 'Tokens', exact: true });
    await tokens.focus();
    const detail = page.locator('.meter', { has: tokens }).locator('.meter-detail');
    expect(await detail.isVisible()).toBe(true);
    expect(await detail.textContent()).toMatch(/soft/);
    // Past the hard limit: the figures are still there, and marked.
    await page.getByLabel('Context length').fill('256');
    await ui().settle();
    const figure = page.locator('.meter', { has: tokens }).locator('.meter-figure');
    await expect.poll(() => page.locator('.meter', { has: tokens }).getAttribute('class')).toMatch(/meter-level-over/);
    expect(await figure.isVisible()).toBe(true);
    expect(Number(await tokens.getAttribute('aria-valuenow'))).toBeGreaterThan(Number(await tokens.getAttribute('aria-valuemax')));
    await page.getByLabel('Context length').fill('128000');
    await ui().settle();
    await page.setViewportSize({ width: 800, height: 600 });
  });

  it('the composer grows with its text up to a limit, and Send stays in view', async () => {
    await ui().clearPrompt();
    const before = (await ui().prompt().boundingBox())?.height ?? 0;
    await ui().prompt().click();
    await page.keyboard.insertText(Array.from({ length: 4 }, (_, i) => `line ${i + 1}`).join('\n'));
    const grown = (await ui().prompt().boundingBox())?.height ?? 0;
    expect(grown).toBeGreaterThan(before);
    await page.keyboard.insertText(`\n${Array.from({ length: 60 }, (_, i) => `more ${i + 1}`).join('\n')}`);
    const scroller = page.locator('.cm-scroller');
    const box = await scroller.boundingBox();
    expect(box && box.height <= 600 / 2).toBe(true);
    expect(await inView(page.getByRole('button', { name: 'Send' }))).toBe(true);
    await ui().clearPrompt();
  });

  it('Ctrl+. reaches the side panel from the prompt, arrows switch its tabs, and it collapses and comes back', async () => {
    await ui().prompt().focus();
    await page.keyboard.press('Control+.');
    const previewTab = page.getByRole('tab', { name: 'Preview', exact: true });
    await expect.poll(() => previewTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    const warningsTab = page.getByRole('tab', { name: 'Warnings' });
    expect(await warningsTab.getAttribute('aria-selected')).toBe('true');
    expect(await ui().warnings().isVisible()).toBe(true);
    // From inside the panel, the key collapses it and gives the prompt its focus back.
    await page.keyboard.press('Control+.');
    await expect.poll(() => warningsTab.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
    await page.keyboard.press('Control+.');
    await expect.poll(() => warningsTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await ui().showPreview();
  });
});
