import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { UI_WAIT_MS } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage, ENGLISH_NAMES, type ComposerNames } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Japanese and Korean typed through an input method (IME), driven through the DevTools protocol
 * the way an IME drives Chromium: `Input.imeSetComposition` for the text being composed, then
 * `Input.insertText` to commit it. While a composition is active no completion list opens, no chip
 * is drawn over it or changed by it, and Enter and Ctrl+Enter commit instead of sending or picking.
 * The endpoint is a real OpenAI-compatible server on loopback, so a Send would show as a request.
 */

let workspace: TestWorkspace;
let server: OpenAiTestServer;
let host: TestHost;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let ui: ReturnType<typeof composerPage>;

/** The browser's language, and the names the page then uses (the UI follows the browser). */
interface ImeLocale {
  locale: string;
  names: ComposerNames;
  workspace: string;
}

const LOCALES: ImeLocale[] = [
  { locale: 'ja-JP', names: { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話' }, workspace: 'ワークスペース' },
  { locale: 'ko-KR', names: { prompt: '프롬프트', preview: '미리보기', conversation: '대화' }, workspace: '작업 공간' },
  { locale: 'en-US', names: ENGLISH_NAMES, workspace: 'Workspace' },
];

async function setUp(l: ImeLocale): Promise<void> {
  workspace = await createTestWorkspace();
  await fs.mkdir(path.join(workspace.root, 'docs'));
  await fs.writeFile(path.join(workspace.root, 'docs', '会議メモ.md'), '# 会議メモ\n\n次回は木曜日。\n');
  // A tracked file named in Korean (staged: in git's index), beside the untracked Japanese one.
  await fs.mkdir(path.join(workspace.root, 'docs', '회의록'));
  await fs.writeFile(path.join(workspace.root, 'docs', '회의록', '첫회의.md'), '# 첫 회의\n\n다음 회의는 목요일.\n');
  execFileSync('git', ['add', 'docs/회의록'], { cwd: workspace.root });
  server = await startOpenAiServer();
  const endpoint = { id: 'local', name: 'Local', preset: 'vllm', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: l.locale });
  page = await context.newPage();
  page.setDefaultTimeout(UI_WAIT_MS);
  cdp = await context.newCDPSession(page);
  ui = composerPage(page, l.names);
  await page.goto(host.url);
  await page.getByRole('status', { name: l.workspace }).getByText('project', { exact: true }).waitFor();
}

async function tearDown(): Promise<void> {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
}

const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw.replace(/"/g, '\\"')}"]`);
const listbox = () => page.getByRole('listbox');
const completionRequests = () => server.requests.filter((r) => r.path === '/v1/chat/completions').length;

/** The document exactly as typed (the draft the app keeps). */
async function promptText(): Promise<string> {
  return page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''");
}

/** Shows `text` as the composition in progress, with the IME's cursor at its end. */
async function composeText(text: string): Promise<void> {
  await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
}

/** Commits the composition as `text`, as an IME does when the person confirms a candidate. */
async function commit(text: string): Promise<void> {
  await cdp.send('Input.insertText', { text });
}

/**
 * Waits past the moment a completion list would have opened (the editor waits 100 ms after typing,
 * then asks the host) and checks that none did. A list that opens late fails the next check too.
 */
async function expectNoCompletion(): Promise<void> {
  await page.waitForTimeout(400);
  expect(await listbox().count()).toBe(0);
}

/**
 * Presses Enter (with Ctrl when `ctrl`) as Chromium delivers a key an IME consumes: keyCode 229,
 * no text. The IME, not the page, decides what it does (here: the commit that follows).
 */
async function imeKey(ctrl = false): Promise<void> {
  const key = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 229, modifiers: ctrl ? 2 : 0 };
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
}

/** Waits until the completion list's first option matches `first`, then picks it with Enter. */
async function pickFirst(first: RegExp): Promise<void> {
  const options = listbox().getByRole('option');
  await expect.poll(async () => (await options.allTextContents())[0] ?? '').toMatch(first);
  await page.waitForTimeout(120); // CodeMirror ignores Enter within 75 ms of the list changing.
  await page.keyboard.press('Enter');
  await ui.settle();
}

/** Types `text` and moves the cursor off and back, so a reference just typed is drawn as a chip. */
async function typeAndLeave(text: string): Promise<void> {
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
}

describe.each(LOCALES)('IME compositions in the composer, browser in $locale', (l) => {
  beforeAll(() => setUp(l));
  afterAll(tearDown);

  it('completion after Japanese text inserts a reference that becomes a chip', async () => {
    await ui.clearPrompt();
    await page.keyboard.insertText('これは');
    await page.keyboard.type('@file:src/gr');
    await pickFirst(/^src\/greet\.ts/);
    await expect.poll(() => chip('@file:src/greet.ts').getAttribute('data-state')).toBe('ok');
    expect(await promptText()).toBe('これは@file:src/greet.ts ');
    // The preview holds the file the sentence names.
    expect(await ui.preview().locator('pre').textContent()).toContain('Hi, ${name}.');
  });

  it('composing right after @ opens no completion, and Enter commits instead of picking or sending', async () => {
    await ui.clearPrompt();
    await page.keyboard.insertText('見て');
    await page.keyboard.type('@');
    // The kinds are offered after `@` (the control: completion does open here without an IME).
    await listbox().waitFor();
    await composeText('ｆ');
    await composeText('ふぁ');
    await expectNoCompletion();
    const before = completionRequests();
    await imeKey();
    await imeKey(true);
    await commit('ファイル');
    await expectNoCompletion();
    expect(await promptText()).toBe('見て@ファイル');
    expect(completionRequests()).toBe(before);
  });

  it('a name composed after @file: opens no completion until it is committed', async () => {
    await ui.clearPrompt();
    await page.keyboard.insertText('これは');
    await page.keyboard.type('@file:');
    await listbox().waitFor();
    // かいぎ, then the candidate 会議 while still composing: as text, 会議 would match docs/会議メモ.md.
    await composeText('かいぎ');
    await composeText('会議');
    await expectNoCompletion();
    await imeKey();
    await commit('会議');
    // Committed, it is a query like any other: the list follows, and Enter picks from it.
    await pickFirst(/^docs\/会議メモ\.md/);
    expect(await promptText()).toBe('これは@file:docs/会議メモ.md ');
    await expect.poll(() => chip('@file:docs/会議メモ.md').getAttribute('data-state')).toBe('ok');
  });

  it('offers a tracked file named in Korean when its name is composed, and picks it', async () => {
    await ui.clearPrompt();
    await page.keyboard.insertText('확인: ');
    await page.keyboard.type('@file:');
    await listbox().waitFor();
    await composeText('첫회');
    await composeText('첫회의');
    await commit('첫회의');
    await pickFirst(/^docs\/회의록\/첫회의\.md/);
    expect(await promptText()).toBe('확인: @file:docs/회의록/첫회의.md ');
    await expect.poll(() => chip('@file:docs/회의록/첫회의.md').getAttribute('data-state')).toBe('ok');
    expect(await ui.preview().locator('pre').textContent()).toContain('다음 회의는 목요일.');
  });

  it('composing right after a chip keeps the chip a chip, unchanged', async () => {
    await ui.clearPrompt();
    await typeAndLeave('これは@file:src/greet.ts');
    await expect.poll(() => chip('@file:src/greet.ts').getAttribute('data-state')).toBe('ok');
    const before = completionRequests();
    // A romaji `w` on its way to `を`: as plain text it would run into the path.
    await composeText('w');
    expect(await chip('@file:src/greet.ts').count()).toBe(1);
    expect(await chip('@file:src/greet.tsw').count()).toBe(0);
    await composeText('を');
    await expectNoCompletion();
    await imeKey(true);
    await imeKey();
    await commit('を見て');
    await ui.settle();
    expect(await promptText()).toBe('これは@file:src/greet.tsを見て');
    await expect.poll(() => chip('@file:src/greet.ts').getAttribute('data-state')).toBe('ok');
    expect(completionRequests()).toBe(before);
  });

  it('a romaji letter composed after @diff does not turn the chip into text', async () => {
    await ui.clearPrompt();
    await typeAndLeave('変更は@diff');
    await chip('@diff').waitFor();
    await composeText('s');
    // Parsed as it stands, `@diffs` is no reference; mid-composition the chip stays.
    expect(await chip('@diff').count()).toBe(1);
    await composeText('す');
    expect(await chip('@diff').count()).toBe(1);
    await commit('すべて');
    await ui.settle();
    await expect.poll(() => chip('@diff').getAttribute('data-state')).toBe('ok');
    expect(await promptText()).toBe('変更は@diffすべて');
  });

  it('a Korean sentence with a CJK file name is sent once the composition is committed', async () => {
    await ui.clearPrompt();
    await typeAndLeave('@file:docs/会議メモ.md');
    await composeText('ㄹ');
    await composeText('를');
    await commit('를 봐주세요');
    await ui.settle();
    await expect.poll(() => chip('@file:docs/会議メモ.md').getAttribute('data-state')).toBe('ok');
    const shown = (await ui.preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('次回は木曜日。');
    // The control: outside a composition, Ctrl+Enter does send, with exactly the previewed message.
    const before = completionRequests();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => completionRequests(), { timeout: 30_000 }).toBe(before + 1);
    const request = server.requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
    const body = JSON.parse(request?.body ?? '{}') as { messages: Array<{ content: string }> };
    expect(body.messages.at(-1)?.content).toBe(shown);
  });
});
