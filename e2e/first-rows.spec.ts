import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePaths } from '../bench/generate-workspace';
import { createWorkspaceIndex, query } from '../src/main/workspace';
import { startQuery } from '../src/main/workspace/query-run';
import { launchChromium } from './support/browser';
import { composerPage } from './support/composer-page';
import { startTestHost, type TestHost } from './support/host';
import { openComposer, UI_WAIT_MS } from './support/waits';

/**
 * The completion list on a workspace over 10,000 entries (issue 27): a broad path query answers
 * with first rows at once, then its final rows, and the list ends showing the final rows. The host
 * paces its index one clock check per step, so the first rows are not final whatever the machine.
 */

/** Broad terms; the test types the first whose first rows differ from its final ones. */
const TERMS = ['tsco', 'rele', 'conf', 'comp', 'serv', 'inde', 'util', 'test', 'read', 'mode'];
let term = '';
/** The list's path limit (the composer's default, REFERENCE_COMPLETION_DEFAULTS.pathLimit in the renderer). */
const PATH_LIMIT = 30;
let root = '';
let host: TestHost;
let browser: Browser;
let page: Page;
let finalPaths: string[] = [];
let firstPaths: string[] = [];

beforeAll(async () => {
  // Named `project`, the name the window shows once it has opened (see openComposer).
  root = path.join(mkdtempSync(path.join(os.tmpdir(), 'atmark-e2e-first-rows-')), 'project');
  for (const rel of workspacePaths(11_000)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), '');
  }
  // What the list must end with, and the first rows it starts from, from an index of the same folder here.
  const local = createWorkspaceIndex(root, { watch: false });
  expect(await local.whenReady()).toBe('ready');
  expect(local.snapshot().count).toBeGreaterThan(10_000);
  const options = { limit: PATH_LIMIT, kinds: ['file' as const] };
  for (const t of TERMS) {
    finalPaths = query(local, t, options).map((m) => m.path);
    firstPaths = startQuery(local, t, options, 0).first.map((m) => m.path);
    term = t;
    if (firstPaths.join('\n') !== finalPaths.join('\n')) break;
  }
  local.close();
  [host, browser] = await Promise.all([startTestHost(root, { indexPace: { firstMs: 0, sliceMs: 0 } }), launchChromium()]);
  page = await openComposer(await browser.newContext({ viewport: { width: 1280, height: 820 } }), host.url);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  if (root) rmSync(path.dirname(root), { recursive: true, force: true });
});

describe('first rows, then the final ones, in the window', () => {
  it('ends with the final rows in the list, focus still in the editor', async () => {
    // Otherwise the list would show the final rows either way and this would prove nothing.
    expect(firstPaths).not.toEqual(finalPaths);
    const ui = composerPage(page);
    const typeTerm = async () => {
      await ui.clearPrompt();
      await ui.prompt().click();
      await page.keyboard.insertText(`@file:${term}`);
    };
    await typeTerm();
    // The list's paths, without its last row saying that there are more (`…`).
    const labels = async () => (await page.getByRole('listbox').locator('.cm-completionLabel').allTextContents()).filter((l) => l !== '…');
    // On a busy machine the host may still be indexing the 11,000 files when the term is typed, and
    // the list then has nothing to show: the term is typed again until it has (each time a new
    // query, answered with its first rows and then its final ones).
    await expect
      .poll(
        async () => {
          const shown = await labels();
          if (shown.length === 0) await typeTerm();
          return shown;
        },
        { timeout: UI_WAIT_MS, interval: 1000 },
      )
      .toEqual(finalPaths);
    expect(await page.evaluate('document.activeElement?.closest(".cm-editor") !== null')).toBe(true);
  });
});
