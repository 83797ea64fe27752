import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIF_SERIAL, closeImageBrowser, renderTextImage, withGpsExif } from '../test-support/images';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * An image in the composer, in Chromium (ko-KR) against the browser host: a screenshot of Korean
 * text rendered by Chromium, chosen by completion, becomes a chip, and the preview shows the text
 * OCR read from it; sent to a loopback model server whose endpoint accepts images, the request
 * carries the image part without its EXIF, and the preview says it will.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;
let server: OpenAiTestServer;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await fs.writeFile(path.join(workspace.root, 'meeting-shot.png'), await renderTextImage(['회의는 목요일 오후에 열립니다', '보고서를 확인해 주세요'], { lang: 'ko' }));
  await fs.writeFile(path.join(workspace.root, 'photo.jpg'), withGpsExif(await renderTextImage(['매출 보고서'], { lang: 'ko', type: 'jpeg' })));
  await closeImageBrowser();
  server = await startOpenAiServer();
  const endpoint = { id: 'local', name: 'Local', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128_000, acceptsImages: true };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  page = await openComposer(await browser.newContext({ viewport: { width: 1280, height: 820 }, locale: 'ko-KR' }), host.url, '작업 공간');
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
});

/** How long OCR may take to settle on a busy machine (it loads its models first): a bound for a hung test, not a speed claim. */
const IMAGE_SETTLES_MS = 120_000;

describe('images in the composer (ko-KR)', () => {
  it('a screenshot chosen by completion becomes a chip, and its OCR text is in the preview', { timeout: 240_000 }, async () => {
    const composer = composerPage(page, { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' });
    await composer.clearPrompt();
    await page.keyboard.type('@file:meeting-sh');
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect.poll(async () => (await first.textContent().catch(() => '')) ?? '', { timeout: 30_000 }).toMatch(/^meeting-shot\.png/);
    expect(await first.textContent()).toMatch(/PNG/);
    // CodeMirror ignores Enter within its interaction delay (75 ms) after the list changes.
    await page.waitForTimeout(120);
    await page.keyboard.press('Enter');
    await composer.settle();
    const chip = page.locator('.cm-chip[data-ref="@file:meeting-shot.png"]');
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: IMAGE_SETTLES_MS }).toBe('ok');
    expect(await chip.locator('.cm-chip-tokens').textContent()).toMatch(/[\d,]+/);
    const shown = (await composer.preview().locator('pre').textContent()) ?? '';
    expect(shown).toContain('목요일');
    expect(shown).toContain('보고서를');
    expect(shown).toContain('(PNG image)'); // block headers stay in English in every language
  });

  it('sent to an endpoint that accepts images, the model server receives the image part without its EXIF', { timeout: 240_000 }, async () => {
    const composer = composerPage(page, { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' });
    await composer.clearPrompt();
    await composer.write('이 사진을 요약해 주세요 @file:photo.jpg ');
    const chip = page.locator('.cm-chip[data-ref="@file:photo.jpg"]');
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: IMAGE_SETTLES_MS }).toBe('ok');
    await expect.poll(() => composer.preview().getByRole('note').textContent()).toContain('EXIF');
    const before = server.requests.length;
    await page.getByRole('button', { name: '보내기', exact: true }).click();
    await expect.poll(() => server.requests.length, { timeout: 60_000 }).toBe(before + 1);
    const body = JSON.parse(server.requests.at(-1)!.body) as { messages: Array<{ content: Array<{ type: string; text?: string; image_url?: { url: string } }> }> };
    const parts = body.messages[0]!.content;
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(parts[0]!.text).toContain('매출');
    const sent = Buffer.from(parts[1]!.image_url!.url.replace(/^data:image\/jpeg;base64,/, ''), 'base64').toString('latin1');
    expect(sent).not.toContain(EXIF_SERIAL);
    expect(sent.length).toBeGreaterThan(1000);
  });
});
