import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage, type ComposerNames } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The composer in Japanese and in Korean: Chromium with its locale set to ja-JP or ko-KR (which is
 * what `navigator.languages` reports), against the browser host on a real git repository. The UI
 * speaks the browser's language, a reference inside a sentence becomes a chip with the right
 * state, and the preview holds the file.
 */

const SCREENSHOTS = path.resolve(__dirname, '..', 'docs', 'screenshots');

/** What each language's page is expected to show (the accessible names are the ui catalogues' words). */
interface Locale {
  locale: string;
  lang: string;
  names: ComposerNames;
  workspace: string;
  meters: [string, string, string];
  warnings: string;
  buttons: [string, string, string];
  settings: string;
  languageSelect: string;
  noWarnings: string;
  fileKind: string;
  notFound: string;
  /** The start of main's not-found sentence for src/missing.ts, in this language. */
  notFoundSentence: RegExp;
  /** A reference with spaces around it, which the grammar has always read. */
  spaced: string;
  /** The same reference written inside the sentence, as people write Japanese and Korean. */
  inSentence: string;
  /** What the screenshot's prompt says: words and references in turn, written as people write them. */
  screenshot: string[];
}

const LOCALES: Locale[] = [
  {
    locale: 'ja-JP',
    lang: 'ja',
    names: { prompt: 'プロンプト', preview: 'プレビュー', conversation: '会話', warnings: '警告' },
    workspace: 'ワークスペース',
    meters: ['参照', '添付サイズ', 'トークン'],
    warnings: '警告',
    buttons: ['送信', 'コピー', '書き出し'],
    settings: '設定',
    languageSelect: '表示言語',
    noWarnings: '警告はありません。',
    fileKind: 'ファイル',
    notFound: '見つかりません',
    notFoundSentence: /ファイルが見つかりません: src\/missing\.ts。/,
    spaced: 'これは @file:src/app.ts です',
    inSentence: 'これは@file:src/app.tsです',
    screenshot: ['挨拶の文面を', '@file:src/app.ts', 'と', '@file:src/greet.ts', 'で揃えてください。変更は', '@diff', 'です。', '@file:docs/メモ.md', 'も見てください。'],
  },
  {
    locale: 'ko-KR',
    lang: 'ko',
    names: { prompt: '프롬프트', preview: '미리보기', conversation: '대화', warnings: '경고' },
    workspace: '작업 공간',
    meters: ['참조', '첨부 크기', '토큰'],
    warnings: '경고',
    buttons: ['보내기', '복사', '내보내기'],
    settings: '설정',
    languageSelect: '표시 언어',
    noWarnings: '경고가 없습니다.',
    fileKind: '파일',
    notFound: '찾을 수 없음',
    notFoundSentence: /파일 없음: src\/missing\.ts\. 철자를 확인하세요/,
    spaced: '@file:src/app.ts 를 봐주세요',
    inSentence: '@file:src/app.ts를 봐주세요',
    screenshot: ['인사 문구를 ', '@file:src/app.ts', '와 ', '@file:src/greet.ts', '에 맞춰 주세요. 변경 사항은 ', '@diff', '입니다. ', '@file:docs/메모.md', '도 봐 주세요.'],
  },
];

/**
 * True when fontconfig (which Chromium uses on Linux) has a font for `lang`. Without one the page
 * draws boxes, and a screenshot would replace the README's picture with them.
 */
function hasFontFor(lang: string): boolean {
  try {
    return execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
  } catch {
    return false;
  }
}

