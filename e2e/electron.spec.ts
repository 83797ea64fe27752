import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/shared/api/channels';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { DEFAULT_REPLY, startOpenAiServer, type OpenAiTestServer } from '../test-support/openai-server';
import { electronBinary } from '../scripts/electron-binary.mjs';
import { UI_WAIT_MS } from './support/waits';
import { composerPage } from './support/composer-page';
import { createTestWorkspace, type TestWorkspace } from './support/workspace';

/**
 * The real Electron app through Playwright's Electron support: a folder given on the command
 * line, a second launch handing its folder to the first, the menu's Open Folder…, a chip, a Send
 * to a model server on loopback, the menu in the language Settings chose (roles included), and a
 * crashed page coming back with its draft and a notice. It needs an Electron binary, which cannot
 * be downloaded on every machine: where there is none, the spec says so and is skipped (the release
 * workflow runs it, on Linux under xvfb-run).
 */

const ROOT = path.resolve(__dirname, '..');
const binary = electronBinary(ROOT);
if (!binary) console.log('e2e/electron.spec.ts skipped: no Electron binary is installed (node_modules/electron has no dist/, and it cannot be downloaded here); the browser-host specs cover the composer, build/packaged-app.test.ts the packed workers and page, and the release workflow runs this spec with the real Electron.');

// Where the Electron app must be tested (the release workflow), a missing binary is a failure.
describe.runIf(!binary && process.env.ATMARK_REQUIRE_ELECTRON === '1')('the Electron binary', () => {
  it('is installed (ATMARK_REQUIRE_ELECTRON=1): run "node node_modules/electron/install.js"', () => {
    expect(binary).not.toBeNull();
  });
});

