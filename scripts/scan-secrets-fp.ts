/**
 * Runs Atmark's secret redactor over the project's own files and prints every match (file, line, rule;
 * never the matched text) and their number. The repository holds no real secrets and its test fixtures
 * are built at run time, so every match is a false positive.
 *
 * Usage (from the repository root):
 *   npx esbuild scripts/scan-secrets-fp.ts --bundle --platform=node --format=esm --packages=external \
 *     --log-level=warning | node --input-type=module - [--untracked] [--strict]
 * --untracked  also scan files git does not track yet (not ignored ones)
 * --dir DIR    scan every file under DIR instead (any folder, e.g. a large package in node_modules)
 * --strict     exit with status 1 when anything matched
 */
import { execFileSync } from 'node:child_process';
import { open, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { findSecrets } from '../src/main/guards/secrets';

/** Bytes read per file; larger files are scanned up to this point. */
const MAX_BYTES = 1024 * 1024;

/** Path prefixes that are not the project's own source. */
const SKIP = [/^node_modules\//, /(^|\/)package-lock\.json$/];

/** Lists the files to scan, relative to `root`. */
function listFiles(root: string, untracked: boolean): string[] {
  const args = ['ls-files', '-z', '--cached', ...(untracked ? ['--others', '--exclude-standard'] : [])];
  const out = execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(out.split('\0').filter((p) => p !== '' && !SKIP.some((re) => re.test(p))))];
}

/** Lists every regular file under `dir`, relative to it (symlinks are not followed). */
async function walkFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

/** Reads at most MAX_BYTES of a file; null when it looks binary (a NUL byte) or cannot be read. */
async function readText(path: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_BYTES, 0);
    const bytes = buffer.subarray(0, bytesRead);
    return bytes.includes(0) ? null : bytes.toString('utf8');
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** 1-based line number of an offset. */
const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dirAt = argv.indexOf('--dir');
  const dir = dirAt >= 0 ? argv[dirAt + 1] : undefined;
  const root = dir ?? execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const files = dir ? await walkFiles(dir) : listFiles(root, argv.includes('--untracked'));
  const byRule: Record<string, number> = {};
  let matches = 0;
  let bytes = 0;
  let scanned = 0;
  const start = performance.now();
  for (const file of files) {
    const text = await readText(join(root, file));
    if (text === null) continue;
    scanned++;
    bytes += text.length;
    for (const span of await findSecrets(text, { fileName: file })) {
      matches++;
      byRule[span.rule] = (byRule[span.rule] ?? 0) + 1;
      console.log(`${file}:${lineOf(text, span.start)}: ${span.rule}`);
    }
  }
  const ms = performance.now() - start;
  const rules = Object.entries(byRule).map(([r, n]) => `${n} × ${r}`).join(', ');
  console.log(`scanned ${scanned} files (${(bytes / 1024).toFixed(0)} KiB) in ${ms.toFixed(0)} ms`);
  console.log(`false positives: ${matches}${rules ? ` (${rules})` : ''}`);
  if (argv.includes('--strict') && matches > 0) process.exitCode = 1;
}

await main();
