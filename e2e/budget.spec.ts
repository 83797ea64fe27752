import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandIO } from '../src/main/cli/expand-command';
import { runCli } from '../src/main/cli/main';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * One budget everywhere (issue 14, findings 1, 2 and 4): the meters show the prompt's own tokens,
 * the attachments' tokens and their sum against the context length; the figures are those the CLI's
 * `--json` reports for the same message; past the soft limit the Tokens bar stays a bar; past the
 * hard limit the real figures stay visible and each chip keeps its own count.
 */

const SHOTS = (name: string) => path.resolve(__dirname, '..', 'docs', 'screenshots', name);

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  const endpoint = { id: 'vllm', name: 'vLLM', preset: 'vllm', baseUrl: 'http://127.0.0.1:9/v1', model: 'default', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'vllm', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  page = await openComposer(context, host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const ui = () => composerPage(page);
const meter = (name: string) => page.getByRole('meter', { name, exact: true });
const figure = async (name: string, attr: 'aria-valuenow' | 'aria-valuemax') => Number(await meter(name).getAttribute(attr));

/** The CLI's `--json` budget for the same message, workspace and context length. */
async function cliBudget(message: string, contextLength: number): Promise<{ promptTokens: number; attachedTokens: number; totalTokens: number; state: string }> {
  let out = '';
  const io: CommandIO = { stdout: (t) => void (out += t), stderr: () => undefined, readStdin: async () => '', cwd: workspace.root, language: 'en' };
  await runCli(['expand', '--json', '--context-length', String(contextLength), message], io);
  return (JSON.parse(out) as { budget: { promptTokens: number; attachedTokens: number; totalTokens: number; state: string } }).budget;
}

/** Writes `message` as the whole prompt at `contextLength` and waits for its expansion. */
async function compose(message: string, contextLength: number): Promise<void> {
  await page.getByLabel('Context length').fill(String(contextLength));
  await ui().clearPrompt();
  await ui().prompt().click();
  await page.keyboard.insertText(message);
  await page.keyboard.press('Escape');
  await ui().settle();
}

const prose = 'この段落は長い説明です。The budget must count the words of the prompt too. '.repeat(330);

describe('one budget for the meters and the CLI', () => {
  it.each([
    ['a long prompt and one small file', `${prose} @file:src/greet.ts`, 8192],
    ['a short prompt and the README', 'Summarise @file:README.md', 128_000],
    ['a file past the soft limit', 'Read @file:README.md', 1200],
    ['a file past the hard limit', 'Read @file:README.md and @file:src/greet.ts', 256],
  ])('%s: the meters show the figures the CLI reports', async (_what, message, contextLength) => {
    await compose(message, contextLength);
    const cli = await cliBudget(message, contextLength);
    expect(cli.promptTokens).toBeGreaterThan(0);
    await expect.poll(() => figure('Context', 'aria-valuenow')).toBe(cli.totalTokens);
    expect(await figure('Context', 'aria-valuemax')).toBe(contextLength);
    expect(await figure('Tokens', 'aria-valuenow')).toBe(cli.attachedTokens);
    expect(await meter('Context').getAttribute('aria-valuetext')).toContain(`prompt ${cli.promptTokens.toLocaleString('en-US')}`);
  });

  it('the long prompt is counted: the whole message takes most of the context, not only the attachment', async () => {
    await compose(`${prose} @file:src/greet.ts`, 8192);
    const total = await figure('Context', 'aria-valuenow');
    const attached = await figure('Tokens', 'aria-valuenow');
    expect(total).toBeGreaterThan(attached * 10);
    await expect.poll(async () => (await composerPage(page).showWarnings()).textContent()).toMatch(/leave less than a quarter/);
    await composerPage(page).showPreview();
  });
});

describe('past the limits', () => {
  it('past the soft limit the Tokens bar is still a bar, drawn in the warning colour', async () => {
    await compose('Read @file:README.md', 1200);
    const bar = meter('Tokens');
    expect(await bar.getAttribute('class')).toContain('meter-level-soft');
    const box = await bar.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(6);
    await page.screenshot({ path: SHOTS('soft-limit.png') });
  });

  it('past the hard limit the real figures stay visible and each chip keeps its count', async () => {
    await compose('Read @file:README.md and @file:src/greet.ts', 256);
    const now = await figure('Tokens', 'aria-valuenow');
    const max = await figure('Tokens', 'aria-valuemax');
    expect(max).toBe(128);
    expect(now).toBeGreaterThan(max);
    expect(await meter('Tokens').getAttribute('aria-valuetext')).toContain(`${now.toLocaleString('en-US')} of 128`);
    const chip = page.locator('.cm-chip[data-ref="@file:README.md"]');
    await expect.poll(() => chip.locator('.cm-chip-tokens').count()).toBe(1);
    expect(Number((await chip.locator('.cm-chip-tokens').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(await figure('References', 'aria-valuenow')).toBe(2);
    await page.screenshot({ path: SHOTS('hard-limit.png') });
  });

  it('references that fail take no share of the References meter', async () => {
    await compose('@file:missing1.ts @file:missing2.ts @file:.env and @file:src/greet.ts', 128_000);
    await expect.poll(() => figure('References', 'aria-valuenow')).toBe(1);
  });
});
