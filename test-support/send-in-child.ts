/**
 * Runs one Send in a child process (test-support/reply-memory-child.ts) against a server of the
 * test's, under a V8 heap limit, and reports what was recorded and the child's peak memory. Not
 * imported by product code.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleForNode } from '../scripts/bundle-ts.mjs';

let child: Promise<string> | null = null;

/** The child's script, bundled once per test process. */
function childScript(): Promise<string> {
  child ??= (async () => {
    const dir = path.resolve('node_modules/.cache/atmark-tests');
    mkdirSync(dir, { recursive: true });
    const out = path.join(dir, `reply-memory-child-${process.pid}.mjs`);
    await bundleForNode(path.resolve('test-support/reply-memory-child.ts'), out);
    return out;
  })();
  return child;
}

/** What the child printed: the run as `send` returned it, and memory figures in bytes. */
export interface ChildSend {
  ok: boolean;
  code: string | null;
  runId: string | null;
  status: string | null;
  errorCode: string | null;
  replyChars: number;
  replyResultId: string | null;
  deltas: number;
  /** Peak resident memory once the engine and client were loaded, before the Send. */
  beforeBytes: number;
  /** Peak resident memory while the reply streamed (sampled). */
  streamPeakBytes: number;
  /** Peak resident memory of the whole process. */
  peakBytes: number;
}

/** Options of {@link sendInChild}. */
export interface SendInChildOptions {
  sessionDir: string;
  baseUrl: string;
  workspace: string;
  apiKey: string;
  /** `--max-old-space-size` of the child, in MiB: a process holding more than that dies. */
  maxOldSpaceMiB: number;
}

/**
 * Sends in a child; resolves with its report, or rejects with its standard error when it died
 * (a heap limit reached ends the process with "JavaScript heap out of memory").
 */
export async function sendInChild(options: SendInChildOptions): Promise<ChildSend> {
  const args = [`--max-old-space-size=${options.maxOldSpaceMiB}`, await childScript(), options.sessionDir, options.baseUrl, options.workspace, options.apiKey];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20, env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(stdout) as ChildSend;
}
