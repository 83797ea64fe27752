import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvSecretStore } from '../src/main/settings';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { UI_WAIT_MS } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Send end to end: the settings view configures an endpoint on a real OpenAI-compatible server on
 * loopback; the request it receives carries exactly the previewed expanded message; the reply
 * streams into the conversation; Stop ends a slow stream; error answers read as sentences;
 * `@result:` offers the session's results and attaches the stored text; the history reopens a run.
 */

const KEY = 'sk-e2e-not-a-real-key-000000';
let workspace: TestWorkspace;
let server: OpenAiTestServer;
let host: TestHost;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ui: ReturnType<typeof composerPage>;
/** The expanded message of the first run, as the preview showed it. */
let firstPreview = '';

beforeAll(async () => {
  workspace = await createTestWorkspace();
  server = await startOpenAiServer();
  const secrets = createEnvSecretStore({ env: { ATMARK_API_KEY_OPENAI: KEY } });
  [host, browser] = await Promise.all([startTestHost(workspace.root, { secrets }), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(UI_WAIT_MS);
  ui = composerPage(page);
  await page.goto(host.url);
  await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
});

const sendButton = () => page.getByRole('button', { name: 'Send', exact: true });

describe('Send through the browser host', () => {
  it('keeps Send disabled until an endpoint is configured in Settings', async () => {
    await ui.write('Hello');
    expect(await sendButton().isDisabled()).toBe(true);
    expect(await page.locator('#send-reason').textContent()).toMatch(/no model endpoint is configured/);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Preset').selectOption('openai');
    await settings.getByRole('button', { name: 'Add endpoint' }).click();
    // A key over http:// to another machine would cross the network in clear: Settings says so,
    // and says nothing for loopback.
    const inClear = settings.getByRole('alert').filter({ hasText: 'unencrypted' });
    await settings.getByLabel('Base URL').fill('http://192.168.1.20:8000/v1');
    await expect.poll(() => inClear.textContent()).toContain('the API key would cross the network to 192.168.1.20:8000 unencrypted');
    await settings.getByLabel('Base URL').fill(server.baseUrl);
    await settings.getByLabel('Model', { exact: true }).fill('test-model');
    expect(await inClear.count()).toBe(0);
    // No Save button: leaving the field saves it.
    await settings.getByLabel('Base URL').focus();
    await settings.getByText('Saved.').waitFor();
    // The key comes from the host's environment; the page only learns that one is set.
    await expect.poll(() => settings.getByRole('status', { name: 'API key status' }).textContent()).toMatch(/An API key is set/);
    expect(await page.content()).not.toContain(KEY);
    await settings.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
  });

  it('sends exactly the previewed expanded message and streams the reply', async () => {
    await ui.clearPrompt();
    await ui.write('Explain @file:src/greet.ts with @file:README.md ');
    firstPreview = (await ui.preview().locator('pre').textContent()) ?? '';
    expect(firstPreview).toContain('Hi, ${name}.');
    const before = server.requests.length;
    await sendButton().click();
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await ui.lastTurn().locator('.reply').textContent()).toBe(DEFAULT_REPLY);

    const request = server.requests.slice(before).find((r) => r.path === '/v1/chat/completions');
    const body = JSON.parse(request?.body ?? '{}') as { model: string; messages: Array<{ role: string; content: string }> };
    expect(body.model).toBe('test-model');
    expect(body.messages).toEqual([{ role: 'user', content: firstPreview }]);
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('Stop ends a slow stream and keeps what arrived', async () => {
    server.setMode({ kind: 'stream', reply: 'slowly '.repeat(60), chunkChars: 3, delayMs: 60 });
    await ui.clearPrompt();
    await ui.write('Tell a long story');
    await sendButton().click();
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await stop.waitFor();
    await expect.poll(async () => (await ui.lastTurn().locator('.reply').textContent()) ?? '').toMatch(/^slowly/);
    await stop.click();
    await expect.poll(() => ui.lastTurn().getAttribute('data-status')).toBe('stopped');
    const kept = (await ui.lastTurn().locator('.reply').textContent()) ?? '';
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan('slowly '.repeat(60).length);
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
  });

  it('shows error answers as readable sentences', async () => {
    // Each Send adds a turn; wait for that turn (the one before may have failed as well).
    const turns = ui.conversation().locator('li.turn');
    server.setMode({ kind: 'error', status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    let count = await turns.count();
    await sendButton().click();
    await expect.poll(() => turns.count(), { timeout: 30_000 }).toBe(count + 1);
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    expect(await ui.lastTurn().getByRole('alert').textContent()).toBe('OpenAI refused the API key (401: Incorrect API key provided): check the key in Settings.');

    server.setMode({ kind: 'error', status: 500, body: { error: { message: 'The model crashed' } } });
    count = await turns.count();
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
    await sendButton().click();
    await expect.poll(() => turns.count(), { timeout: 30_000 }).toBe(count + 1);
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    expect(await ui.lastTurn().getByRole('alert').textContent()).toMatch(/OpenAI failed while answering \(500: The model crashed\): try again later\./);
    server.setMode({ kind: 'stream' });
  });

  it('Retry after a failed send sends the same message again', async () => {
    const turns = ui.conversation().locator('li.turn');
    server.setMode({ kind: 'error', status: 500, body: { error: { message: 'Busy' } } });
    let count = await turns.count();
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
    await sendButton().click();
    await expect.poll(() => turns.count(), { timeout: 30_000 }).toBe(count + 1);
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    const failedMessage = await ui.lastTurn().locator('.turn-message').textContent();
    server.setMode({ kind: 'stream' });
    count = await turns.count();
    // Each message has its own Retry (issue 24): the failed one's sends its message again.
    await ui.lastTurn().getByRole('button', { name: 'Retry', exact: true }).click();
    await expect.poll(() => turns.count(), { timeout: 30_000 }).toBe(count + 1);
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await ui.lastTurn().locator('.turn-message').textContent()).toBe(failedMessage);
    // The new run carries no error, and no failure is left standing above the conversation.
    expect(await ui.lastTurn().getByRole('alert').count()).toBe(0);
    expect(await ui.conversation().locator('.send-error').count()).toBe(0);
  });

  it('@result: completion lists the stored results; attaching one gives the stored text', async () => {
    await ui.clearPrompt();
    await page.keyboard.type('Recall @result:');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(async () => (await options.allTextContents()).join('\n')).toMatch(/reply of run 1 \(test-model\) · just now/);
    const texts = await options.allTextContents();
    expect(texts.some((t) => /@file:src\/greet\.ts in run 1/.test(t))).toBe(true);
    const index = texts.findIndex((t) => t.includes('reply of run 1'));
    const id = texts[index]?.match(/r-[a-z2-7]{8}/)?.[0] ?? '';
    await options.nth(index).click();
    await page.keyboard.press('Escape');
    await ui.settle();
    await expect.poll(() => page.locator(`.cm-chip[data-ref="@result:${id}"]`).getAttribute('data-state')).toBe('ok');
    const sessions = path.join(host.userDataDir, 'sessions');
    const [sessionDir] = fs.readdirSync(sessions);
    const stored = fs.readFileSync(path.join(sessions, sessionDir ?? '', 'results', `${id}.txt`), 'utf8');
    expect(stored).toBe(DEFAULT_REPLY);
    expect(await ui.preview().locator('pre').textContent()).toContain(`\n${stored}\n`);
  });

  it('the history reopens a run with its preview and citations, and exports it as Markdown', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /^Run 1: Explain/ }).click();
    const run = history.getByRole('article', { name: 'Run 1' });
    expect(await run.locator('pre').textContent()).toBe(firstPreview);
    const rows = run.getByRole('table', { name: 'Citations' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('@file:src/greet.ts');
    expect(await run.locator('.reply').textContent()).toBe(DEFAULT_REPLY);

    const download = page.waitForEvent('download');
    await run.getByRole('button', { name: 'Export run as Markdown' }).click();
    const file = await download;
    const markdown = fs.readFileSync(await file.path(), 'utf8');
    expect(markdown).toMatch(/^# Run 1: Explain/);
    expect(markdown).toContain('## Citations');
    expect(markdown).toMatch(/\| `@file:src\/greet\.ts` \|/);
    await history.getByRole('button', { name: 'Close' }).click();
  });

  it('keyboard: a side panel takes focus when it opens and Escape closes it', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
  });
});
