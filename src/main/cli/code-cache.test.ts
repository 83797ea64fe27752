import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../scripts/bundle-ts.mjs';
import { perTestCleanup } from '../../../test-support/per-test-cleanup';
import { cacheCommand, codeCacheDir } from './code-cache';

const temp = perTestCleanup();

/**
 * Each load runs in a new Node process, as the CLI does: inside one process V8 keeps compiled
 * scripts by their source, so a second load there never reads the cache file at all.
 */
let build: string;
beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'atmark-code-cache-build-'));
  await bundleForNode('src/main/cli/code-cache.ts', path.join(build, 'code-cache.mjs'));
  writeFileSync(
    path.join(build, 'run.mjs'),
    `const [loader, file, dir, paths] = process.argv.slice(2);
const { loadWithCodeCache } = await import(loader);
const cli = loadWithCodeCache(file, dir === '-' ? null : dir);
const answer = cli.exports.answer();
const later = await cli.exports.later();
cli.save(paths ? paths.split(',') : []);
console.log(JSON.stringify({ cacheUsed: cli.cacheUsed, answer, later }));\n`,
  );
}, 60_000);
afterAll(() => rmSync(build, { recursive: true, force: true }));

/** Loads `file` through the cache in `dir` (null: none) in a new process, runs it, saves with `paths`. */
function load(file: string, dir: string | null, paths: string[] = []): { cacheUsed: boolean; answer: string; later: string } {
  const out = execFileSync(process.execPath, [path.join(build, 'run.mjs'), pathToFileURL(path.join(build, 'code-cache.mjs')).href, file, dir ?? '-', paths.join(',')], { encoding: 'utf8' });
  return JSON.parse(out) as { cacheUsed: boolean; answer: string; later: string };
}

/** A CommonJS "bundle" like dist/cli.cjs: exports, and an `import()` through the loader (`__atmarkImport`). */
function bundleText(answer: string): string {
  return `exports.answer = () => ${JSON.stringify(answer)};\nexports.later = async () => (await __atmarkImport('node:path')).basename('/a/${answer}');\n`;
}

function setUp(answer = 'first'): { file: string; dir: string; cacheFile: () => string } {
  const root = temp.tempDir('atmark-code-cache-');
  const file = path.join(root, 'cli.cjs');
  writeFileSync(file, bundleText(answer));
  const dir = path.join(root, 'cache');
  return { file, dir, cacheFile: () => path.join(dir, readdirSync(dir).find((n) => n.endsWith('.bin')) as string) };
}

describe('loadWithCodeCache', () => {
  it('runs a bundle without a cache, writes one after the command, and takes it the next time', () => {
    const { file, dir, cacheFile } = setUp();
    expect(load(file, dir, ['command:expand'])).toEqual({ cacheUsed: false, answer: 'first', later: 'first' });
    expect(readFileSync(cacheFile()).toString('latin1')).toMatch(/^atmark-code-cache 1\n\{"bundle":\[\d+,\d+\],"data":\d+,"paths":\["command:expand"\]\}\n/);
    if (process.platform !== 'win32') expect(statSync(cacheFile()).mode & 0o077).toBe(0);
    // The bundle's import() still works when its code came from the cache.
    expect(load(file, dir)).toEqual({ cacheUsed: true, answer: 'first', later: 'first' });
  });

  it('writes the cache again only when a run took a path it was not made after', () => {
    const { file, dir, cacheFile } = setUp();
    load(file, dir, ['command:expand', 'kind:file']);
    const written = readFileSync(cacheFile());
    expect(load(file, dir, ['kind:file']).cacheUsed).toBe(true);
    expect(readFileSync(cacheFile()).equals(written)).toBe(true);
    load(file, dir, ['kind:diff']);
    expect(readFileSync(cacheFile()).toString('latin1')).toContain('"paths":["command:expand","kind:diff","kind:file"]');
  });

  it('never runs a cache made from another build, even of the same length', () => {
    const { file, dir } = setUp('first');
    load(file, dir, ['command:expand']);
    // V8 checks only the source's length: a new build of the same length must not run the old code.
    writeFileSync(file, bundleText('other'));
    expect(load(file, dir)).toEqual({ cacheUsed: false, answer: 'other', later: 'other' });
  });

  it('ignores a cache others may write, and one that is damaged', () => {
    const { file, dir, cacheFile } = setUp();
    load(file, dir);
    if (process.platform !== 'win32') {
      chmodSync(cacheFile(), 0o666);
      expect(load(file, dir).cacheUsed).toBe(false);
      chmodSync(cacheFile(), 0o600);
      expect(load(file, dir).cacheUsed).toBe(true);
    }
    // V8's bytes overwritten past its own header: Node 20's V8 ran such a cache and crashed.
    const bytes = readFileSync(cacheFile());
    const v8 = bytes.indexOf(10, bytes.indexOf(10) + 1) + 1;
    bytes.fill(7, v8 + 32, v8 + 96);
    writeFileSync(cacheFile(), bytes, { mode: 0o600 });
    expect(load(file, dir)).toEqual({ cacheUsed: false, answer: 'first', later: 'first' });
    // ...and the run wrote a good one again.
    expect(load(file, dir).cacheUsed).toBe(true);
  });

  it('runs without a cache when there is no folder for it, or it cannot be written', () => {
    const { file, dir } = setUp();
    expect(load(file, null, ['command:expand'])).toEqual({ cacheUsed: false, answer: 'first', later: 'first' });
    // A cache folder that is a file: nothing is written, nothing is thrown.
    writeFileSync(dir, 'not a folder');
    expect(load(file, dir, ['command:expand']).answer).toBe('first');
    expect(load(file, dir).cacheUsed).toBe(false);
  });
});

