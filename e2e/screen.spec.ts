import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { launchChromium } from './support/browser';
import { openComposer } from './support/waits';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * A screen a non-developer would choose (issue 24), one test per finding: the conversation is the
 * main surface with the composer docked below it, the meters are one compact line, Preview and
 * Warnings are one side panel with two tabs reached by a key; settings do not reset the context
 * length; notices clear when their cause is gone; completion respects CJK text; near-miss kinds are
 * caught; and the smaller mends.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  // Enough notes that the completion list scrolls.
  await fs.mkdir(path.join(workspace.root, 'notes'));
  for (let i = 1; i <= 30; i++) await fs.writeFile(path.join(workspace.root, 'notes', `note-${String(i).padStart(2, '0')}.md`), `# Note ${i}\n`);
  const settings = { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  // bypassCSP: the page's policy would block axe's script (the policy is tested elsewhere).
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await openComposer(context, host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const ui = () => composerPage(page);

/** True when `locator`'s whole box is inside the viewport. */
async function inView(locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
}

describe('finding 1: the layout', () => {
  it('at 800×600 the conversation is above the docked composer, and Send, the meters and the Warnings tab are in view', async () => {
    await ui().clearPrompt();
    await ui().write('Read @file:nope.md and @file:src/greet.ts');
    const conversation = await ui().conversation().boundingBox();
    const prompt = await ui().prompt().boundingBox();
    expect(conversation && prompt && conversation.y + conversation.height <= prompt.y).toBe(true);
    for (const control of [ui().prompt(), page.getByRole('button', { name: 'Send' }), page.getByRole('meter', { name: 'Tokens', exact: true }), page.getByRole('tab', { name: 'Warnings' })]) {
      expect(await inView(control)).toBe(true);
    }
    // The tab says how many warnings there are; its panel lists them.
    expect(await page.getByRole('tab', { name: 'Warnings' }).textContent()).toMatch(/Warnings\s*\(1\)/);
    const warnings = await ui().showWarnings();
    expect(await inView(warnings.locator('li').first())).toBe(true);
    await ui().showPreview();
  });

  it('the meters are one compact line at 1280×800, their details show on focus, and their figures stay visible past the limit', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui().clearPrompt();
    await ui().write('Summarise @file:README.md');
    const line = await page.locator('.meters').boundingBox();
    expect(line && line.height < 32).toBe(true);
    const tokens = page.getByRole('meter', { name: 'Tokens', exact: true });
    await tokens.focus();
    const detail = page.locator('.meter', { has: tokens }).locator('.meter-detail');
    expect(await detail.isVisible()).toBe(true);
    expect(await detail.textContent()).toMatch(/soft/);
    // Past the hard limit: the figures are still there, and marked.
    await page.getByLabel('Context length').fill('256');
    await ui().settle();
    const figure = page.locator('.meter', { has: tokens }).locator('.meter-figure');
    await expect.poll(() => tokens.getAttribute('class')).toMatch(/meter-level-over/);
    expect(await figure.isVisible()).toBe(true);
    expect(Number(await tokens.getAttribute('aria-valuenow'))).toBeGreaterThan(Number(await tokens.getAttribute('aria-valuemax')));
    await page.getByLabel('Context length').fill('128000');
    await ui().settle();
    await page.setViewportSize({ width: 800, height: 600 });
  });

  it('the composer grows with its text up to a limit, and Send stays in view', async () => {
    await ui().clearPrompt();
    const before = (await ui().prompt().boundingBox())?.height ?? 0;
    await ui().prompt().click();
    await page.keyboard.insertText(Array.from({ length: 4 }, (_, i) => `line ${i + 1}`).join('\n'));
    const grown = (await ui().prompt().boundingBox())?.height ?? 0;
    expect(grown).toBeGreaterThan(before);
    await page.keyboard.insertText(`\n${Array.from({ length: 60 }, (_, i) => `more ${i + 1}`).join('\n')}`);
    const scroller = page.locator('.cm-scroller');
    const box = await scroller.boundingBox();
    expect(box && box.height <= 600 / 2).toBe(true);
    expect(await inView(page.getByRole('button', { name: 'Send' }))).toBe(true);
    await ui().clearPrompt();
  });

  it('Ctrl+. reaches the side panel from the prompt, arrows switch its tabs, and it collapses and comes back', async () => {
    await ui().prompt().focus();
    await page.keyboard.press('Control+.');
    const previewTab = page.getByRole('tab', { name: 'Preview', exact: true });
    await expect.poll(() => previewTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    const warningsTab = page.getByRole('tab', { name: 'Warnings' });
    expect(await warningsTab.getAttribute('aria-selected')).toBe('true');
    expect(await ui().warnings().isVisible()).toBe(true);
    // From inside the panel, the key collapses it and gives the prompt its focus back.
    await page.keyboard.press('Control+.');
    await expect.poll(() => warningsTab.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
    await page.keyboard.press('Control+.');
    await expect.poll(() => warningsTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await ui().showPreview();
  });
});

describe('finding 5: notices know when they are done', () => {
  it('"no endpoint" goes once an endpoint is added; information fades', async () => {
    await ui().clearPrompt();
    await ui().write('Hello');
    await ui().prompt().focus();
    await page.keyboard.press('Control+Enter');
    const notice = page.getByRole('status', { name: 'Notice' });
    await expect.poll(() => notice.textContent()).toMatch(/no model endpoint is configured/);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Preset').selectOption('ollama');
    await settings.getByRole('button', { name: 'Add endpoint' }).click();
    await settings.getByText(/is added and saved; Send uses it now/).waitFor();
    await expect.poll(() => notice.textContent()).not.toMatch(/no model endpoint/);
    await page.keyboard.press('Escape');
    // Information (Copy's "copied") fades by itself; the poll's deadline is far past the fade.
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => notice.textContent()).toMatch(/Copied/);
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toBe('');
  });
});

describe('finding 6: settings do not reset the context length', () => {
  it('saving another setting keeps the length typed in the composer; editing the model\'s length sets it', async () => {
    // The composer's field (Settings has its own "Model context length").
    const field = page.getByRole('spinbutton', { name: /^Context length/ });
    await field.fill('128000');
    await ui().settle();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Language of warnings in the prompt').selectOption('ja');
    await settings.getByLabel('Allowed hosts', { exact: true }).fill('intranet.local');
    await settings.getByLabel('Model', { exact: true }).focus();
    await settings.getByText('Saved.').waitFor();
    expect(await field.inputValue()).toBe('128000');
    expect(Number(await page.getByRole('meter', { name: 'Context', exact: true }).getAttribute('aria-valuemax'))).toBe(128000);
    // The model's own context length changed: the composer follows it.
    await settings.getByLabel('Model context length').fill('32768');
    await settings.getByLabel('Model', { exact: true }).focus();
    await expect.poll(() => field.inputValue()).toBe('32768');
    await settings.getByLabel('Language of warnings in the prompt').selectOption('en');
    await page.keyboard.press('Escape');
  });
});

describe('finding 7: completion and CJK text', () => {
  /** Types `query` at the cursor, waits for the list and picks its first row with Enter. */
  async function pick(query: string, row: RegExp): Promise<void> {
    await page.keyboard.insertText(query);
    await expect.poll(() => page.getByRole('listbox').getByRole('option').first().textContent()).toMatch(row);
    await page.waitForTimeout(150); // past CodeMirror's interaction delay
    await page.keyboard.press('Enter');
  }
  const draft = () => page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''");

  it('no space is inserted before CJK text that follows, and the space is taken back when Japanese is typed next', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.insertText('の要約');
    await page.keyboard.press('Home');
    await pick('@file:READ', /README\.md/);
    await expect.poll(draft).toBe('@file:README.mdの要約');
    await ui().clearPrompt();
    await ui().prompt().click();
    await pick('@file:READ', /README\.md/);
    await expect.poll(draft).toBe('@file:README.md ');
    await page.keyboard.insertText('の要約');
    await expect.poll(draft).toBe('@file:README.mdの要約');
  });

  it('a Korean particle attaches to the reference, a Korean word keeps its space, English keeps its space', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await pick('@file:READ', /README\.md/);
    await page.keyboard.insertText('를 검토해');
    await expect.poll(draft).toBe('@file:README.md를 검토해');
    await page.keyboard.insertText(' ');
    await pick('@file:src/gree', /greet\.ts/);
    await page.keyboard.insertText('파일도');
    await expect.poll(draft).toBe('@file:README.md를 검토해 @file:src/greet.ts 파일도');
    await page.keyboard.insertText(' ');
    await pick('@dif', /@diff/);
    await page.keyboard.insertText('and');
    await expect.poll(draft).toBe('@file:README.md를 검토해 @file:src/greet.ts 파일도 @diff and');
    await page.keyboard.press('Escape');
  });
});

describe('finding 8: near-miss kinds', () => {
  it('@fle: gets "did you mean @file:?" with a quick fix; an email and a mention stay quiet', async () => {
    await ui().clearPrompt();
    await ui().write('mail me@example.com and ask @tanaka about @fle:src/greet.ts please');
    await ui().prompt().blur();
    const warnings = await ui().showWarnings();
    const items = warnings.locator('li[data-code="near_miss"]');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.textContent()).toMatch(/@fle: is not a kind of reference\. Did you mean @file:\?/);
    await items.getByRole('button', { name: 'Use @file:' }).click();
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:src/greet.ts"]').getAttribute('data-state')).toBe('ok');
    await expect.poll(() => items.count()).toBe(0);
    await ui().clearPrompt();
    await ui().write('list @folder src and @dif');
    await ui().prompt().blur();
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringMatching(/^@folder .*Did you mean @folder:\?/), expect.stringMatching(/^@dif .*Did you mean @diff\?/)]);
    await ui().showPreview();
  });
});

