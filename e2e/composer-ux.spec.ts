import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { openComposer } from './support/waits';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The composer as people expect it (issue 14): an out-of-range context length is refused with a
 * sentence, Tab accepts a completion, Escape gives focus back to the button that opened a panel,
 * warnings do not stutter, and Export is named from the session and the date.
 */

let workspace: TestWorkspace;
let host: TestHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  // Enough notes to cut the completion list off, and a text file over the per-reference limit.
  await fs.mkdir(path.join(workspace.root, 'notes'));
  for (let i = 1; i <= 40; i++) await fs.writeFile(path.join(workspace.root, 'notes', `note-${String(i).padStart(2, '0')}.md`), `# Note ${i}\n\nline two of note ${i}\n`);
  // A binary file (a PNG's signature and header), which completion shows disabled.
  await fs.writeFile(path.join(workspace.root, 'icon.ico'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
  await fs.writeFile(path.join(workspace.root, 'big-table.csv'), 'id,value\n'.concat(Array.from({ length: 8000 }, (_, i) => `${i},${'x'.repeat(12)}`).join('\n')));
  // A second workspace beside the first, with a Japanese name, for the switch.
  const other = path.join(path.dirname(workspace.root), '議事録');
  await fs.mkdir(other);
  await fs.writeFile(path.join(other, 'README.md'), '# 議事録\n\nOTHER WORKSPACE README\n');
  const settings = { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
  [host, browser] = await Promise.all([startTestHost(workspace.root, { settings }), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  page = await openComposer(context, host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
});

const ui = () => composerPage(page);

describe('the composer as people expect it', () => {
  it('a context length out of range is refused with a sentence beside the field, not silently reverted', async () => {
    const field = page.getByLabel('Context length');
    await field.fill('8192');
    await ui().settle();
    await field.fill('100');
    await field.blur();
    const problem = page.getByRole('alert').filter({ hasText: 'context length' });
    await expect.poll(() => problem.textContent()).toMatch(/from 256 to 10,000,000 tokens\. The meters still use 8,192/);
    expect(await field.inputValue()).toBe('100');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(Number(await page.getByRole('meter', { name: 'Context', exact: true }).getAttribute('aria-valuemax'))).toBe(8192);
    await field.fill('128000');
    await expect.poll(() => problem.count()).toBe(0);
  });

  it('Tab accepts the completion and stays in the editor', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('see ');
    await page.keyboard.insertText('@file:gree');
    await page.getByRole('listbox').getByRole('option', { name: /src\/greet\.ts/ }).waitFor();
    // Past CodeMirror's 75 ms interaction delay after the list appeared (a Tab inside it is held, not taken).
    await page.waitForTimeout(150);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:src/greet.ts"]').count()).toBe(1);
    expect(await page.evaluate('document.activeElement?.closest(".cm-editor") !== null')).toBe(true);
  });

  it('Escape closes Settings and gives focus back to the button that opened it', async () => {
    const opener = page.getByRole('button', { name: 'Settings', exact: true });
    await opener.click();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('region', { name: 'Settings' }).count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a warning reads as one sentence: the code is its tooltip, not a prefix that repeats it', async () => {
    await ui().clearPrompt();
    await ui().write('@file:nope.ts please');
    const warning = (await ui().showWarnings()).locator('li[data-code="not_found"]');
    await expect.poll(() => warning.count()).toBe(1);
    const words = (await warning.textContent()) ?? '';
    expect(words).toContain('file not found: nope.ts.');
    expect(words).not.toMatch(/not found:\s*file not found/);
    expect(await warning.getAttribute('title')).toBe('not found');
  });

  it('a reference still being typed makes no warning until the cursor leaves it', async () => {
    await ui().clearPrompt();
    const warnings = await ui().showWarnings();
    await ui().prompt().click();
    await page.keyboard.type('look at @file:');
    await page.keyboard.press('Escape');
    await ui().settle();
    expect(await warnings.locator('li[data-code="malformed"]').count()).toBe(0);
    // The preview holds the warning (it is what would be sent now); the panel says why it does not, not "No warnings."
    expect(await warnings.locator('.typing-note').textContent()).toBe('@file: is still being typed: it is checked when the cursor leaves it.');
    expect(await warnings.getByText('No warnings.').count()).toBe(0);
    expect(Number(await page.getByRole('meter', { name: 'References', exact: true }).getAttribute('aria-valuenow'))).toBe(0);
    await page.keyboard.type(' and then');
    await ui().settle();
    await expect.poll(() => warnings.locator('li[data-code="malformed"]').count()).toBe(1);
    expect(await warnings.locator('.typing-note').count()).toBe(0);
  });

  it('at 800×600 a badge beside the meters brings the warnings into view', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    await ui().clearPrompt();
    await ui().write('@file:nope.ts and @file:gone.ts please');
    await ui().showPreview();
    const region = ui().warnings();
    const badge = page.getByRole('button', { name: '2 warnings' });
    await badge.waitFor();
    expect(await badge.isVisible()).toBe(true);
    await badge.click();
    await expect.poll(() => region.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await region.boundingBox();
    expect(box && box.y >= 0 && box.y < 600).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('Settings stay set: an added endpoint is saved and used at once, a removal can be undone, allowed hosts are kept', async () => {
    await ui().clearPrompt();
    await ui().write('Hello');
    // Polled: until the text's expansion arrives, the reason may be another one (still reading).
    await expect.poll(async () => (await page.locator('#send-reason').textContent()) ?? '').toMatch(/no model endpoint is configured/);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Preset').selectOption('ollama');
    await settings.getByRole('button', { name: 'Add endpoint' }).click();
    await settings.getByText(/is added and saved; Send uses it now/).waitFor();
    // Ollama's address is this computer's: Settings says so (issue 26).
    await settings.getByText('Local: on this computer').waitFor();
    // No second "Save settings": Send already knows the endpoint.
    await expect.poll(async () => (await page.locator('#send-reason').count()) === 0 || !/no model endpoint/.test((await page.locator('#send-reason').textContent()) ?? '')).toBe(true);
    await settings.getByLabel('Allowed hosts', { exact: true }).fill('intranet.local:8080\n127.0.0.1:9000');
    await settings.getByLabel('Model', { exact: true }).focus();
    await settings.getByText('Saved.').waitFor();
    await settings.getByRole('button', { name: 'Remove endpoint' }).click();
    await settings.getByRole('button', { name: 'Undo' }).click();
    await settings.getByText('The change was undone.').waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    expect(await settings.getByLabel('Endpoint used').locator('option').count()).toBe(1);
    expect(await settings.getByLabel('Allowed hosts', { exact: true }).inputValue()).toBe('intranet.local:8080\n127.0.0.1:9000');
    await page.keyboard.press('Escape');
  });

  it("Allowed hosts: an entry that is not a host is refused beside its field; the workspace's own list is kept for it", async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    const own = settings.getByLabel('Allowed hosts in project only');
    await own.fill('wiki.internal\nhttp://wiki.internal/');
    await settings.getByLabel('Model', { exact: true }).focus();
    const problem = settings.getByRole('alert').filter({ hasText: /is not a host/ });
    expect(await problem.textContent()).toBe('“http://wiki.internal/” is not a host. Write HOST or HOST:PORT, like intranet.local or 127.0.0.1:8080. Nothing was saved.');
    expect(await own.getAttribute('aria-invalid')).toBe('true');
    // The text stays as typed, to be corrected; corrected, it is saved on leaving the field.
    expect(await own.inputValue()).toBe('wiki.internal\nhttp://wiki.internal/');
    await own.fill('wiki.internal\n10.0.0.5:8080');
    await settings.getByLabel('Model', { exact: true }).focus();
    await settings.getByText('Saved.').waitFor();
    expect(await problem.count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    // "Saved." may still be the Model field's save (left when the list was typed again): the list's
    // own save can answer after the panel reopens, and the panel then shows it.
    await expect.poll(() => settings.getByLabel('Allowed hosts in project only').inputValue()).toBe('wiki.internal\n10.0.0.5:8080');
    await page.keyboard.press('Escape');
  });

  it('a limit out of range is refused with a sentence beside its field, and the saved value stays', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    const field = settings.getByRole('spinbutton', { name: /^References per prompt/ });
    await field.fill('0');
    await settings.getByLabel('Model', { exact: true }).focus();
    const problem = settings.getByRole('alert').filter({ hasText: 'References per prompt must be from 1 to 100. Nothing was saved.' });
    await problem.waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
    // A change elsewhere is still saved while the refused value waits beside its sentence.
    const model = settings.getByLabel('Model', { exact: true });
    const modelBefore = await model.inputValue();
    await model.fill('qwen2.5-coder:14b');
    await settings.getByLabel('Base URL').focus();
    await expect.poll(() => problem.count()).toBe(1);
    // Reopened, Settings shows the saved value, not the refused one, and the model that was saved.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    expect(await field.inputValue()).toBe('8');
    await expect.poll(() => model.inputValue()).toBe('qwen2.5-coder:14b');
    await model.fill(modelBefore);
    await settings.getByLabel('Base URL').focus();
    await settings.getByText('Saved.').waitFor();
    // Escape straight from the field keeps what was typed: closing saves as leaving the field does.
    await field.fill('12');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => field.inputValue()).toBe('12');
    expect(await problem.count()).toBe(0);
    expect(await settings.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    await field.fill('8');
    await settings.getByLabel('Model', { exact: true }).focus();
    await settings.getByText('Saved.').waitFor();
    await page.keyboard.press('Escape');
  });

  it('completion rows carry an icon by file type, size with a token estimate, and a preview card', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('@file:greet');
    const option = page.getByRole('listbox').getByRole('option').first();
    await option.waitFor();
    expect(await option.textContent()).toMatch(/src\/greet\.ts.*B · ≈\d+ tokens/);
    expect(await option.locator('.cm-completionIcon-code').count()).toBe(1);
    // The workspace's src/greet.ts has an unstaged change: the row says so, in words.
    expect(await option.locator('.cm-completion-mark-modified').textContent()).toBe('modified');
    // The card beside the highlighted row shows the file's first lines, read through the engine.
    await expect.poll(() => page.locator('.cm-completion-card pre').textContent()).toContain('export function greet');
    // A file's size is on its row; the card only shows the first lines.
    expect(await page.locator('.cm-completion-card-summary').count()).toBe(0);
    await page.screenshot({ path: path.resolve(__dirname, '..', 'docs', 'screenshots', 'completion.png') });
    await page.keyboard.press('Escape');
  });

  it("the @diff row's card says how large the diff is, and a folder's card how many entries it has", async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('@dif');
    await expect.poll(() => page.getByRole('listbox').getByRole('option').first().textContent()).toMatch(/^.?@diff/);
    await expect.poll(() => page.locator('.cm-completion-card-summary').textContent()).toMatch(/^unstaged changes \(1 file\) · \d+ B · ≈\d+ tokens$/);
    expect(await page.locator('.cm-completion-card pre').textContent()).toContain('diff --git a/src/greet.ts b/src/greet.ts');
    await page.keyboard.press('Escape');
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('@folder:notes');
    await expect.poll(() => page.locator('.cm-completion-card-summary').textContent()).toMatch(/^folder notes\/ \(40 entries\) · /);
    await page.keyboard.press('Escape');
  });

  it('a file too large to attach whole says so and inserts a range that fits', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('@file:big-tab');
    const option = page.getByRole('listbox').getByRole('option').first();
    await expect.poll(() => option.textContent()).toMatch(/too large to attach whole .*inserts lines 1–200/);
    // Past CodeMirror's 75 ms interaction delay after the list changed (an Enter inside it is not a pick).
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:big-table.csv:1-200"]').getAttribute('data-state')).toBe('ok');
  });

  it('a binary file is shown disabled with the reason, and picking it inserts nothing', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    // One input event, so one list: keystroke by keystroke, the list is replaced as each answer comes.
    await page.keyboard.insertText('@file:icon');
    const option = page.getByRole('listbox').getByRole('option', { name: /icon\.ico/ });
    await expect.poll(() => option.getAttribute('aria-disabled')).toBe('true');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await option.textContent()).toMatch(/binary: cannot be attached as text/);
    expect(await option.locator('.cm-completion-mark-untracked').count()).toBe(1);
    // CodeMirror ignores Enter for 75 ms after a list appears (its interactionDelay), so a key
    // pressed as the list changes is not taken as a pick: wait that out.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    // Picking the disabled row inserts nothing, and the list stays open to choose another.
    expect(await page.getByRole('listbox').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await ui().prompt().textContent()).toBe('@file:icon');
    expect(await page.locator('.cm-chip').count()).toBe(0);
  });

  it('a "more…" row appears when the list is cut off', async () => {
    await ui().clearPrompt();
    await ui().prompt().click();
    await page.keyboard.type('@file:note');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(31);
    expect(await options.last().textContent()).toMatch(/more… only the best 30 are shown/);
    await page.keyboard.press('Escape');
  });

  it('a chip has a card on hover and on keyboard focus: set a line range, show in the preview, remove', async () => {
    await ui().clearPrompt();
    await ui().write('see @file:src/greet.ts please');
    const chip = page.locator('.cm-chip[data-ref="@file:src/greet.ts"]');
    await expect.poll(() => chip.getAttribute('data-state')).toBe('ok');
    const card = page.getByRole('group', { name: 'Details of @file:src/greet.ts' });
    // Hover: the card shows what the chip is, and its state and tokens.
    await chip.hover();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/ok · \d+ tok/);
    await page.screenshot({ path: path.resolve(__dirname, '..', 'docs', 'screenshots', 'chip-card.png') });
    await card.getByRole('button', { name: 'Set line range' }).click();
    await page.keyboard.type('1-2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:src/greet.ts:1-2"]').getAttribute('data-state')).toBe('ok');
    // Keyboard: the cursor right after the chip shows the same card.
    await page.mouse.move(0, 0);
    await ui().prompt().click();
    await page.keyboard.press('End');
    for (let i = 0; i < ' please'.length; i++) await page.keyboard.press('ArrowLeft');
    const rangeCard = page.getByRole('group', { name: 'Details of @file:src/greet.ts:1-2' });
    await rangeCard.waitFor();
    await rangeCard.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('.cm-chip').count()).toBe(0);
    expect(await page.evaluate<string>("localStorage.getItem('atmark.draft') ?? ''")).toBe('see please');
  });

  it('Export suggests a name from the session and the date', async () => {
    await ui().clearPrompt();
    await ui().write('決算の確認 @file:src/greet.ts');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^決算の確認-\d{4}-\d{2}-\d{2}-\d{4}\.md$/);
  });

  it('controls do not jump: Send, Copy, Export and the context length stay put as Send becomes enabled and warnings come and go', async () => {
    await ui().clearPrompt();
    const controls = [page.getByRole('button', { name: 'Send' }), page.getByRole('button', { name: 'Copy' }), page.getByRole('button', { name: 'Export' }), page.getByLabel('Context length')];
    const boxes = () => Promise.all(controls.map(async (c) => JSON.stringify(await c.boundingBox())));
    const empty = await boxes();
    expect(await controls[0]!.isDisabled()).toBe(true);
    await ui().write('見て @file:src/greet.ts');
    await expect.poll(() => controls[0]!.isEnabled()).toBe(true);
    expect(await boxes()).toEqual(empty);
    // A warning appears (a missing file): the controls still do not move.
    await ui().write(' @file:missing.txt');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('tab', { name: 'Warnings' }).textContent()).toMatch(/\(1\)/);
    expect(await boxes()).toEqual(empty);
    // The list itself, on its tab: the controls still do not move.
    await expect.poll(async () => (await ui().showWarnings()).textContent()).toMatch(/missing\.txt/);
    expect(await boxes()).toEqual(empty);
    await ui().showPreview();
  });

  it('a workspace switch clears the preview at once and holds Send until the new workspace is resolved', async () => {
    await ui().clearPrompt();
    await ui().write('要約して @file:README.md');
    const preview = await ui().showPreview();
    const send = page.getByRole('button', { name: 'Send' });
    await expect.poll(() => preview.textContent()).toContain('This project greets people');
    await expect.poll(() => send.isEnabled()).toBe(true);
    // Every change of the page from here on is checked: once the new workspace is shown, the old
    // preview must never be, and Send must not be enabled before the new preview is there.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const name = document.querySelector('[role="status"][aria-label="Workspace"]')?.textContent ?? '';
        if (!name.includes('議事録')) return;
        const shown = document.querySelector('.preview-text')?.textContent ?? '';
        const sendButton = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Send');
        if (shown.includes('This project greets people')) seen.push('old preview shown');
        if (sendButton && !sendButton.disabled && !shown.includes('OTHER WORKSPACE README')) seen.push('Send enabled before the new preview');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Open folder…' }).click();
    await page.getByLabel('Folder path').fill(path.join(path.dirname(workspace.root), '議事録'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Open', exact: true }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('議事録', { exact: true }).waitFor();
    await expect.poll(() => preview.textContent()).toContain('OTHER WORKSPACE README');
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    await page.getByRole('button', { name: 'Recent workspaces' }).click();
    await page.getByRole('menuitem', { name: 'project', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
  });
});