describe.skipIf(!binary)('the Electron app', () => {
  let app: ElectronApplication | undefined;
  let page: Page;
  let workspace: TestWorkspace;
  let other: string;
  let userData: string;
  let server: OpenAiTestServer;
  let endpoint: Record<string, unknown>;

  beforeAll(async () => {
    // ATMARK_APP_BUILT=1: out/ is already built (see build/stand-in-package.ts).
    if (process.env.ATMARK_APP_BUILT !== '1') {
      const { build } = await import('electron-vite');
      await build({ root: ROOT, logLevel: 'warn' });
    }
    workspace = await createTestWorkspace();
    other = path.join(path.dirname(workspace.root), 'elsewhere');
    server = await startOpenAiServer();
    userData = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-electron-user-'));
    endpoint = { id: 'local', name: 'Local test model', preset: 'vllm', baseUrl: server.baseUrl, model: 'test-model', apiKeyRef: null, contextLength: 128_000 };
    await fs.writeFile(path.join(userData, 'settings.json'), JSON.stringify({ version: 1, endpoints: [endpoint], chosenEndpointId: 'local', limits: DEFAULT_LIMITS, allowHosts: [] }));
    // The folder comes on the command line, as `atmark ~/code/project` or a file manager gives it.
    app = await _electron.launch({ executablePath: binary as string, args: [ROOT, workspace.root], env: { ...process.env, ATMARK_USER_DATA: userData } });
    page = await app.firstWindow();
    page.setDefaultTimeout(UI_WAIT_MS);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await server?.close();
    await workspace?.cleanup();
    if (userData) await fs.rm(userData, { recursive: true, force: true });
  });

  it('opens the folder given on the command line in a locked-down window on app://', async () => {
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
    expect(page.url()).toBe('app://atmark/index.html');
    // No Node in the page, and the preload exposes the contract's functions and nothing more.
    expect(await page.evaluate('typeof process')).toBe('undefined');
    expect(await page.evaluate('typeof require')).toBe('undefined');
    expect(await page.evaluate<string[]>('Object.keys(window.atmark).sort()')).toEqual(
      [...CALL_NAMES, 'onExpandProgress', 'onMenuCommand', 'onSendProgress', 'onStoreNotice', 'onWorkspaceChanged', 'pathForFile', 'transport'].sort(),
    );
  });

  it('draws a chip and sends to the model server on loopback', async () => {
    const ui = composerPage(page);
    await ui.write('Read @file:README.md and reply');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:README.md"]').getAttribute('data-state')).toBe('ok');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => ui.lastTurn().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await ui.lastTurn().locator('.reply').textContent()).toBe(DEFAULT_REPLY);
    expect(server.requests.at(-1)?.body).toContain('Demo project');
  });

  it('answers again after its workers went quiet and collected their garbage', async () => {
    // Each worker runs one full collection after a quiet second, reaching V8's gc by setting a flag
    // at run time; in a V8 whose flags were frozen that would abort the process, not throw. So wait
    // past the quiet spell, then ask the engine worker again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const ui = composerPage(page);
    await ui.write(' and @file:README.md:1-2');
    await expect.poll(() => page.locator('.cm-chip[data-ref="@file:README.md:1-2"]').getAttribute('data-state')).toBe('ok');
  });

  it("opens a folder from the menu's Open Folder…", async () => {
    await fs.mkdir(other, { recursive: true });
    // The system dialog answers with the folder; the menu item itself is clicked as a person would.
    await app?.evaluate(({ dialog, Menu }, folder) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [folder] })) as typeof dialog.showOpenDialog;
      const items = Menu.getApplicationMenu()?.items.flatMap((item) => item.submenu?.items ?? []) ?? [];
      items.find((item) => item.label === 'Open Folder…')?.click();
    }, other);
    await page.getByRole('status', { name: 'Workspace' }).getByText('elsewhere', { exact: true }).waitFor();
  });

  it('has no Reload or DevTools in the menu of a packaged build, and both in development', async () => {
    const roles = await app?.evaluate(({ Menu }) => (Menu.getApplicationMenu()?.items ?? []).flatMap((item) => item.submenu?.items.map((i) => i.role) ?? []));
    const isPackaged = await app?.evaluate(({ app: electronApp }) => electronApp.isPackaged);
    if (isPackaged) expect(roles).not.toContain('toggledevtools');
    else expect(roles).toContain('toggledevtools');
  });

  it('hands a second launch to the first window, which opens its folder', async () => {
    const second = spawn(binary as string, [ROOT, workspace.root], { env: { ...process.env, ATMARK_USER_DATA: userData }, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.once('exit', (c) => resolve(c)));
    expect(code).toBe(0); // it found the first instance and quit
    await page.getByRole('status', { name: 'Workspace' }).getByText('project', { exact: true }).waitFor();
    expect(app?.windows()).toHaveLength(1);
  });

  it('refuses navigation and new windows', async () => {
    // http, so the refused link is not handed to the system browser either (https would be).
    await page.evaluate("window.open('http://example.com/')");
    await page.evaluate("location.href = 'http://example.com/'").catch(() => undefined);
    expect(app?.windows()).toHaveLength(1);
    expect(page.url()).toBe('app://atmark/index.html');
  });

  it('labels the menu, standard roles included, in the language chosen in Settings', async () => {
    const menuLabels = () =>
      app?.evaluate(({ Menu }) => (Menu.getApplicationMenu()?.items ?? []).flatMap((item) => [item.label, ...(item.submenu?.items.map((i) => i.label) ?? [])]));
    const save = (language: string) =>
      page.evaluate(
        ([settings]) => (window as unknown as { atmark: { saveSettings(input: unknown): Promise<{ ok: boolean }> } }).atmark.saveSettings({ settings }),
        [{ endpoints: [endpoint], chosenEndpointId: 'local', limits: DEFAULT_LIMITS, allowHosts: [], language }] as const,
      );
    expect((await save('ja')).ok).toBe(true);
    await expect.poll(async () => (await menuLabels()) ?? []).toEqual(expect.arrayContaining(['ファイル', '編集', 'コピー', '貼り付け', 'すべてを選択', 'ヘルプ', 'ログを表示']));
    expect((await menuLabels())?.filter((label) => label !== '' && label !== 'Atmark' && !/[\u3040-\u30ff\u3400-\u9fff]/u.test(label) && !label.startsWith('/'))).toEqual([]);
    expect((await save('ko')).ok).toBe(true);
    await expect.poll(async () => (await menuLabels()) ?? []).toEqual(expect.arrayContaining(['파일', '복사', '붙여넣기']));
    expect((await save('en')).ok).toBe(true);
    await expect.poll(async () => (await menuLabels()) ?? []).toEqual(expect.arrayContaining(['File', 'Copy', 'Paste', 'Select All']));
  });

  it('reloads a crashed page with its draft and says what happened, and logs no text', async () => {
    // Asked through main (executeJavaScript), not through Playwright's page, which a renderer
    // crash leaves unusable.
    const inPage = (js: string) => (app as ElectronApplication).evaluate(({ BrowserWindow }, code) => BrowserWindow.getAllWindows()[0]?.webContents.executeJavaScript(code), js);
    const draft = 'クラッシュ前の下書き: @file:README.md を要約して';
    await composerPage(page).write(draft);
    // Main keeps the draft on every keystroke; the reloaded page asks for it first.
    await expect.poll(() => inPage('window.atmark.getDraft({}).then((r) => r.ok && r.value ? r.value.text : null)')).toBe(draft);
    await app?.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.forcefullyCrashRenderer());
    await expect
      .poll(() => inPage("document.querySelector('.notice')?.textContent ?? ''").catch(() => ''), { timeout: 20_000 })
      .toContain("Atmark's window stopped unexpectedly and was reloaded. Your draft was kept.");
    expect(await inPage("document.querySelector('.cm-content')?.textContent ?? ''")).toContain('クラッシュ前の下書き');
    expect(await app?.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    const log = await fs.readFile(path.join(userData, 'logs', 'main.log'), 'utf8');
    expect(log).toMatch(/page-trouble kind=gone reason=(crashed|killed) action=reload/);
    for (const secret of ['クラッシュ前', 'README', workspace.root, server.baseUrl]) expect(log, secret).not.toContain(secret);
  });
});
