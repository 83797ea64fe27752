import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_WAIT_MS } from './support/waits';
import { launchChromium } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The browser host's folder browser (docs/contract.md "Accessible names"): a dialog named "Open folder" whose folders are
 * options of a listbox, with a button named "Open"; it opens a workspace by keyboard alone and by
 * mouse, completes typed paths, and closes with Escape. A drop that gives no path says so and
 * offers it. The host lists a temporary home folder, never the real one.
 */

let workspace: TestWorkspace;
let home: string;
let host: TestHost;
let browser: Browser;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-e2e-home-')));
  for (const dir of ['Documents', 'projects/alpha/src', 'projects/beta', '.secret-stuff']) await fs.mkdir(path.join(home, dir), { recursive: true });
  await fs.writeFile(path.join(home, 'projects', 'todo.txt'), 'a file, never listed\n');
  [host, browser] = await Promise.all([startTestHost(workspace.root, { home }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await workspace?.cleanup();
  await fs.rm(home, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(UI_WAIT_MS);
  await page.goto(host.url);
  // The host is shared by the tests: whichever workspace the last test opened is shown.
  await page.getByRole('status', { name: 'Workspace' }).locator('strong').waitFor();
  return page;
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Open folder' });
const optionsOf = (page: Page) => dialogOf(page).getByRole('listbox', { name: 'Folders' }).getByRole('option');
// Page scripts as strings: the e2e specs are type-checked without the DOM's types.
const focusedRole = (page: Page) => page.evaluate<string>("document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName.toLowerCase()");
const focusedName = (page: Page) => page.evaluate<string>("document.activeElement?.textContent ?? ''");

describe('the folder browser', () => {
  it('opens a workspace by keyboard alone', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: 'Open folder…' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['Documents', 'projects']);
    expect(await focusedRole(page)).toBe('listbox');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialogOf(page).getByRole('option', { selected: true }).textContent()).toBe('projects');
    await page.keyboard.press('Enter');
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['alpha', 'beta']);
    await expect.poll(() => dialogOf(page).getByRole('navigation', { name: 'Location' }).getByRole('button').allTextContents()).toEqual([path.basename(home), 'projects']);

    await page.keyboard.press('End');
    await expect.poll(() => dialogOf(page).getByRole('option', { selected: true }).textContent()).toBe('beta');
    await page.keyboard.press('Backspace'); // up to home, and back down by type-ahead
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['Documents', 'projects']);
    await page.keyboard.press('p');
    await page.keyboard.press('Enter');
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['alpha', 'beta']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Open');
    await page.keyboard.press('Enter');

    await page.getByRole('status', { name: 'Workspace' }).getByText('alpha', { exact: true }).waitFor();
    // The dialog closes once the recent list is refreshed, a moment after the workspace shows.
    await expect.poll(() => dialogOf(page).count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Open folder…');
    await page.context().close();
  });

  it('opens a workspace by mouse, with breadcrumbs and the recent workspaces', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: 'Open folder…' }).click();
    const recent = dialogOf(page).getByRole('region', { name: 'Recent workspaces' });
    expect(await recent.getByRole('button').allTextContents()).toContain(workspace.root);

    await dialogOf(page).getByRole('option', { name: 'projects' }).dblclick();
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['alpha', 'beta']);
    // The folders' glyph is generated content without a name: the options' text stays the folder's name.
    await dialogOf(page).getByRole('option', { name: 'beta' }).click();
    await page.screenshot({ path: path.resolve(__dirname, '..', 'docs', 'screenshots', 'folder-browser.png') });
    await dialogOf(page).getByRole('option', { name: 'alpha' }).dblclick();
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['src']);
    await dialogOf(page).getByRole('navigation', { name: 'Location' }).getByRole('button', { name: 'projects' }).click();
    await dialogOf(page).getByRole('option', { name: 'beta' }).click();
    await dialogOf(page).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('beta', { exact: true }).waitFor();

    // The recent list offers the workspace opened first; one click reopens it.
    await page.getByRole('button', { name: 'Open folder…' }).click();
    await dialogOf(page).getByRole('region', { name: 'Recent workspaces' }).getByRole('button', { name: workspace.root }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
    await page.context().close();
  });

  it('completes a typed path, goes outside home only when typed, and closes with Escape', async () => {
    const page = await openPage();
    await page.getByRole('button', { name: 'Open folder…' }).click();
    const field = dialogOf(page).getByRole('textbox', { name: 'Folder path' });
    await field.fill(`${home}/proj`);
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['projects']);
    await field.press('Tab');
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['alpha', 'beta']);
    expect(await field.inputValue()).toBe(path.join(home, 'projects'));

    // A typed path outside home is listed (the workspace's parent holds the test repository).
    await field.fill(`${path.dirname(workspace.root)}/`);
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['elsewhere', 'project']);
    // The breadcrumbs read `/tmp / atmark-e2e-…`: the root, named `/`, takes no second `/` after it.
    const separators = await page.evaluate<string[]>("[...document.querySelectorAll('.crumbs li')].map((li) => getComputedStyle(li, '::before').content)");
    expect(separators.slice(0, 3)).toEqual(['none', 'none', '"/"']);
    await field.fill(`${home}/nowhere/`);
    await expect.poll(() => dialogOf(page).getByRole('alert').textContent()).toContain('was not found');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOf(page).count()).toBe(0);
    await page.context().close();
  });

  it('keeps a path typed before the first listing arrives: the late listing neither replaces it nor opens home', async () => {
    const page = await openPage();
    // The socket between page and host is routed so that the dialog's first listing (of home)
    // answers only after the person has typed a path: a slow host, made certain. (A development
    // build asks twice, as React's strict mode runs effects twice; both answers are held.)
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Set<number>();
    await page.routeWebSocket(/\/api/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const call = JSON.parse(String(message)) as { id: number; name: string; payload: { path?: string } };
        if (call.name === 'listFolders' && call.payload.path === '') held.add(call.id);
        server.send(message);
      });
      server.onMessage((message) => {
        const answer = JSON.parse(String(message)) as { t: string; id?: number };
        if (answer.t === 'result' && answer.id !== undefined && held.has(answer.id)) void released.then(() => socket.send(message));
        else socket.send(message);
      });
    });
    await page.reload();
    await page.getByRole('status', { name: 'Workspace' }).locator('strong').waitFor();
    await page.getByRole('button', { name: 'Open folder…' }).click();
    const field = dialogOf(page).getByRole('textbox', { name: 'Folder path' });
    const typed = path.join(home, 'projects', 'beta');
    await field.fill(typed);
    await expect.poll(() => held.size).toBeGreaterThan(0);
    release();
    // Open means the typed folder, never home; the field still holds what was typed.
    await expect.poll(() => dialogOf(page).getByText(`Open will open ${typed}`).count()).toBe(1);
    expect(await field.inputValue()).toBe(typed);
    await dialogOf(page).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('status', { name: 'Workspace' }).getByText('beta', { exact: true }).waitFor();
    await page.context().close();
  });

  it('answers a drop that gives no path with a sentence, and offers the folder browser', async () => {
    const page = await openPage();
    // What a browser gives for a dropped folder: a File with a name and no path.
    await page.evaluate(`{
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'my-folder'));
      document.querySelector('header').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }`);
    const notice = page.getByRole('status', { name: 'Notice' });
    await expect.poll(() => notice.textContent()).toContain('This browser does not tell Atmark where a dropped folder or file lives');
    await notice.getByRole('button', { name: 'Choose the folder…' }).click();
    await expect.poll(() => optionsOf(page).allTextContents()).toEqual(['Documents', 'projects']);
    await page.context().close();
  });
});