describe('finding 10: smaller mends', () => {
  it('@git:99 says it attaches 10 commits; a chip has a role, a label and a tab stop', async () => {
    await ui().clearPrompt();
    await ui().write('Summarise @git:99 and @file:src/greet.ts please');
    const git = page.locator('.cm-chip[data-ref="@git:99"]');
    expect(await git.locator('.cm-chip-name').textContent()).toBe('last 10 commits');
    const chip = page.locator('.cm-chip[data-ref="@file:src/greet.ts"]');
    await expect.poll(() => chip.getAttribute('aria-label')).toMatch(/^file greet\.ts, ok, \d+ tok$/);
    expect(await chip.getAttribute('role')).toBe('button');
    expect(await chip.getAttribute('tabindex')).toBe('0');
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ui().preview().locator('mark').textContent()).toMatch(/^### @file:src\/greet\.ts/);
  });

  it('Export is named from the prompt being exported', async () => {
    await ui().clearPrompt();
    await ui().write('四半期の確認 @file:src/greet.ts');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^四半期の確認-\d{4}-\d{2}-\d{2}-\d{4}\.md$/);
  });

  it('the completion list passes axe when it scrolls', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.insertText('@file:note');
    const list = page.getByRole('listbox');
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(12);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const report = await new AxeBuilder({ page }).analyze();
    expect(report.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});

describe('finding 3: Attach, and pasted images', () => {
  it('Attach opens a picker of the workspace files; a picked file becomes a chip', async () => {
    await ui().clearPrompt();
    await ui().write('Summarise');
    await page.getByRole('button', { name: 'Attach', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Attach files' });
    await dialog.getByRole('combobox', { name: 'Search files' }).fill('greet');
    const option = dialog.getByRole('listbox', { name: 'Files' }).getByRole('option', { name: /src\/greet\.ts/ });
    await option.click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('1 file added to the prompt.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:src/greet.ts"]').getAttribute('data-state')).toBe('ok');
    expect(await page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''")).toBe('Summarise @file:src/greet.ts ');
  });

  it('a pasted screenshot becomes an @image chip where the cursor is; one with no text says so, and Image on its card sends the picture', async () => {
    await ui().prompt().focus();
    await page.keyboard.press('Control+End');
    // A 1×1 PNG, pasted as a screenshot tool pastes one (the browser names it image.png).
    await page.evaluate(() => {
      const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([png], 'image.png', { type: 'image/png' }));
      document.querySelector('.cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const chip = page.locator('.cm-chip[data-ref^="@image:"]');
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(1);
    const raw = (await chip.getAttribute('data-ref')) ?? '';
    expect(raw).toMatch(/^@image:[0-9a-f]{12}\.png$/);
    expect(await page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''")).toBe(`Summarise @file:src/greet.ts ${raw} `);
    // OCR finds no text in one white pixel: the chip says so, with the way to send the picture itself.
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 120_000 }).not.toBe('resolving');
    expect(await chip.getAttribute('data-state')).not.toBe('ok');
    await ui().showWarnings();
    await expect.poll(async () => (await ui().warnings().textContent()) ?? '').toContain('no text was found in the PNG image. To send the picture itself, choose Image on its chip');
    await chip.hover();
    await page.locator('.cm-chip-card').getByRole('button', { name: 'Image', exact: true }).click();
    await expect.poll(() => chip.getAttribute('data-ref')).toBe(`${raw}:image`);
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 60_000 }).toBe('ok');
    await page.mouse.move(0, 0);
  });
});
