import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';

/**
 * What the built CLI (`bin/atmark.cjs` running `dist/cli.cjs`, built by `pretest`) runs of its
 * modules and packages. The CLI is one CommonJS file (run through a code cache, code-cache.ts), in
 * which esbuild runs each module reached through `import()` only when it is first asked for; such a
 * module, bundled package or not, starts by looking up its own name (its path, the key of esbuild's
 * wrapper) with `Object.getOwnPropertyNames`. A preloaded script records those names, every
 * `require` of a package left outside the bundle, and a module-resolution hook (node:module
 * `register`) every ES module resolved. Start-up time itself is measured in bench/, never here.
 */
let dir: string;
let ws: TempWorkspace | undefined;
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  ws?.cleanup();
  ws = undefined;
});

const ENGINE_PACKAGES = ['gpt-tokenizer', 'undici', 'linkedom', 'zod', '@secretlint', 'turndown', '@mozilla/readability', 'diff/'];

async function loadedBy(args: string[], cwd = process.cwd()): Promise<{ loaded: string[]; code: number }> {
  dir = mkdtempSync(path.join(tmpdir(), 'atmark-lazy-'));
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(path.join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}\n`);
  writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)});\n`);
  writeFileSync(path.join(dir, 'record.cjs'), `const { appendFileSync } = require('node:fs');
const Module = require('node:module');
const note = (what) => appendFileSync(${JSON.stringify(log)}, what + '\\n');
const names = Object.getOwnPropertyNames;
Object.getOwnPropertyNames = function (o) {
  const keys = names(o);
  if (keys.length === 1 && /\\/.+\\.[cm]?[jt]sx?$|\\.json$/.test(keys[0])) note('bundled:' + keys[0]);
  return keys;
};
const load = Module._load;
Module._load = function (request, ...rest) {
  note('require:' + request);
  return load.call(this, request, ...rest);
};\n`);
  writeFileSync(log, '');
  const bin = path.resolve('bin/atmark.cjs');
  const code = await new Promise<number>((resolve) => {
    const child = execFile(process.execPath, ['--require', path.join(dir, 'record.cjs'), '--import', pathToFileURL(path.join(dir, 'register.mjs')).href, bin, ...args], { cwd, env: { ...process.env, ATMARK_CODE_CACHE: path.join(dir, 'cache') } }, (error) => resolve(error ? Number(error.code) : 0));
    child.stdin?.end();
  });
  return { loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean), code };
}

/** The engine packages a command ran: bundled into dist/cli.cjs, required from node_modules, or imported from there. */
function packagesIn(loaded: string[]): string[] {
  return ENGINE_PACKAGES.filter((p) => loaded.some((l) => l.includes(`node_modules/${p}`) || l === `require:${p}` || l.startsWith(`require:${p}/`)));
}

describe('what the CLI loads', () => {
  it('loads nothing of the engine for --help', async () => {
    const { loaded, code } = await loadedBy(['--help']);
    expect(code).toBe(0);
    // The records saw the loader required and the bundle run (its first line requires node:url).
    expect(loaded.some((u) => u.startsWith('require:') && u.endsWith(`${path.sep}dist${path.sep}code-cache.cjs`))).toBe(true);
    expect(loaded).toContain('require:node:url');
    expect(packagesIn(loaded)).toEqual([]);
  });

  it('loads nothing of the engine for a usage error', async () => {
    const { loaded, code } = await loadedBy(['expand', '--context-length', 'lots', 'hi']);
    expect(code).toBe(2);
    expect(packagesIn(loaded)).toEqual([]);
  });

  it('loads only what a file reference needs', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { loaded: records, code } = await loadedBy(['expand', '--workspace', ws.root, 'see @file:a.txt']);
    expect(code).toBe(0);
    // The engine itself ran, lazily: the records see modules reached through import().
    expect(records).toContain('bundled:src/main/engine/index.ts');
    const loaded = packagesIn(records);
    // The counter ran; it takes gpt-tokenizer's data files, and its pattern is a checked copy
    // (o200k-pattern.ts), so none of the library's modules runs.
    expect(records).toContain('bundled:src/main/engine/tokenizer/o200k.ts');
    expect(loaded).not.toContain('gpt-tokenizer');
    // The secret scan, bundled into dist/cli.cjs, is still seen as run.
    expect(loaded).toContain('@secretlint');
    // The counter reads the ranks from a data file, never the library's 2.4 MB rank module.
    expect(records.filter((u) => u.includes('/gpt-tokenizer/esm/bpeRanks/'))).toEqual([]);
    for (const unneeded of ['undici', 'linkedom', 'turndown']) expect(loaded).not.toContain(unneeded);
    // Nor Node modules it does not need: secretlint's profiler and tracing have silent stand-ins in
    // the bundle (perf_hooks, tty), and the document workers load only for a document.
    for (const builtin of ['node:perf_hooks', 'perf_hooks', 'tty', 'node:tty', 'node:worker_threads', 'worker_threads']) expect(records).not.toContain(`require:${builtin}`);
  });
});
