import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { startTestServer, type TestServer } from '../test-support/net-server';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { launchChromium } from './support/browser';
import { openComposer } from './support/waits';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Replies as a chat app shows them (issue 24, finding 2): Markdown rendered and sanitized, which
 * model answered, and per message Copy, Retry and Edit-and-resend; against a real
 * OpenAI-compatible server on loopback.
 */

const REPLY = [
  '## Plan',
  '',
  '- first step',
  '- second step',
  '',
  '| file | change |',
  '|---|---|',
  '| greet.ts | punctuation |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  'Read [the guide](https://example.com/guide).',
  '',
  '<script>window.__xss = 1</script>',
  '',
  '<img src="x" onerror="window.__xss = 2">',
].join('\n');

let workspace: TestWorkspace;
let server: OpenAiTestServer;
/** A web page that answers when the test opens its gate, and one that never answers until the test lets it. */
let pages: TestServer;
let gate: { promise: Promise<void>; open(): void };
let flakyAnswers = false;

function closedGate(): typeof gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
let host: TestHost;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const ui = () => composerPage(page);

beforeAll(async () => {
  workspace = await createTestWorkspace();
  server = await startOpenAiServer({ kind: 'stream', reply: REPLY });
  gate = closedGate();
  gate.open();
  pages = await startTestServer({
    '/slow': async (_req, res) => {
      await gate.promise;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('SLOW PAGE TEXT\n');
    },
    // Requests never answer (the reference times out) until the test lets them answer at once. Not
    // "the first request only": a reference finished while typing goes on is read again when the
    // typing pauses, and on a slow machine that second read can start before the first times out.
    '/flaky': (_req, res) => {
      if (!flakyAnswers) return;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('FLAKY PAGE TEXT\n');
    },
  });
  const endpoint = { id: 'local', name: 'Local server', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128000 };
  // The URL deadline is the test's own (a timeout must happen within the test), the page server allowed.
  const limits = { ...DEFAULT_LIMITS, urlTimeoutMs: 5000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits, allowHosts: [pages.allowEntry] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await openComposer(context, host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await pages?.close();
  await workspace?.cleanup();
});

const sendButton = () => page.getByRole('button', { name: 'Send', exact: true });

describe('finding 2: replies rendered', () => {
  it('a reply with a heading, a list, a table, fenced code, a link, <script> and <img> renders the first five and none of the last two', async () => {
    await ui().write('Plan the change to @file:src/greet.ts');
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
    await sendButton().click();
    await expect.poll(() => ui().lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    const reply = ui().lastTurn().locator('.reply');
    expect(await reply.getByRole('heading', { name: 'Plan' }).count()).toBe(1);
    expect(await reply.getByRole('list').getByRole('listitem').allTextContents()).toEqual(['first step', 'second step']);
    expect(await reply.getByRole('table').getByRole('cell', { name: 'punctuation' }).count()).toBe(1);
    const code = reply.locator('.code-block code');
    expect(await code.textContent()).toBe('const answer: number = 42;');
    // Highlighted: the keyword and the number are spans of their own.
    expect(await code.locator('.hljs-keyword').first().textContent()).toBe('const');
    const link = reply.getByRole('link', { name: 'the guide' });
    expect(await link.getAttribute('href')).toBe('https://example.com/guide');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Raw HTML is text, never elements, and never ran.
    expect(await reply.locator('script, img, [onerror]').count()).toBe(0);
    expect(await reply.textContent()).toContain('<script>window.__xss = 1</script>');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Which model answered.
    expect(await ui().lastTurn().locator('.turn-meta').textContent()).toContain('test-model at Local server');
  });

  it('a code block has a copy button; each message has Copy, Retry and Edit-and-resend', async () => {
    const turn = ui().lastTurn();
    await turn.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe('const answer: number = 42;');
    await turn.getByRole('button', { name: 'Copy reply' }).click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(REPLY);
    // Retry sends the same message again, as a new run.
    const turns = ui().conversation().locator('li.turn');
    const before = await turns.count();
    const requests = server.requests.length;
    await turn.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect.poll(() => turns.count()).toBe(before + 1);
    await expect.poll(() => ui().lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(server.requests.length).toBe(requests + 1);
    expect(await ui().lastTurn().locator('.turn-message').textContent()).toBe('Plan the change to @file:src/greet.ts');
    // Edit and resend: the message comes back into the composer, to be changed and sent.
    await ui().clearPrompt();
    await ui().lastTurn().getByRole('button', { name: 'Edit and resend' }).click();
    await expect.poll(() => page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''")).toBe('Plan the change to @file:src/greet.ts');
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
  });
});

describe('finding 4: no silent waits', () => {
  it('Copy shows it is busy while the references are read again, then copies the whole expanded prompt', async () => {
    await ui().clearPrompt();
    await ui().write(`Summarise @url:${pages.url('/slow')} please`);
    await expect.poll(() => ui().preview().textContent()).toContain('SLOW PAGE TEXT');
    gate = closedGate();
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    await copy.click();
    await expect.poll(() => copy.getAttribute('aria-busy')).toBe('true');
    expect(await page.locator('.action-status').textContent()).toBe('Reading the references…');
    gate.open();
    await expect.poll(() => copy.getAttribute('aria-busy')).toBe('false');
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toContain('SLOW PAGE TEXT');
    expect(copied).toBe(await ui().preview().locator('pre').textContent());
  });

  it('Send with a failed reference asks once, listing it, with "Send anyway"', async () => {
    await ui().clearPrompt();
    await ui().write('Compare @file:missing.md with @file:src/greet.ts please');
    const requests = server.requests.length;
    await sendButton().click();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.getByRole('listitem').allTextContents()).toEqual(['@file:missing.md']);
    expect(server.requests.length).toBe(requests);
    await question.getByRole('button', { name: 'Send anyway' }).click();
    await expect.poll(() => server.requests.length, { timeout: 15_000 }).toBe(requests + 1);
    await expect.poll(() => ui().lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    // The same failures: asked once, so Send sends at once.
    await sendButton().click();
    await expect.poll(() => server.requests.length, { timeout: 15_000 }).toBe(requests + 2);
    expect(await question.count()).toBe(0);
    await expect.poll(() => ui().lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
  });

  it('a reference that failed on a timeout offers Retry on its chip', async () => {
    await ui().clearPrompt();
    const raw = `@url:${pages.url('/flaky')}`;
    await ui().write(`Read ${raw} please`);
    const chip = page.locator(`.cm-chip[data-ref="${raw}"]`);
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('warning');
    flakyAnswers = true;
    await chip.hover();
    const card = page.getByRole('group', { name: `Details of ${raw}` });
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('ok');
    await expect.poll(() => ui().preview().textContent()).toContain('FLAKY PAGE TEXT');
  });
});

describe('finding 3: a model picker next to Send', () => {
  it('the combobox "Model" lists the endpoint and the models its server lists; the choice is used for the next Send', async () => {
    const picker = page.getByRole('combobox', { name: 'Model', exact: true });
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['test-model', 'test-model-large', 'Add a model…']);
    expect(server.modelListings).toBeGreaterThan(0);
    // Beside Send, on the same row.
    const [a, b] = await Promise.all([picker.boundingBox(), sendButton().boundingBox()]);
    expect(a && b && Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < 8).toBe(true);
    await picker.selectOption({ label: 'test-model-large' });
    await ui().clearPrompt();
    await ui().write('Which model are you?');
    const requests = server.requests.length;
    await expect.poll(() => sendButton().isEnabled()).toBe(true);
    await sendButton().click();
    await expect.poll(() => server.requests.length, { timeout: 15_000 }).toBe(requests + 1);
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}').model).toBe('test-model-large');
    await expect.poll(() => ui().lastTurn().getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(await ui().lastTurn().locator('.turn-model').textContent()).toBe('test-model-large at Local server');
  });

  it('"Add a model…" opens Settings', async () => {
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ label: 'Add a model…' });
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
  });
});