describe('cacheCommand', () => {
  it('gives expand and serve a cache each, and every other command line one', () => {
    expect([['expand', 'x'], ['serve'], ['--help'], [], ['frobnicate']].map(cacheCommand)).toEqual(['expand', 'serve', 'other', 'other', 'other']);
  });
});

describe('codeCacheDir', () => {
  it('is the per-user cache folder of each platform, or what ATMARK_CODE_CACHE says', () => {
    expect(codeCacheDir({}, 'linux', '/home/a')).toBe(path.join('/home/a', '.cache', 'atmark'));
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', '/home/a')).toBe(path.join('/x', 'atmark'));
    expect(codeCacheDir({}, 'darwin', '/Users/a')).toBe(path.join('/Users/a', 'Library', 'Caches', 'Atmark'));
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32', 'C:\\Users\\a')).toBe(path.join('C:\\Users\\a\\AppData\\Local', 'Atmark', 'Cache'));
    expect(codeCacheDir({ ATMARK_CODE_CACHE: '/tmp/cc' }, 'linux', '/home/a')).toBe(path.resolve('/tmp/cc'));
    expect(codeCacheDir({ ATMARK_CODE_CACHE: 'off' }, 'linux', '/home/a')).toBeNull();
    expect(codeCacheDir({ ATMARK_CODE_CACHE: '0' }, 'linux', '/home/a')).toBeNull();
    expect(codeCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1' }, 'linux', '/home/a')).toBeNull();
  });
});

describe('the built CLI (bin/atmark.cjs, built by pretest)', () => {
  const bin = path.resolve('bin/atmark.cjs');
  const paths = (dir: string): unknown => {
    const file = readdirSync(dir).find((n) => n.endsWith('.bin'));
    if (!file) return null;
    const bytes = readFileSync(path.join(dir, file));
    const first = bytes.indexOf(10);
    return (JSON.parse(bytes.toString('utf8', first + 1, bytes.indexOf(10, first + 1))) as { paths: unknown }).paths;
  };

  it('writes the cache after an expansion, with the command and the kinds it took', () => {
    const root = temp.tempDir('atmark-code-cache-cli-');
    writeFileSync(path.join(root, 'a.txt'), 'alpha\n');
    const cache = path.join(root, 'cache');
    const run = (): string => execFileSync(process.execPath, [bin, 'expand', '--workspace', root, 'see @file:a.txt'], { encoding: 'utf8', env: { ...process.env, ATMARK_CODE_CACHE: cache } });
    const first = run();
    expect(paths(cache)).toEqual(['command:expand', 'kind:file']);
    expect(run()).toBe(first);
    // `--help` keeps a cache of its own: it does not read the engine's code. It runs the light CLI,
    // whose length its cache records.
    execFileSync(process.execPath, [bin, '--help'], { env: { ...process.env, ATMARK_CODE_CACHE: cache } });
    expect(readdirSync(cache).map((n) => n.replace(/^cli-[0-9a-f]{8}-/, '')).sort()).toEqual(['expand.bin', 'other.bin']);
    const bundleOf = (name: string): unknown => {
      const bytes = readFileSync(path.join(cache, readdirSync(cache).find((n) => n.endsWith(name)) as string));
      const first = bytes.indexOf(10);
      return (JSON.parse(bytes.toString('utf8', first + 1, bytes.indexOf(10, first + 1))) as { bundle: [number, number] }).bundle[0];
    };
    expect(bundleOf('other.bin')).toBe(statSync(path.resolve('dist/cli-light.cjs')).size);
    expect(bundleOf('expand.bin')).toBe(statSync(path.resolve('dist/cli.cjs')).size);
  });

  it('writes the cache of `serve` while it runs, once its API has loaded', async () => {
    const root = temp.tempDir('atmark-code-cache-serve-');
    const cache = path.join(root, 'cache');
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--workspace', root], { stdio: 'ignore', env: { ...process.env, ATMARK_CODE_CACHE: cache } });
    temp.later(() => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))));
    // No page asks for the API here: it loads after its grace period, and the cache a few seconds later.
    await expect.poll(() => (existsSync(cache) ? paths(cache) : null), { timeout: 60_000, interval: 200 }).toEqual(['command:serve']);
    expect(child.exitCode).toBeNull(); // written while serving, not at exit
  });
});
