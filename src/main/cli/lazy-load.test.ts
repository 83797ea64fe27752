import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';

/**
 * What the built CLI (`bin/atmark.mjs`, built by `pretest`) loads: a module-resolution hook
 * (node:module `register`) appends every resolved URL to a file, so the test reads which packages a
 * command pulled in. Start-up time itself is measured in bench/, never here.
 */
let dir: string;
let ws: TempWorkspace | undefined;
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  ws?.cleanup();
  ws = undefined;
});

const ENGINE_PACKAGES = ['gpt-tokenizer', 'undici', 'linkedom', 'zod', '@secretlint', 'turndown', '@mozilla/readability', 'diff/'];

async function loadedBy(args: string[], cwd = process.cwd()): Promise<{ urls: string[]; code: number }> {
  dir = mkdtempSync(path.join(tmpdir(), 'atmark-lazy-'));
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(path.join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}\n`);
  writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)});\n`);
  writeFileSync(log, '');
  const bin = path.resolve('bin/atmark.mjs');
  const code = await new Promise<number>((resolve) => {
    const child = execFile(process.execPath, ['--import', pathToFileURL(path.join(dir, 'register.mjs')).href, bin, ...args], { cwd }, (error) => resolve(error ? Number(error.code) : 0));
    child.stdin?.end();
  });
  return { urls: readFileSync(log, 'utf8').split('\n').filter(Boolean), code };
}

/**
 * The engine packages a command loaded: from node_modules, or bundled into a dist chunk it loaded
 * (the build lists each chunk's bundled packages in dist/bundled-packages.json).
 */
function packagesIn(urls: string[]): string[] {
  const inside = JSON.parse(readFileSync(path.resolve('dist/bundled-packages.json'), 'utf8')) as Record<string, string[]>;
  const bundled = urls.filter((u) => u.includes('/dist/')).flatMap((u) => (inside[u.slice(u.lastIndexOf('/') + 1)] ?? []).map((name) => `${name}/`));
  return ENGINE_PACKAGES.filter((p) => urls.some((u) => u.includes(`/node_modules/${p}`)) || bundled.some((name) => name.startsWith(p)));
}

describe('what the CLI loads', () => {
  it('loads nothing of the engine for --help', async () => {
    const { urls, code } = await loadedBy(['--help']);
    expect(code).toBe(0);
    expect(urls.some((u) => u.endsWith('/dist/cli.mjs'))).toBe(true); // the hook saw the CLI itself
    expect(packagesIn(urls)).toEqual([]);
  });

  it('loads nothing of the engine for a usage error', async () => {
    const { urls, code } = await loadedBy(['expand', '--context-length', 'lots', 'hi']);
    expect(code).toBe(2);
    expect(packagesIn(urls)).toEqual([]);
  });

  it('loads only what a file reference needs', async () => {
    ws = makeWorkspace();
    ws.write('a.txt', 'alpha\n');
    const { urls, code } = await loadedBy(['expand', '--workspace', ws.root, 'see @file:a.txt']);
    expect(code).toBe(0);
    const loaded = packagesIn(urls);
    expect(loaded).toContain('gpt-tokenizer');
    // The secret scan, bundled into a dist chunk, is still seen as loaded.
    expect(loaded).toContain('@secretlint');
    // The counter reads the ranks from a data file, never the library's 2.4 MB rank module.
    expect(urls.filter((u) => u.includes('/gpt-tokenizer/esm/bpeRanks/'))).toEqual([]);
    for (const unneeded of ['undici', 'linkedom', 'turndown']) expect(loaded).not.toContain(unneeded);
  });
});
