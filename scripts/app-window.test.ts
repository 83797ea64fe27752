import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWindowCommand, browserCandidates } from './app-window.mjs';

const URL = 'http://127.0.0.1:4321/?token=abc&x=1';
const only = (file: string) => (candidate: string) => candidate === file;

describe('the app window command', () => {
  it('opens Chromium on PATH with --app and its own profile', () => {
    const launch = appWindowCommand({ url: URL, platform: 'linux', env: { PATH: '/usr/local/bin:/usr/bin' }, profileDir: '/home/me/.config/atmark/app-window', exists: only('/usr/bin/chromium') });
    expect(launch).toEqual({
      kind: 'app-window',
      command: '/usr/bin/chromium',
      args: [`--app=${URL}`, '--user-data-dir=/home/me/.config/atmark/app-window', '--no-first-run', '--no-default-browser-check', '--window-size=1280,860'],
    });
  });

  it('prefers ATMARK_BROWSER, then Chromium, Chrome and Edge in that order', () => {
    const env = { PATH: '/usr/bin', ATMARK_BROWSER: '/opt/mine/chrome' };
    expect(browserCandidates('linux', env).slice(0, 4)).toEqual(['/opt/mine/chrome', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']);
    const edgeOnly = appWindowCommand({ url: URL, platform: 'linux', env: { PATH: '/usr/bin' }, profileDir: '/p', exists: only('/usr/bin/microsoft-edge') });
    expect(edgeOnly.command).toBe('/usr/bin/microsoft-edge');
  });

  it('finds the browsers where macOS and Windows install them', () => {
    const mac = appWindowCommand({ url: URL, platform: 'darwin', env: { HOME: '/Users/me' }, profileDir: '/p', exists: only('/Users/me/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge') });
    expect(mac.kind).toBe('app-window');
    const win = appWindowCommand({ url: URL, platform: 'win32', env: { 'ProgramFiles(x86)': 'C:\\Program Files (x86)' }, profileDir: 'C:\\p', exists: only('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe') });
    expect(win.command).toBe('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(win.args[0]).toBe(`--app=${URL}`);
  });

  it.each([
    ['linux', { command: 'xdg-open', args: [URL] }],
    ['darwin', { command: 'open', args: [URL] }],
    ['win32', { command: 'cmd', args: ['/c', 'start', '""', 'http://127.0.0.1:4321/?token=abc^&x=1'] }],
  ] as const)('falls back to the default browser on %s', (platform, expected) => {
    expect(appWindowCommand({ url: URL, platform, env: { PATH: '/usr/bin' }, profileDir: '/p', exists: () => false })).toEqual({ kind: 'default-browser', ...expected });
  });
});

/**
 * `npm start`'s script itself, without Electron, with a stand-in browser (ATMARK_BROWSER) that
 * records the arguments it was started with: it must be started in app mode on the printed address.
 */
describe('npm start without Electron', () => {
  const root = path.resolve(__dirname, '..');
  let base: string;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-start-'));
  });
  afterAll(() => fs.rm(base, { recursive: true, force: true }));

  it('prints the address, shows its build steps and opens an app window of the browser', async () => {
    const record = path.join(base, 'argv.json');
    const fakeBrowser = path.join(base, 'fake-chromium');
    await fs.writeFile(fakeBrowser, `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)));\n`, { mode: 0o755 });
    const config = path.join(base, 'config');
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      // English whatever the machine's locale: npm start speaks the system's language (LC_ALL wins).
      env: { ...process.env, LC_ALL: 'en_US.UTF-8', ATMARK_START: 'browser', ATMARK_BROWSER: fakeBrowser, XDG_CONFIG_HOME: config, HOME: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errors = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => existsSync(record), { timeout: 90_000, interval: 200 }).toBe(true);
      const argv = JSON.parse(await fs.readFile(record, 'utf8')) as string[];
      const url = /Atmark is running at (\S+)/.exec(out)?.[1];
      expect(url, `stdout: ${out}\nstderr: ${errors}`).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(argv).toEqual([`--app=${url}`, `--user-data-dir=${path.join(config, 'atmark', 'app-window')}`, '--no-first-run', '--no-default-browser-check', '--window-size=1280,860']);
      expect(out).toMatch(/Building the browser host… done \(\d+\.\d s\)/);
      expect(out).toMatch(/Building the composer page… done/);
      await expect.poll(() => out, { timeout: 5_000 }).toContain('Opened it as an app window of fake-chromium');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 120_000);
});
