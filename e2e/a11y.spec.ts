import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Accessibility (issue 14): axe-core on the composer with the completion list open, with a chip card, with Settings,
 * the folder browser and History open, in light and dark, at 1280×800 and 800×600. Any violation fails, with its
 * rule and the elements it names. The page's CSP would block axe's script, so the test context
 * bypasses CSP (the app's own policy is tested elsewhere).
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  const endpoint = { id: 'vllm', name: 'vLLM', preset: 'vllm', baseUrl: 'http://127.0.0.1:9/v1', model: 'default', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'vllm', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

/** The violations axe finds on `page`, as `rule: targets` lines. */
async function violations(page: Page): Promise<string[]> {
  const report = await new AxeBuilder({ page }).analyze();
  return report.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const VIEWS = [
  { scheme: 'light', width: 1280, height: 800 },
  { scheme: 'dark', width: 1280, height: 800 },
  { scheme: 'light', width: 800, height: 600 },
  { scheme: 'dark', width: 800, height: 600 },
] as const;

describe.each(VIEWS)('axe: $scheme at $width×$height', ({ scheme, width, height }) => {
  let page: Page;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(8_000);
    await page.goto(host.url);
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
  });

  afterAll(async () => page?.context().close());

  it('the composer with chips, warnings and the completion list open has no violations', async () => {
    const ui = composerPage(page);
    await ui.clearPrompt();
    await ui.write('Read @file:src/greet.ts and @file:missing.ts then');
    // The preview tab first (the default), then the Warnings tab.
    expect(await violations(page)).toEqual([]);
    await ui.showWarnings();
    await ui.prompt().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' @file:gree');
    await page.getByRole('listbox').waitFor();
    // The Warnings panel's line about the reference still being typed is checked too.
    await page.locator('#warnings-panel .typing-note').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await ui.showPreview();
  });

  it('a chip card open has no violations', async () => {
    const ui = composerPage(page);
    await ui.clearPrompt();
    await ui.write('Read @file:src/greet.ts please');
    await page.locator('.cm-chip[data-ref="@file:src/greet.ts"]').hover();
    await page.getByRole('group', { name: 'Details of @file:src/greet.ts' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.mouse.move(0, 0);
  });

  it('Settings open has no violations', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the folder browser open has no violations', async () => {
    await page.getByRole('button', { name: 'Open folder…' }).click();
    await page.getByRole('dialog', { name: 'Open folder' }).getByRole('listbox', { name: 'Folders' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Open folder' }).count()).toBe(0);
  });

  it('History open has no violations', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('region', { name: 'History' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
