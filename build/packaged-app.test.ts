import { extractAll, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/shared/api/channels';
import { contentSecurityPolicy } from '../src/shared/csp';
import { appResponse } from '../src/main/electron/app-response';
import { launchChromium } from '../e2e/support/browser';
import { makeCjkPdf, makeDocx, makeOdf, makePptx, makeXlsx } from '../test-support/documents';
import { closeImageBrowser, renderTextImage } from '../test-support/images';
import { ASAR_BUDGET_BYTES, RENDERER_BUDGET_BYTES } from './size-budget';
import { buildStandInPackage, type StandInPackage } from './stand-in-package';

/**
 * The packaged app, started from what it holds: a `--dir` build against a stand-in Electron
 * (build/stand-in-package.ts; Electron itself cannot be downloaded here), app.asar extracted to a
 * temporary folder outside the project, so Node's module resolution cannot climb into the
 * project's node_modules and find there what the package lacks. From that tree plain Node loads
 * every module main's bundle and chunks import (Electron aside), starts each worker thread the app
 * starts (the engine, the workspace index, extraction) and asks it real work; Chromium loads the renderer's page through the app scheme's own response code, with
 * the CSP header the app sends. What needs Electron itself (main, preload, the window) is the
 * Electron e2e spec's (e2e/electron.spec.ts).
 *
 * Set ATMARK_SMOKE_LEAVE_OUT=extraction-worker.js (or another name under out/main/) to delete that
 * file from the extracted tree before the checks: the checks that need it must then fail.
 */

const ROOT = path.resolve(__dirname, '..');
const LEAVE_OUT = process.env.ATMARK_SMOKE_LEAVE_OUT ?? '';

let pkg: StandInPackage;
/** The extracted app.asar, copied outside the project. */
let app: string;
/** A workspace the workers read: a text file, a folder, a Japanese PDF. */
let workspace: string;
let files: string[];

beforeAll(async () => {
  pkg = await buildStandInPackage(ROOT);
  app = path.join(pkg.base, 'app');
  extractAll(pkg.asar, app);
  if (LEAVE_OUT) await fs.rm(path.join(app, 'out', 'main', LEAVE_OUT), { force: true });
  files = listPackage(pkg.asar, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
  workspace = path.join(pkg.base, 'workspace');
  await fs.mkdir(path.join(workspace, 'docs'), { recursive: true });
  await fs.writeFile(path.join(workspace, 'notes.txt'), 'The packaged engine read this line.\n');
  await fs.writeFile(path.join(workspace, 'docs', 'plan.md'), '# Plan\n\nShip the installer.\n');
  await fs.writeFile(path.join(workspace, 'docs', 'budget.md'), '# Budget\n\n1200 for servers.\n');
  await fs.writeFile(path.join(workspace, 'report.pdf'), await makeCjkPdf(['四半期の報告書', '売上は前年より増えました。']));
}, 600_000);

afterAll(async () => {
  await closeImageBrowser();
  if (pkg) await fs.rm(pkg.base, { recursive: true, force: true });
});

/**
 * Runs `script` (an ES module) with plain Node in the extracted tree and returns the JSON it
 * prints. Node starts with no NODE_PATH and the tree as its working folder, so every import
 * resolves inside it.
 */
async function probe<T>(name: string, script: string): Promise<T> {
  const file = path.join(app, `${name}.probe.mjs`);
  await fs.writeFile(file, script);
  const env = { ...process.env };
  delete env.NODE_PATH;
  delete env.NODE_OPTIONS;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [file], { cwd: app, env, encoding: 'utf8', timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (error, out, err) => {
      if (error && !out) reject(new Error(`${name} probe failed: ${err || error.message}`));
      else resolve(out);
    });
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${name} probe printed no answer: ${stdout.slice(0, 2000)}`);
  }
}

/** A probe's worker start: any error or unexpected exit is printed as the answer. */
const START = (script: string, data: unknown) =>
  [
    "import { Worker } from 'node:worker_threads';",
    `const worker = new Worker(new URL(${JSON.stringify(script)}, import.meta.url), { workerData: ${JSON.stringify(data)} });`,
    "const done = (answer) => { console.log(JSON.stringify(answer)); process.exit(0); };",
    "worker.on('error', (e) => done({ error: String(e && e.stack || e) }));",
    "worker.on('exit', (code) => done({ error: 'the worker exited with ' + code }));",
  ].join('\n');

describe('the package holds what the app loads, and nothing else of the project', () => {
  it('packs main, preload, renderer and the three workers into app.asar; no sources, maps or dev dependencies', () => {
    for (const needed of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/engine-worker.js',
      '/out/main/index-worker.js',
      '/out/main/extraction-worker.js',
      '/out/main/o200k_base.ranks',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/node_modules/zod/package.json',
      '/node_modules/gpt-tokenizer/package.json',
      '/node_modules/gpt-tokenizer/data/o200k_base.tiktoken',
      '/node_modules/gpt-tokenizer/esm/encodingParams/constants.js',
      '/node_modules/pdfjs-dist/legacy/build/pdf.mjs',
      '/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
      '/node_modules/pdfjs-dist/cmaps/Adobe-Japan1-UCS2.bcmap',
    ]) {
      expect(files, needed).toContain(needed);
    }
    // gpt-tokenizer's rank modules and other encodings are never loaded: about 20 MiB left out.
    expect(files.filter((f) => f.includes('/gpt-tokenizer/esm/bpeRanks/') || /gpt-tokenizer\/data\/(cl100k|p50k|r50k)/.test(f))).toEqual([]);
    // Nor are pdf.js's builds beyond the legacy one and its standard fonts (text is read without
    // them: extraction/pdf.ts), or exceljs (only the tests write workbooks with it; Atmark reads
    // them itself) and the native canvas pdf.js would draw with.
    expect(files.filter((f) => /^\/node_modules\/pdfjs-dist\/(build|web|image_decoders|types|standard_fonts)\//.test(f) || f.startsWith('/node_modules/exceljs/') || f.startsWith('/node_modules/@napi-rs/canvas'))).toEqual([]);
    const forbidden = files.filter((f) => /^\/(src|e2e|bench|scripts|build|docs|test-results|dist)\//.test(f) || /\.(map|ts|tsx)$/.test(f) || /\.(test|spec)\.[cm]?js$/.test(f));
    expect(forbidden).toEqual([]);
    for (const dev of ['vitest', 'electron', 'electron-builder', 'react', 'react-dom', '@codemirror/view', 'typescript', 'eslint', 'playwright-core', 'vite', 'esbuild']) {
      expect(files, dev).not.toContain(`/node_modules/${dev}/package.json`);
    }
  });

  it('names itself Atmark: productName and desktopName in the packed package.json', async () => {
    const packed = JSON.parse(await fs.readFile(path.join(app, 'package.json'), 'utf8')) as { productName?: string; desktopName?: string };
    expect(packed.productName).toBe('Atmark');
    expect(packed.desktopName).toBe('atmark.desktop');
  });

  it('flipped the fuses in the packed binary, and ships the guides beside the app for Help', async () => {
    const wire = await getCurrentFuseWire(pkg.executable);
    expect(String.fromCharCode(wire[FuseV1Options.RunAsNode] as number)).toBe('0');
    for (const guide of ['README.md', 'README.ja.md', 'README.ko.md']) {
      await expect(fs.stat(path.join(pkg.appDir, 'resources', 'docs', guide)), guide).resolves.toBeTruthy();
    }
  });

  it(`stays within its size budget (app.asar ${(ASAR_BUDGET_BYTES / 1024 / 1024).toFixed(0)} MiB, renderer ${(RENDERER_BUDGET_BYTES / 1024).toFixed(0)} KiB)`, async () => {
    const asarBytes = (await fs.stat(pkg.asar)).size;
    let rendererBytes = 0;
    for (const f of files.filter((name) => name.startsWith('/out/renderer/'))) {
      const stat = await fs.stat(path.join(app, f)).catch(() => null);
      if (stat?.isFile()) rendererBytes += stat.size;
    }
    console.log(`app.asar: ${(asarBytes / 1024 / 1024).toFixed(1)} MiB with ${files.length} entries; out/renderer: ${(rendererBytes / 1024).toFixed(0)} KiB`);
    expect(asarBytes).toBeLessThanOrEqual(ASAR_BUDGET_BYTES);
    expect(rendererBytes).toBeLessThanOrEqual(RENDERER_BUDGET_BYTES);
  });
});

describe("the main process's modules load from the package", () => {
  it('every module main and its chunks import is in the tree, and loads (Electron itself aside)', async () => {
    // Plain Node cannot run main (it imports Electron), but it can load everything else main's
    // bundle and its chunks (the services, the engine, settings) import, from the tree alone.
    const script = [
      "import fs from 'node:fs';",
      "import path from 'node:path';",
      "import { builtinModules } from 'node:module';",
      "const files = [];",
      "const walk = (dir) => { for (const e of fs.readdirSync(dir, { withFileTypes: true })) { const p = path.join(dir, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith('.js')) files.push(p); } };",
      "walk('out/main');",
      "const bare = new Set(); const dynamic = new Set(); const missingFiles = [];",
      "for (const file of files) {",
      "  const source = fs.readFileSync(file, 'utf8');",
      String.raw`  for (const m of source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^import\s*["']([^"']+)["']/gm)) {`,
      "    const spec = m[1] ?? m[2] ?? m[3];",
      "    if (spec.startsWith('.')) { if (!fs.existsSync(path.resolve(path.dirname(file), spec))) missingFiles.push(file + ' -> ' + spec); }",
      "    else if (!spec.startsWith('node:') && spec !== 'electron' && !builtinModules.includes(spec)) (m[2] ? dynamic : bare).add(spec);",
      "  }",
      "}",
      "const failed = [];",
      "for (const spec of bare) { try { await import(spec); } catch (e) { failed.push(spec + ': ' + String(e && e.message).slice(0, 300)); } }",
      // A dynamic import may need what its importer sets up first (pdf.js in the extraction
      // worker): it must resolve here; loading it is the worker tests' part.
      "for (const spec of dynamic) { try { import.meta.resolve(spec); } catch (e) { failed.push(spec + ': ' + String(e && e.message).slice(0, 300)); } }",
      "console.log(JSON.stringify({ files: files.length, bare: [...bare].sort(), dynamic: [...dynamic].sort(), missingFiles, failed }));",
      'process.exit(0);',
    ].join('\n');
    const answer = await probe<{ files: number; bare: string[]; dynamic: string[]; missingFiles: string[]; failed: string[] }>('main-modules', script);
    expect(answer.files).toBeGreaterThan(4);
    expect(answer.bare).toEqual(expect.arrayContaining(['zod']));
    expect(answer.dynamic).toEqual(expect.arrayContaining(['pdfjs-dist/legacy/build/pdf.mjs']));
    expect(answer.missingFiles).toEqual([]);
    expect(answer.failed).toEqual([]);
  });
});

describe('the workers start from the package, with only what it holds', () => {
  interface Expanded {
    error?: string;
    references?: Array<{ raw: string; status: string; tokens: number; warnings: Array<{ code: string; message: string }>; block: string | null }>;
  }

  it('the engine worker expands a file, a folder and a PDF', async () => {
    const script = [
      START('./out/main/engine-worker.js', { workspace, contextLength: 128_000 }),
      "worker.on('message', (m) => {",
      "  if (m.ch === 'hello' && m.body.ok) worker.postMessage({ ch: 'request', id: 1, body: { message: 'Read @file:notes.txt and @folder:docs and @file:report.pdf', fresh: true } });",
      "  else if (m.ch === 'response') done({ references: m.body.references.map((r) => ({ raw: r.raw, status: r.status, tokens: r.tokens, warnings: r.warnings.map((w) => ({ code: w.code, message: w.message })), block: r.block })) });",
      "  else if (m.ch !== 'progress') done({ error: JSON.stringify(m) });",
      '});',
    ].join('\n');
    const answer = await probe<Expanded>('engine', script);
    expect(answer.error).toBeUndefined();
    const byRaw = new Map(answer.references?.map((r) => [r.raw, r]));
    expect(byRaw.get('@file:notes.txt')).toMatchObject({ status: 'attached' });
    expect(byRaw.get('@file:notes.txt')?.block).toContain('The packaged engine read this line.');
    expect(byRaw.get('@folder:docs')).toMatchObject({ status: 'attached' });
    expect(byRaw.get('@folder:docs')?.block).toContain('plan.md');
    const pdf = byRaw.get('@file:report.pdf');
    expect(pdf?.warnings, JSON.stringify(pdf?.warnings)).toEqual([]);
    expect(pdf).toMatchObject({ status: 'attached' });
    expect(pdf?.block).toContain('四半期の報告書');
  });

  it('the index worker answers a completion', async () => {
    const script = [
      START('./out/main/index-worker.js', { root: workspace, watch: false }),
      "worker.on('message', (m) => {",
      "  if (m.ch === 'response' && m.id === 1) worker.postMessage({ ch: 'request', id: 2, body: { op: 'query', text: 'pln', limit: 5 } });",
      "  else if (m.ch === 'response' && m.id === 2) done({ paths: m.body.map((x) => x.path) });",
      "  else if (m.ch === 'error') done({ error: m.message });",
      '});',
      "worker.postMessage({ ch: 'request', id: 1, body: { op: 'ready' } });",
    ].join('\n');
    const answer = await probe<{ error?: string; paths?: string[] }>('index', script);
    expect(answer.error).toBeUndefined();
    expect(answer.paths?.[0]).toBe('docs/plan.md');
  });

  const documents: Array<[string, 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'png' | null, () => Promise<Uint8Array> | Uint8Array | string, string]> = [
    ['a PDF with Japanese text', 'pdf', () => makeCjkPdf(['四半期の報告書', '売上は前年より増えました。']), '売上は前年より増えました'],
    ['a Word document', 'docx', () => makeDocx(), '計画の概要です'],
    ['a workbook', 'xlsx', () => makeXlsx(), '東京 서울'],
    ['a PowerPoint deck', 'pptx', () => makePptx([{ title: '第一四半期', bullets: ['売上の推移'] }]), '売上の推移'],
    ['an OpenDocument text', 'odt', () => makeOdf('text', '<text:h>見出し</text:h><text:p>本文の段落です。</text:p>'), '本文の段落です'],
    // OCR from the package: tesseract.js's worker script, its core's WebAssembly and the models.
    ['a screenshot of Japanese text (OCR)', 'png', () => renderTextImage(['売上報告を確認してください'], { lang: 'ja' }), '売上報告'],
    ['an HTML page', null, () => '<html><head><title>告知</title></head><body><article><h1>告知</h1><p>新しい版が出ました。変更点は次のとおりです。' + '詳しい説明が続きます。'.repeat(20) + '</p></article></body></html>', '新しい版が出ました'],
  ];

  it.each(documents)('the extraction worker reads %s', async (_name, format, make, expected) => {
    const content = await make();
    const job =
      format === null
        ? { kind: 'page', html: content as string, url: 'https://example.com/news', maxTextBytes: 1024 * 1024 }
        : { kind: 'document', format, range: null, maxTextBytes: 1024 * 1024, maxInflatedBytes: 64 * 1024 * 1024, bytes: '__BYTES__' };
    const input = path.join(pkg.base, `input-${format ?? 'html'}`);
    if (format !== null) await fs.writeFile(input, content as Uint8Array);
    // The bytes are read in the probe, so the job crosses into the worker as it does in the app.
    const data = JSON.stringify(job).replace('"__BYTES__"', `new Uint8Array(readFileSync(${JSON.stringify(input)}))`);
    // The warm worker's protocol (src/main/extraction/protocol.ts) in the worker channel's envelopes
    // (src/main/worker-channel/wire.ts): it names its thread, takes a job, answers with the result (a
    // second job proves it stays warm).
    const script = [
      "import { readFileSync } from 'node:fs';",
      "import { Worker } from 'node:worker_threads';",
      "const worker = new Worker(new URL('./out/main/extraction-worker.js', import.meta.url), { workerData: { memoryCapBytes: 384 * 1024 * 1024 } });",
      `const job = ${data};`,
      "const done = (answer) => { console.log(JSON.stringify(answer)); process.exit(0); };",
      "worker.on('error', (e) => done({ error: String(e && e.stack || e) }));",
      "worker.on('exit', (code) => done({ error: 'the worker exited with ' + code }));",
      "const text = (r) => r.output.kind === 'page' ? r.output.markdown : r.output.parts.map((p) => p.markdown).join('\\n');",
      "let answers = 0;",
      "worker.on('message', (m) => {",
      "  if (m.ch === 'hello') return worker.postMessage({ ch: 'request', id: 1, body: job });",
      "  if (m.ch !== 'response') return;",
      "  const result = m.body.result;",
      "  if (!result.ok) return done({ error: result.problem + ': ' + result.detail });",
      "  if (++answers === 1) return worker.postMessage({ ch: 'request', id: 2, body: { ...job, ...(job.bytes ? { bytes: new Uint8Array(job.bytes) } : {}) } });",
      "  done({ text: text(result) });",
      "});",
    ].join('\n');
    const answer = await probe<{ error?: string; text?: string }>(`extract-${format ?? 'html'}`, script);
    expect(answer.error).toBeUndefined();
    expect(answer.text).toContain(expected);
  });
});

describe("the renderer's page, served by the app scheme's code from the package", () => {
  it('loads under the CSP the app sends, draws the composer, loads the chunk it loads later, and breaks no rule of it', async () => {
    const rendererRoot = await fs.realpath(path.join(app, 'out', 'renderer'));
    const csp = contentSecurityPolicy({ kind: 'electron' });
    // Each request is answered as `app://atmark<path>` would be in the app (app-response.ts).
    const server = http.createServer((req, res) => {
      void appResponse(req.method ?? 'GET', `app://atmark${req.url ?? '/'}`, rendererRoot, csp).then((answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
      // The preload's place: `window.atmark` with every call of the contract answering "failed"
      // (no main process here), as the real one would when main is gone.
      await page.addInitScript((names: string[]) => {
        const failed = async () => ({ ok: false, error: { code: 'failed', message: 'no main process in this test' } });
        const off = () => () => undefined;
        const api: Record<string, unknown> = { transport: 'electron', pathForFile: () => null };
        for (const name of names) api[name] = failed;
        for (const event of ['onExpandProgress', 'onWorkspaceChanged', 'onSendProgress', 'onStoreNotice', 'onMenuCommand']) api[event] = off;
        (window as unknown as { atmark: unknown }).atmark = api;
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      }, [...CALL_NAMES]);
      // The conversation's turns are a chunk the page loads after its first frame (turns-chunk.ts).
      const turnsChunk = page.waitForResponse((r) => /\/assets\/Turns-[^/]+\.js$/.test(r.url()), { timeout: 30_000 });
      const response = await page.goto(`http://127.0.0.1:${port}/index.html`);
      expect(response?.headers()['content-security-policy']).toBe(csp);
      await page.locator('.cm-editor .cm-content').waitFor({ timeout: 30_000 });
      expect((await turnsChunk).status()).toBe(200);
      expect(await page.title()).toBe('Atmark');
      // A refused path gets no file.
      expect((await page.request.get(`http://127.0.0.1:${port}/.env`)).status()).toBe(404);
      expect(problems.filter((p) => !p.includes('/.env'))).toEqual([]);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
