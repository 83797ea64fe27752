import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeImageBrowser, renderTextImage } from '../test-support/images';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * A pasted screenshot, in Chromium against the browser host, with the browser in Japanese and in
 * Korean: Ctrl+V of a screenshot of Japanese (Korean) text inserts an `@image:` chip where the
 * cursor is; its text, read locally by OCR, is in the preview. On its chip card the person picks
 * "Image" (画像 / 이미지): the reference gains `:image`, the preview no longer holds the text, and a
 * loopback model server whose endpoint accepts images receives the picture and not the text.
 */

const LOCALES = [
  {
    locale: 'ja-JP',
    workspace: 'ワークスペース',
    names: { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告' },
    lines: ['来週の定例会議は木曜日です', '資料を確認してください'],
    words: ['木曜日', '資料'],
    lead: 'この画面を要約して ',
    image: '画像',
    send: '送信',
  },
  {
    locale: 'ko-KR',
    workspace: '작업 공간',
    names: { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' },
    lines: ['회의는 목요일 오후에 열립니다', '보고서를 확인해 주세요'],
    words: ['목요일', '보고서를'],
    lead: '이 화면을 요약해 줘 ',
    image: '이미지',
    send: '보내기',
  },
];

/** How long OCR may take to settle on a busy machine (it loads its models first): a bound for a hung test, not a speed claim. */
const IMAGE_SETTLES_MS = 120_000;

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let server: OpenAiTestServer;
const shots = new Map<string, string>();

beforeAll(async () => {
  workspace = await createTestWorkspace();
  for (const l of LOCALES) shots.set(l.locale, Buffer.from(await renderTextImage(l.lines, { lang: l.locale.slice(0, 2) })).toString('base64'));
  await closeImageBrowser();
  server = await startOpenAiServer();
  const endpoint = { id: 'local', name: 'Local', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128_000, acceptsImages: true };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
});

/** Pastes a PNG (base64) into the composer as a screenshot tool does: one file the browser names image.png. */
async function pasteScreenshot(page: Page, base64: string): Promise<void> {
  await page.evaluate((b64) => {
    const png = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([png], 'image.png', { type: 'image/png' }));
    document.querySelector('.cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, base64);
}

describe.each(LOCALES)('a pasted screenshot with the browser in $locale', (l) => {
  let context: BrowserContext;
  let page: Page;
  const composer = () => composerPage(page, l.names);
  const chip = () => page.locator('.cm-chip[data-ref^="@image:"]');

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: l.locale });
    page = await openComposer(context, host.url, l.workspace);
  }, 120_000);
  afterAll(async () => context?.close());

  it('becomes an @image chip where the cursor is, and its OCR text is in the preview', { timeout: 240_000 }, async () => {
    await composer().clearPrompt();
    await page.keyboard.type(l.lead);
    await pasteScreenshot(page, shots.get(l.locale)!);
    await expect.poll(() => chip().count(), { timeout: 30_000 }).toBe(1);
    const raw = (await chip().getAttribute('data-ref')) ?? '';
    expect(raw).toMatch(/^@image:[0-9a-f]{12}\.png$/);
    // The reference follows what was typed, and the cursor is after it.
    expect(await page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''")).toBe(`${l.lead}${raw} `);
    await expect.poll(() => chip().getAttribute('data-state'), { timeout: IMAGE_SETTLES_MS }).toBe('ok');
    expect(await chip().locator('.cm-chip-tokens').textContent()).toMatch(/[\d,]+/);
    const shown = (await composer().preview().locator('pre').textContent()) ?? '';
    for (const word of l.words) expect(shown).toContain(word);
    expect(shown).toContain('(PNG image');
  });

  it('"Image" on its chip card sends the picture alone: the reference says so, and the model server receives the picture and not the text', { timeout: 240_000 }, async () => {
    const before = (await chip().getAttribute('data-ref')) ?? '';
    await chip().hover();
    const card = page.locator('.cm-chip-card');
    await card.getByRole('button', { name: l.image, exact: true }).click();
    await expect.poll(() => chip().getAttribute('data-ref'), { timeout: 30_000 }).toBe(`${before}:image`);
    await expect.poll(() => chip().getAttribute('data-state'), { timeout: IMAGE_SETTLES_MS }).toBe('ok');
    await composer().settle();
    await expect.poll(async () => (await composer().preview().locator('pre').textContent()) ?? '').toContain('is sent with this message as an image');
    expect((await composer().preview().locator('pre').textContent()) ?? '').not.toContain(l.words[0]);
    await page.mouse.move(0, 0);
    const sent = server.requests.length;
    await page.getByRole('button', { name: l.send, exact: true }).click();
    await expect.poll(() => server.requests.length, { timeout: 60_000 }).toBe(sent + 1);
    const body = JSON.parse(server.requests.at(-1)!.body) as { messages: Array<{ content: Array<{ type: string; text?: string; image_url?: { url: string } }> }> };
    const parts = body.messages[0]!.content;
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(parts[0]!.text).not.toContain(l.words[0]);
    expect(parts[1]!.image_url!.url.startsWith('data:image/png;base64,')).toBe(true);
  });
});
