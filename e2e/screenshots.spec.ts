import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { launchChromium } from './support/browser';
import { UI_WAIT_MS } from './support/waits';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The screenshots of docs/screenshots (issue 24): the window in English, Japanese and Korean,
 * light and dark, at 1280×800 and 800×600, with a conversation, chips, a warning and a reply in
 * Markdown. Where no CJK font is installed the Japanese and Korean pictures are not taken (their
 * glyphs would draw as boxes), and the test says so.
 */

/** True when fontconfig (which Chromium uses on Linux) has a font for `lang`. */
function hasFontFor(lang: string): boolean {
  try {
    return execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
  } catch {
    return false;
  }
}

const SHOTS = process.env.ATMARK_SHOTS ?? path.resolve(__dirname, '..', 'docs', 'screenshots');

/** A reply with the parts a rendered reply shows. */
export const MARKDOWN_REPLY = [
  '## Summary',
  '',
  'The greeting lives in **src/greet.ts**. Three things to change:',
  '',
  '1. Use the calmer punctuation.',
  '2. Keep the name as given.',
  '3. Add a test.',
  '',
  '| file | change |',
  '|---|---|',
  '| src/greet.ts | punctuation |',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}.`;',
  '}',
  '```',
  '',
  'See [the style guide](https://example.com/style).',
].join('\n');

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', prompt: 'Tidy the greeting in @file:src/greet.ts and check @diff and @file:missing.md please' },
  { lang: 'ja', locale: 'ja-JP', prompt: '@file:src/greet.ts の挨拶を整えて、@diff と @file:missing.md も確認してください' },
  { lang: 'ko', locale: 'ko-KR', prompt: '@file:src/greet.ts의 인사말을 다듬고 @diff와 @file:missing.md도 확인해 주세요' },
] as const;

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;

let workspace: TestWorkspace;
let server: OpenAiTestServer;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  server = await startOpenAiServer({ kind: 'stream', reply: MARKDOWN_REPLY });
  const endpoint = { id: 'local', name: 'Local', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  await fs.mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await workspace?.cleanup();
});

describe('screenshots of the window', () => {
  for (const l of LANGUAGES) {
    it(`in ${l.lang}: light and dark, 1280×800 and 800×600`, async () => {
      if (l.lang !== 'en' && !hasFontFor(l.lang)) {
        console.log(`screenshots.spec: the ${l.lang} screenshots were not taken: no CJK font is installed (Debian: apt-get install fonts-noto-cjk).`);
        return;
      }
      const context = await browser.newContext({ viewport: SIZES[0], locale: l.locale, colorScheme: 'light' });
      const page = await context.newPage();
      page.setDefaultTimeout(UI_WAIT_MS);
      await page.goto(host.url);
      await page.locator('.workspace-name strong').getByText('project', { exact: true }).waitFor();
      // A new session per language, so the conversation shows this language's run only.
      await page.locator('.conversation .panel-head button').click();
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText(l.prompt);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.meters').getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
      await page.locator('.actions button.primary').click();
      // The prompt names a missing file: Send asks first ("Send anyway").
      await page.getByRole('alertdialog').getByRole('button').first().click();
      await expect.poll(() => page.locator('li.turn').last().getAttribute('data-status')).toBe('done');
      // The prompt for the next message, with its chips and the warning it makes.
      await page.locator('.cm-content').click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText(l.prompt);
      await page.keyboard.press('Escape');
      await page.locator('.cm-content').blur();
      await expect.poll(() => page.locator('.meters').getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
      // The "new session" notice would fade by itself; the pictures show the window without it.
      const dismiss = page.locator('.notice button.link');
      if ((await dismiss.count()) > 0) await dismiss.click();
      for (const size of SIZES) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForTimeout(150);
          await page.screenshot({ path: path.join(SHOTS, `window-${l.lang}-${scheme}-${size.width}x${size.height}.png`) });
        }
      }
      await context.close();
    });
  }
});
