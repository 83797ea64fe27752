/**
 * Runs one extraction in a child process (test-support/extract-child.ts) and reports its outcome
 * and the child's peak memory. Not imported by product code.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleForNode } from '../scripts/bundle-ts.mjs';

let child: Promise<string> | null = null;

/** The child's script, bundled once per test process. */
function childScript(): Promise<string> {
  child ??= (async () => {
    const dir = path.resolve('node_modules/.cache/atmark-tests');
    mkdirSync(dir, { recursive: true });
    const out = path.join(dir, `extract-child-${process.pid}.mjs`);
    await bundleForNode(path.resolve('test-support/extract-child.ts'), out);
    return out;
  })();
  return child;
}

/** What one extraction in a process of its own gave, and that process's peak resident memory. */
export async function extractInChild(bytes: Uint8Array, format: string): Promise<{ result: { ok: boolean; problem?: string; detail?: string }; peakBytes: number }> {
  const file = path.join(os.tmpdir(), `atmark-hostile-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, bytes);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [await childScript(), file, format], { maxBuffer: 1 << 20, env: { ...process.env, NODE_OPTIONS: '' } });
    return JSON.parse(stdout) as { result: { ok: boolean; problem?: string; detail?: string }; peakBytes: number };
  } finally {
    rmSync(file, { force: true });
  }
}
