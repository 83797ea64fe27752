import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { launchChromium } from './support/browser';
import { openComposer } from './support/waits';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * One language from top to bottom (issue 24, finding 9): the browser host's locale is the
 * system's, whatever the browser's own language; Japanese and Korean warnings carry no English
 * fragment; Korean particles follow the word before them; preset names are translated.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;
/** A model server on loopback standing in for Ollama, for the first run to find. */
let ollama: OpenAiTestServer;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  const settings = { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  ollama = await startOpenAiServer();
  // The host runs with LANG=ja_JP.UTF-8; the browser says en-US.
  const localPresets = [{ id: 'ollama', baseUrl: ollama.baseUrl }];
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings, systemLanguageTags: ['ja_JP.UTF-8'], localPresets }), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  page = await openComposer(context, host.url, 'ワークスペース');
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await ollama?.close();
  await workspace?.cleanup();
});

describe('finding 9: one language', () => {
  it('the window follows the host\'s locale, not the browser\'s', async () => {
    expect(await page.evaluate<string>('navigator.language')).toBe('en-US');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.getByRole('textbox', { name: 'プロンプト' }).count()).toBe(1);
  });

  it('a Japanese warning about a protected file has no English fragment', async () => {
    const ui = composerPage(page, { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告' });
    await ui.write('確認 @file:.env をお願いします');
    const warnings = await ui.showWarnings();
    const item = warnings.locator('li[data-code="blocked"]');
    await expect.poll(() => item.count()).toBe(1);
    const words = (await item.locator('.sentence').textContent()) ?? '';
    expect(words).toContain('秘密情報を含む環境変数ファイル');
    // The product's name is the one Latin word a Japanese sentence keeps.
    expect(words.replaceAll('Atmark', '')).not.toMatch(/[A-Za-z]{4,}/);
    await ui.showPreview();
  });

  it('the first run needs no terminal knowledge: a folder is open, and a local model is one click (finding 3)', async () => {
    const start = page.getByRole('group', { name: 'はじめに' });
    await start.waitFor();
    expect(await start.textContent()).toContain('project で作業しています。');
    // The local server that answers is offered first, with how many models it has.
    const ollamaButton = start.getByRole('button', { name: /^Ollama（このコンピューター）/ });
    await expect.poll(() => ollamaButton.textContent()).toBe('Ollama（このコンピューター） · 応答あり、モデル 2 個');
    await ollamaButton.click();
    // A model it really has, not a guess.
    const picker = page.getByRole('combobox', { name: 'モデル', exact: true });
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe('test-model');
    await expect.poll(() => start.count()).toBe(0);
  });

  it('in Korean, preset names are translated and particles follow the word before them', async () => {
    await page.getByRole('button', { name: '設定', exact: true }).click();
    await page.getByLabel('表示言語').selectOption('ko');
    const settings = page.getByRole('region', { name: '설정' });
    await settings.waitFor();
    const presets = await settings.getByLabel('프리셋').locator('option').allTextContents();
    expect(presets).toContain('기타 호환 서버');
    expect(presets).toContain('llama.cpp 서버');
    await settings.getByLabel('프리셋').selectOption('ollama');
    await settings.getByRole('button', { name: '엔드포인트 추가' }).click();
    const added = settings.getByText(/추가하고 저장했습니다/);
    await added.waitFor();
    const sentence = (await added.textContent()) ?? '';
    expect(sentence).toMatch(/^Ollama를 추가하고/);
    expect(sentence).not.toMatch(/\((을|를|이|가|은|는|으)\)/);
    await page.keyboard.press('Escape');
  });
});
