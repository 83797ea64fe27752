import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../src/main/host/renderer-build';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { startChildHost, type ChildHost } from './support/child-host';
import { composerPage } from './support/composer-page';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The crash test: the browser host runs as its own process and is killed with SIGKILL while
 * the person types and again while a reply streams; restarted on the same user-data folder, it
 * loses no draft text typed more than a second before the kill, and no completed run. Each start
 * gets a fresh browser context, so the page's own localStorage copy of the draft cannot help.
 */

let workspace: TestWorkspace;
let server: OpenAiTestServer;
let browser: Browser;
let base: string;
let rendererDir: string;
let userDataDir: string;
let host: ChildHost | null = null;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-e2e-crash-'));
  rendererDir = path.join(base, 'renderer');
  userDataDir = path.join(base, 'user');
  server = await startOpenAiServer();
  const endpoint = { id: 'local', name: 'Local test model', preset: 'vllm', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128_000 };
  await fs.mkdir(userDataDir, { recursive: true });
  await fs.writeFile(path.join(userDataDir, 'settings.json'), JSON.stringify({ version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: DEFAULT_LIMITS, allowHosts: [] }));
  [browser] = await Promise.all([launchChromium(), buildRenderer(rendererDir)]);
});

afterAll(async () => {
  await host?.kill();
  await browser?.close();
  await server?.close();
  await workspace?.cleanup();
  await fs.rm(base, { recursive: true, force: true });
});

/** Starts the host and opens its page in a fresh browser context. */
async function start(): Promise<{ page: Page; ui: ReturnType<typeof composerPage> }> {
  host = await startChildHost({ workspace: workspace.root, userDataDir, rendererDir });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openComposer(context, host.url);
  return { page, ui: composerPage(page) };
}

async function kill(page: Page): Promise<void> {
  await host?.kill();
  host = null;
  await page.context().close();
}

const KEPT = 'Draft typed well before the crash, about the README. ';
const MAYBE_LOST = 'and these last words may be lost';

describe('the host killed with SIGKILL', () => {
  it('keeps the draft typed more than a second before a kill while typing', async () => {
    const { page, ui } = await start();
    await ui.prompt().click();
    await page.keyboard.type(KEPT);
    await page.waitForTimeout(1_100);
    const typing = page.keyboard.type(MAYBE_LOST, { delay: 25 }).catch(() => undefined);
    await page.waitForTimeout(300);
    await kill(page);
    await typing;

    const restarted = await start();
    const restored = (await restarted.ui.prompt().textContent()) ?? '';
    expect(restored.startsWith(KEPT), `restored: ${JSON.stringify(restored)}`).toBe(true);
    expect((KEPT + MAYBE_LOST).startsWith(restored)).toBe(true);
    await kill(restarted.page);
  });

  it('keeps completed runs (and the draft) after a kill while a reply streams', async () => {
    const { page, ui } = await start();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await ui.clearPrompt();
    await ui.write('A run that completes before the crash');
    await send.click();
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');

    server.setMode({ kind: 'stream', reply: 'slowly '.repeat(200), chunkChars: 3, delayMs: 50 });
    await ui.clearPrompt();
    await ui.write('A run that streams when the host dies');
    await send.click();
    await expect.poll(() => ui.conversation().locator('li.turn').count()).toBe(2);
    await expect.poll(async () => (await ui.lastTurn().locator('.reply').textContent()) ?? '').toMatch(/^slowly/);
    await page.waitForTimeout(1_200); // past the partial reply's checkpoint (saved every second)
    await kill(page);
    server.setMode({ kind: 'stream' });

    const restarted = await start();
    expect(await restarted.ui.prompt().textContent()).toBe('A run that streams when the host dies');
    await restarted.page.getByRole('button', { name: 'History', exact: true }).click();
    const history = restarted.page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /^Run 1: A run that completes/ }).click();
    const run1 = history.getByRole('article', { name: 'Run 1' });
    expect(await run1.locator('.reply').textContent()).toBe(DEFAULT_REPLY);
    expect(await run1.locator('h3').textContent()).toContain('done');
    await history.getByRole('button', { name: /^Run 2: A run that streams/ }).click();
    const run2 = history.getByRole('article', { name: 'Run 2' });
    expect(await run2.locator('h3').textContent()).toContain('interrupted');
    expect(((await run2.locator('.reply').textContent()) ?? '').startsWith('slowly')).toBe(true);
    // The conversation of the reopened session shows both runs too.
    expect(await restarted.ui.conversation().locator('li.turn').count()).toBe(2);
  });
});
