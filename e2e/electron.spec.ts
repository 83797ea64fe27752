import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/shared/api/channels';
import { electronBinary } from '../scripts/electron-binary.mjs';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The real Electron app through Playwright's Electron support. It needs an Electron binary, which
 * cannot be downloaded on every machine: where there is none, the spec says so and is skipped.
 */

const ROOT = path.resolve(__dirname, '..');
const binary = electronBinary(ROOT);
if (!binary) console.log('e2e/electron.spec.ts skipped: no Electron binary is installed (node_modules/electron has no dist/); the browser-host spec covers the composer.');

describe('the Electron app', () => {
  let app: ElectronApplication | undefined;
  let workspace: TestWorkspace | undefined;
  let userData: string | undefined;

  afterAll(async () => {
    await app?.close();
    await workspace?.cleanup();
    if (userData) await fs.rm(userData, { recursive: true, force: true });
  });

  it.skipIf(!binary)('opens a locked-down window whose composer expands references', async () => {
    const { build } = await import('electron-vite');
    await build({ root: ROOT, logLevel: 'warn' });
    workspace = await createTestWorkspace();
    userData = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-electron-user-'));
    app = await _electron.launch({
      executablePath: binary as string,
      args: [ROOT],
      env: { ...process.env, ATMARK_WORKSPACE: workspace.root, ATMARK_USER_DATA: userData },
    });
    const page = await app.firstWindow();
    // No Node in the page, and the preload exposes the contract's functions and nothing more.
    expect(await page.evaluate('typeof process')).toBe('undefined');
    expect(await page.evaluate<string[]>('Object.keys(window.atmark).sort()')).toEqual(
      [...CALL_NAMES, 'onExpandProgress', 'onMenuCommand', 'onSendProgress', 'onWorkspaceChanged', 'pathForFile', 'transport'].sort(),
    );
    expect(await page.evaluate('typeof require')).toBe('undefined');
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Prompt' }).click();
    await page.keyboard.type('Read @file:README.md ');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:README.md"]').getAttribute('data-state')).toBe('ok');
    // Navigation and new windows are refused.
    await page.evaluate("window.open('https://example.com/')");
    await page.evaluate("location.href = 'https://example.com/'").catch(() => undefined);
    expect(app.windows()).toHaveLength(1);
    expect(page.url()).toMatch(/^file:.*index\.html/);
  });
});
