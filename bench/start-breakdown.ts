/**
 * Start -> composer interactive alone, with where the time goes, for comparing builds side by side
 * (issue 27). Not part of `npm run bench` (bench/server.ts has the row); this one is for working on
 * it. Each run spawns `bin/atmark.cjs serve` on the 120k workspace and prints, in ms from the spawn:
 * `url` (the address printed), `goto` (the navigation committed, as Playwright sees it) and `edit`
 * (the prompt editable, looked at once per frame as bench/server.ts does); and from the page's
 * navigation start, as the page saw it: `resp` (the page received), `dcl`, `load`, `fcp` (first
 * paint) and `inEdit` (the prompt editable). With PROBE_CHIP=1 an `@file:` reference is then typed and `chip` is the time to its
 * chip. ROOTS (comma-separated checkouts, each built: dist/ and out/renderer) are run interleaved,
 * one warm-up run each first; RUNS runs each; medians at the end. PROBE_LANG sets the host's locale,
 * PROBE_SHOT writes a screenshot at the first editable frame and one 4 s later, PROBE_PROF=1 writes
 * the host's CPU profile (node --cpu-prof) to the temp folder's atmark-start-prof.
 *
 *   ROOTS=/path/to/base,$PWD RUNS=7 node scripts/run-ts.mjs bench/start-breakdown.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureRendererBuild } from '../src/main/host/renderer-build';
import { BENCH_QUERIES, generateWorkspace } from './generate-workspace';
import { median } from './median';

const RUNS = Number(process.env.RUNS ?? 5);
const LANG = process.env.PROBE_LANG ?? 'en_US.UTF-8';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
const workspace = generateWorkspace();
await ensureRendererBuild();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: FLAGS });
const ROOTS = (process.env.ROOTS ?? process.cwd()).split(',');
const rowsBy = new Map<string, Record<string, number>[]>(ROOTS.map((r) => [r, []]));
for (let i = -1; i < RUNS; i++) for (const root of ROOTS) {
  const rows = rowsBy.get(root)!;
  const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-probe-'));
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __edit?: number };
    new MutationObserver((_, obs) => { if (document.querySelector('.cm-content[contenteditable="true"]')) { w.__edit = performance.now(); obs.disconnect(); } }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const t0 = performance.now();
  const extra = process.env.PROBE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(os.tmpdir(), 'atmark-start-prof')}`] : [];
  const child = spawn(process.execPath, [...extra, path.join(root, 'bin/atmark.cjs'), 'serve', '--workspace', workspace, '--port', '0'], {
    env: { ...process.env, XDG_CONFIG_HOME: configHome, LANG, LC_ALL: LANG }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve) => { let out = ''; child.stdout!.on('data', (c: Buffer) => { out += c; const u = /https?:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out)?.[0]; if (u) resolve(u); }); });
  const tUrl = performance.now() - t0;
  const tGo0 = performance.now();
  // As bench/server.ts waits: from the navigation's commit, not the load event (the composer takes
  // keys before the page's last file has loaded, and a person types then).
  await page.goto(url, { waitUntil: 'commit' });
  const tGoto = performance.now() - t0;
  await page.waitForFunction(() => document.querySelector('.cm-content')?.getAttribute('contenteditable') === 'true', undefined, { polling: 'raf' });
  const tEdit = performance.now() - t0;
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; const r = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => `${e.name.split('/').pop()?.split('?')[0]}:${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`); return { inEdit: (window as unknown as { __edit?: number }).__edit ?? -1, resp: n.responseEnd, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd, r, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1 }; });
  let chip = -1;
  if (process.env.PROBE_CHIP) {
    const first = `@file:${BENCH_QUERIES[0]!.intended}`;
    await page.getByRole('textbox', { name: 'Prompt' }).click();
    const typed = performance.now();
    await page.keyboard.insertText(`Look at ${first} `);
    // Once per frame, as bench/server.ts's chipSettled (locator.waitFor looks only every 500 ms).
    await page.waitForFunction((s) => document.querySelector(s) !== null, `.cm-chip[data-ref="${first}"][data-state="ok"]`, { polling: 'raf', timeout: 60_000 });
    chip = performance.now() - typed;
  }
  const row = { chip, chipFromStart: chip + tEdit, url: tUrl, goto: tGoto, edit: tEdit, navStartOffset: tGo0 - t0, resp: nav.resp, dcl: nav.dcl, load: nav.load, fcp: nav.fcp, inEdit: nav.inEdit };
  if (i >= 0) rows.push(row);
  console.log(path.basename(root), Object.entries(row).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('  '), nav.r.join(' '), `load ${os.loadavg()[0]!.toFixed(1)}`);
  if (process.env.PROBE_SHOT) { const busy = await page.evaluate(() => document.querySelector('.workspace-name')?.getAttribute('aria-busy')); console.log('workspace bar busy at first shot:', busy); await page.screenshot({ path: process.env.PROBE_SHOT }); await page.waitForTimeout(4000); await page.screenshot({ path: process.env.PROBE_SHOT.replace('.png', '-later.png') }); }
  await page.close();
  child.kill('SIGTERM');
  await new Promise((d) => child.once('exit', d));
  fs.rmSync(configHome, { recursive: true, force: true });
}
await browser.close();
for (const [root, rows] of rowsBy) console.log('MEDIAN', path.basename(root), Object.keys(rows[0]!).map((k) => `${k} ${median(rows.map((r) => r[k]!)).toFixed(0)}`).join('  '));
