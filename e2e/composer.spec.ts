import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/main/engine';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The composer in Chromium against the browser host, on a real git repository (docs/contract.md
 * "Accessible names"): completion, chips, meters, preview, warnings, limits, copy, and Backspace on a chip.
 */

const SCREENSHOTS = path.resolve(__dirname, '..', 'docs', 'screenshots');
const BIN = path.resolve(__dirname, '..', 'bin', 'atmark.cjs');
const CLI_BUILD = path.resolve(__dirname, '..', 'dist', 'cli.cjs');

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  // An endpoint is configured (nothing is sent here), so Send is enabled unless the hard limit blocks.
  const endpoint = { id: 'vllm', name: 'vLLM', preset: 'vllm', baseUrl: 'http://127.0.0.1:9/v1', model: 'default', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'vllm', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
  page = await openComposer(context, host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw.replace(/"/g, '\\"')}"]`);
const meter = (name: string) => page.getByRole('meter', { name });
const prompt = () => composerPage(page).prompt();
const preview = () => composerPage(page).preview();
const settle = () => composerPage(page).settle();
const clearPrompt = () => composerPage(page).clearPrompt();

/** The document exactly as typed (the draft the app keeps). */
async function promptText(): Promise<string> {
  return page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''");
}

/** Types `text`, waits for the completion list, checks its first option, and accepts it. */
async function complete(text: string, firstOption: RegExp): Promise<void> {
  await page.keyboard.type(text);
  const options = page.getByRole('listbox').getByRole('option');
  // allTextContents does not wait, so the poll sees the list as it is at each moment.
  await expect
    .poll(async () => `${(await options.allTextContents())[0] ?? ''} | ${await promptText()}`, { timeout: 30_000 })
    .toMatch(new RegExp(`^${firstOption.source.replace(/^\^/, '')}`));
  // CodeMirror ignores Enter within `interactionDelay` (75 ms) of the list changing, so a fast
  // robot does not accept an option it has not seen; a person never notices.
  await page.waitForTimeout(120);
  await page.keyboard.press('Enter');
}

async function meterValue(name: string): Promise<number> {
  return Number(await meter(name).getAttribute('aria-valuenow'));
}

describe('the composer in the browser host', () => {
  it('builds a prompt through completion; chips, meters and the preview follow', async () => {
    await clearPrompt();
    await page.keyboard.type('Summarise ');
    await complete('@file:READ', /^README\.md/);
    await expect.poll(() => chip('@file:README.md').getAttribute('data-state')).toBe('ok');
    await settle();
    const tokensAfterOne = await meterValue('Tokens');
    expect(tokensAfterOne).toBeGreaterThan(0);

    await page.keyboard.type('and ');
    await complete('@fol', /^@folder:/);
    await complete('lib', /^src\/lib\//);
    await page.keyboard.type('with ');
    await complete('@git:', /^@git:1/);
    await page.keyboard.type('and ');
    await complete('@dif', /^@diff/);
    await settle();

    expect(await promptText()).toBe('Summarise @file:README.md and @folder:src/lib with @git:1 and @diff ');
    for (const raw of ['@file:README.md', '@folder:src/lib', '@git:1', '@diff']) {
      await expect.poll(() => chip(raw).getAttribute('data-state')).toBe('ok');
    }
    expect(await meterValue('References')).toBe(4);
    expect(await meter('References').getAttribute('aria-valuemax')).toBe('8');
    expect(await meterValue('Tokens')).toBeGreaterThan(tokensAfterOne);
    expect(await meterValue('Attached size')).toBeGreaterThan(0);
    expect(await meter('Tokens').getAttribute('aria-valuemax')).toBe('64000');

    // The preview is exactly what the engine, and the CLI, make of the same text.
    const text = await promptText();
    const shown = await preview().locator('pre').textContent();
    const engine = await createEngine({ workspace: workspace.root }).expand(text);
    expect(shown).toBe(engine.message);
    if (fs.existsSync(CLI_BUILD)) {
      const cli = execFileSync(process.execPath, [BIN, 'expand', '--workspace', workspace.root, text], { encoding: 'utf8' });
      expect(cli.replace(/\n$/, '')).toBe(shown?.replace(/\n$/, ''));
    } else {
      console.log(`CLI comparison skipped: ${CLI_BUILD} is not built (npm run build:cli builds it)`);
    }

    // Clicking a chip shows its block in the preview.
    await chip('@git:1').click();
    const block = engine.references.find((r) => r.raw === '@git:1')?.block ?? '';
    expect(block).toContain('Greet more calmly');
    await expect.poll(() => preview().locator('mark').textContent()).toBe(block);
  });

  it('lists warnings for a missing file, a protected file and a path outside the workspace', async () => {
    await clearPrompt();
    await page.keyboard.type(`Check @file:missing.txt and @file:.env and @file:${workspace.outsideFile} `);
    await page.keyboard.press('Escape');
    await settle();
    await expect.poll(() => chip('@file:missing.txt').getAttribute('data-state')).toBe('warning');
    await expect.poll(() => chip('@file:.env').getAttribute('data-state')).toBe('blocked');
    await expect.poll(() => chip(`@file:${workspace.outsideFile}`).getAttribute('data-state')).toBe('blocked');
    const warnings = await composerPage(page).showWarnings();
    const items = warnings.getByRole('listitem');
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).getAttribute('data-code')).toBe('not_found');
    expect(await items.nth(1).getAttribute('data-code')).toBe('blocked');
    expect(await items.nth(2).getAttribute('data-code')).toBe('blocked');
    expect(await items.nth(0).textContent()).toContain('@file:missing.txt');
    expect(await items.nth(2).textContent()).toMatch(/outside the allowed workspace/);
    await composerPage(page).showPreview();
  });

  it('takes screenshots of the composer in light and dark themes', async () => {
    await clearPrompt();
    await page.keyboard.type('Why does greet() print differently now? ');
    await complete('@file:gree', /^src\/greet\.ts/);
    await page.keyboard.type('Compare with ');
    await complete('@dif', /^@diff/);
    await page.keyboard.type('and ');
    await complete('@git:', /^@git:1/);
    await page.keyboard.type('Ignore @file:.env and @file:old-notes.md ');
    await page.keyboard.press('Escape');
    await settle();
    await chip('@file:src/greet.ts').click();
    await expect.poll(() => chip('@file:.env').getAttribute('data-state')).toBe('blocked');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(fs.statSync(path.join(SCREENSHOTS, 'dark.png')).size).toBeGreaterThan(10_000);
  });

  it('disables Send, with the reason, while the hard limit blocks', async () => {
    await clearPrompt();
    await complete('@file:READ', /^README\.md/);
    await settle();
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isEnabled()).toBe(true);
    await page.getByLabel('Context length').fill('256');
    await settle();
    await expect.poll(() => send.isDisabled()).toBe(true);
    expect(await page.locator('#send-reason').textContent()).toMatch(/hard limit of 128 tokens/);
    await page.getByLabel('Context length').fill('128000');
    await settle();
    await expect.poll(() => send.isEnabled()).toBe(true);
  });

  it('Copy and Export carry the expanded message; Alt+Enter shows a chip block', async () => {
    await clearPrompt();
    await page.keyboard.type('Explain ');
    await complete('@file:gree', /^src\/greet\.ts/);
    await settle();
    await page.getByRole('button', { name: 'Copy' }).click();
    const shown = await preview().locator('pre').textContent();
    expect(shown).toContain('Hi, ${name}.');
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(shown);

    // Export saves the same text as Markdown (a download in the browser).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    // Named from the prompt being exported and the date.
    expect(file.suggestedFilename()).toMatch(/^Explain-\d{4}-\d{2}-\d{2}-\d{4}\.md$/);
    expect(fs.readFileSync(await file.path(), 'utf8')).toBe(shown);

    // Keyboard: Alt+Enter on a chip shows its block, as a click does.
    await prompt().click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Alt+Enter');
    await expect.poll(() => preview().locator('mark').textContent()).toMatch(/^### @file:src\/greet\.ts/);
  });

  it('Backspace deletes a chip whole', async () => {
    await clearPrompt();
    await page.keyboard.type('see ');
    await complete('@dif', /^@diff/);
    await expect.poll(() => chip('@diff').count()).toBe(1);
    await page.keyboard.press('Backspace'); // the space after the chip
    await page.keyboard.press('Backspace'); // the chip, as one unit
    expect(await promptText()).toBe('see ');
    expect(await chip('@diff').count()).toBe(0);
  });

  it('opens another folder by its path and remembers the recent ones', async () => {
    await page.getByRole('button', { name: 'Open folder…' }).click();
    await page.getByLabel('Folder path').fill(path.dirname(workspace.outsideFile));
    await page.keyboard.press('Enter'); // goes into the typed folder
    const here = page.getByRole('dialog', { name: 'Open folder' }).getByRole('navigation', { name: 'Location' }).locator('[aria-current]');
    await expect.poll(() => here.textContent()).toBe('elsewhere');
    await expect.poll(() => page.getByRole('button', { name: 'Open', exact: true }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('elsewhere', { exact: true }).waitFor();
    // Recent is a menu of the workspaces' names, each with its path on hover (issue 24; was a select of paths).
    const recent = page.getByRole('button', { name: 'Recent workspaces' });
    const items = page.getByRole('menu', { name: 'Recent workspaces' }).getByRole('menuitem');
    // The recent list is refreshed after the workspace switch is shown: wait for it.
    await expect.poll(async () => {
      if ((await recent.getAttribute('aria-expanded')) !== 'true') await recent.click();
      return items.evaluateAll((els) => els.map((el) => [el.querySelector('.recent-name')?.textContent, el.getAttribute('title')]));
    }).toEqual([
      ['elsewhere', path.dirname(workspace.outsideFile)],
      ['project', workspace.root],
    ]);
    await page.getByRole('menuitem', { name: 'project', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
  });
});
