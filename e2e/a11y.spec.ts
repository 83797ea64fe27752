import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * Accessibility (issues 14 and 24): axe-core on the composer (Preview and Warnings tabs) with the completion list
 * open, with a chip card, with Settings, the folder browser, History and the Attach picker open, and with a rendered
 * reply and Send's question, in English, Japanese and Korean, light and dark, at 1280×800 and 800×600. Any violation fails, with its
 * rule and the elements it names. The page's CSP would block axe's script, so the test context
 * bypasses CSP (the app's own policy is tested elsewhere).
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let server: OpenAiTestServer;

/** A reply with every part a rendered reply has: heading, list, table, code, link, raw HTML. */
const REPLY = '## Plan\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n[guide](https://example.com) <b>raw</b>';

beforeAll(async () => {
  workspace = await createTestWorkspace();
  server = await startOpenAiServer({ kind: 'stream', reply: REPLY });
  const endpoint = { id: 'vllm', name: 'vLLM', preset: 'vllm', baseUrl: server.baseUrl, model: 'default', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'vllm', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
});

/** The violations axe finds on `page`, as `rule: targets` lines. */
async function violations(page: Page): Promise<string[]> {
  const report = await new AxeBuilder({ page }).analyze();
  return report.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const SIZES = [
  { scheme: 'light', width: 1280, height: 800 },
  { scheme: 'dark', width: 1280, height: 800 },
  { scheme: 'light', width: 800, height: 600 },
  { scheme: 'dark', width: 800, height: 600 },
] as const;

/** The names the tests look for, in each UI language (issue 24: every state in en, ja and ko). */
const LANGUAGES = [
  { locale: 'en-US', workspace: 'Workspace', prompt: 'Prompt', preview: 'Preview', conversation: 'Conversation', warnings: 'Warnings', settings: 'Settings', history: 'History', open: 'Open folder…', dialog: 'Open folder', folders: 'Folders', details: 'Details of', attach: 'Attach', attachDialog: 'Attach files' },
  { locale: 'ja-JP', workspace: 'ワークスペース', prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告', settings: '設定', history: '履歴', open: 'フォルダーを開く…', dialog: 'フォルダーを開く', folders: 'フォルダー', details: '', attach: '添付', attachDialog: 'ファイルを添付' },
  { locale: 'ko-KR', workspace: '작업 공간', prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고', settings: '설정', history: '기록', open: '폴더 열기…', dialog: '폴더 열기', folders: '폴더', details: '', attach: '첨부', attachDialog: '파일 첨부' },
] as const;

const VIEWS = LANGUAGES.flatMap((l) => SIZES.map((size) => ({ ...size, ...l })));

describe.each(VIEWS)('axe: $locale $scheme at $width×$height', ({ scheme, width, height, locale, ...n }) => {
  let page: Page;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, bypassCSP: true, locale });
    page = await openComposer(context, host.url, n.workspace);
  });

  afterAll(async () => page?.context().close());

  it('the composer with chips, warnings and the completion list open has no violations', async () => {
    const ui = composerPage(page, n);
    await ui.clearPrompt();
    await ui.write('Read @file:src/greet.ts and @file:missing.ts then');
    // The preview tab first (the default), then the Warnings tab.
    expect(await violations(page)).toEqual([]);
    await ui.showWarnings();
    // Focus, not a click: a click on a chip would show its block on the Preview tab.
    await ui.prompt().focus();
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
    const ui = composerPage(page, n);
    await ui.clearPrompt();
    await ui.write('Read @file:src/greet.ts please');
    await page.locator('.cm-chip[data-ref="@file:src/greet.ts"]').hover();
    await page.locator('.cm-chip-card').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.mouse.move(0, 0);
  });

  it('Settings open has no violations', async () => {
    await page.getByRole('button', { name: n.settings, exact: true }).click();
    await page.getByRole('region', { name: n.settings }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the folder browser open has no violations', async () => {
    await page.getByRole('button', { name: n.open }).click();
    await page.getByRole('dialog', { name: n.dialog }).getByRole('listbox', { name: n.folders }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: n.dialog }).count()).toBe(0);
  });

  it('History open has no violations', async () => {
    await page.getByRole('button', { name: n.history, exact: true }).click();
    await page.getByRole('region', { name: n.history }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('the Attach picker open has no violations', async () => {
    await page.getByRole('button', { name: n.attach, exact: true }).click();
    await page.getByRole('dialog', { name: n.attachDialog }).getByRole('option').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: n.attachDialog }).count()).toBe(0);
  });

  it('a rendered reply, Send\'s question about a failed reference and the model picker have no violations', async () => {
    const ui = composerPage(page, n);
    await ui.clearPrompt();
    await ui.write('Plan @file:missing.md please');
    await ui.prompt().focus();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('alertdialog').waitFor();
    expect(await violations(page)).toEqual([]);
    // The host's session is shared by every view of this file: wait for this view's own run.
    const turns = ui.conversation().locator('li.turn');
    const before = await turns.count();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect.poll(() => turns.count()).toBe(before + 1);
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await ui.lastTurn().locator('.reply table').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
  });
});