/** Text of src/app.ts, which the preview must hold. */
const APP_TS = "export const greeting = 'こんにちは、안녕하세요';\n";

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  fs.writeFileSync(path.join(workspace.root, 'src', 'app.ts'), APP_TS);
  const endpoint = { id: 'vllm', name: 'vLLM', preset: 'vllm', baseUrl: 'http://127.0.0.1:9/v1', model: 'default', apiKeyRef: null, contextLength: 128_000 };
  const settings = { version: 1, endpoints: [endpoint], chosenEndpointId: 'vllm', limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

describe.each(LOCALES)('the composer with the browser in $locale', (l) => {
  let context: BrowserContext;
  let page: Page;
  const chip = (raw: string) => page.locator(`.cm-chip[data-ref="${raw.replace(/"/g, '\\"')}"]`);
  const composer = () => composerPage(page, l.names);

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'light', locale: l.locale });
    page = await openComposer(context, host.url, l.workspace);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the UI in that language', async () => {
    expect(await page.evaluate<string>('navigator.language')).toBe(l.locale);
    expect(await page.getAttribute('html', 'lang')).toBe(l.lang);
    await composer().prompt().waitFor();
    for (const name of l.meters) expect(await page.getByRole('meter', { name, exact: true }).count()).toBe(1);
    await composer().preview().waitFor();
    const warnings = await composer().showWarnings();
    for (const name of l.buttons) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    await composer().clearPrompt();
    expect(await warnings.getByText(l.noWarnings).count()).toBe(1);
    await composer().showPreview();
    // None of the English names is left.
    for (const name of ['Prompt', 'Send', 'Copy', 'Export']) expect(await page.getByRole('button', { name, exact: true }).count() + (await page.getByRole('textbox', { name, exact: true }).count())).toBe(0);
  });

  it('a reference in a sentence becomes a chip with its state, and the preview holds the file', async () => {
    await composer().clearPrompt();
    await composer().write(`@file:src/missing.ts ${l.spaced}`);
    await expect.poll(() => chip('@file:src/app.ts').getAttribute('data-state')).toBe('ok');
    expect(await chip('@file:src/app.ts').locator('.cm-chip-kind').textContent()).toBe(l.fileKind);
    await expect.poll(() => chip('@file:src/missing.ts').getAttribute('data-state')).toBe('warning');
    expect(await composer().preview().locator('pre').textContent()).toContain(APP_TS.trim());
    const warning = (await composer().showWarnings()).locator('li[data-code="not_found"]');
    expect(await warning.getAttribute('title')).toBe(l.notFound);
    // Main's sentence, in the UI language; the prompt itself keeps it in English (the default prompt language).
    expect(await warning.textContent()).toMatch(l.notFoundSentence);
    await composer().showPreview();
    expect(await composer().preview().locator('pre').textContent()).toContain('file not found: src/missing.ts.');
  });

  it('a reference written inside the sentence, with no spaces, is a chip too', async () => {
    await composer().clearPrompt();
    await composer().write(l.inSentence);
    await expect.poll(() => chip('@file:src/app.ts').getAttribute('data-state')).toBe('ok');
    expect(await composer().preview().locator('pre').textContent()).toContain(APP_TS.trim());
  });

  it('Settings switch the language at once, and back to the system', async () => {
    await page.getByRole('button', { name: l.settings, exact: true }).click();
    await page.getByLabel(l.languageSelect, { exact: true }).selectOption('en');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('textbox', { name: 'Prompt' }).waitFor();
    await page.getByLabel('Language', { exact: true }).selectOption('system');
    await page.getByRole('button', { name: l.buttons[0], exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(l.lang);
    await page.getByRole('button', { name: l.settings, exact: true }).click();
  });

  it(`takes a screenshot of the composer (docs/screenshots/${l.lang}.png)`, async () => {
    await composer().clearPrompt();
    await composer().write(l.screenshot.join(''));
    await expect.poll(() => chip('@file:src/app.ts').getAttribute('data-state')).toBe('ok');
    await chip('@file:src/app.ts').click();
    // Machines without CJK fonts draw boxes, and some cannot write here: the picture is for the
    // README, so a failure to take it is reported, never a failed test.
    if (!hasFontFor(l.lang)) {
      console.log(`i18n.spec: the ${l.lang} screenshot was not taken: no ${l.lang} font is installed (Debian: apt-get install fonts-noto-cjk).`);
      return;
    }
    try {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${l.lang}.png`) });
    } catch (error) {
      console.log(`i18n.spec: the ${l.lang} screenshot was not taken: ${String(error)}`);
    }
  });
});
