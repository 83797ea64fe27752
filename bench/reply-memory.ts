/**
 * Peak memory of one Send whose reply is very long (issue 26, finding 16): a loopback server streams
 * REPLY_CHARS characters (default 50,000,000; the client keeps 32 MiB and says the rest was too
 * large), the Send runs in a child process, and its peak resident memory is printed with the peak
 * while streaming and the process's size before the Send. An optional heap limit (MiB) runs the child
 * under `--max-old-space-size`, to find the heap a Send needs.
 * Usage: node scripts/run-ts.mjs bench/reply-memory.ts [REPLY_CHARS] [MAX_OLD_SPACE_MIB]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLongReplyServer } from '../test-support/long-reply-server';
import { sendInChild } from '../test-support/send-in-child';

const replyChars = Number(process.argv[2] ?? 50_000_000);
const maxOldSpaceMiB = Number(process.argv[3] ?? 4096);
const MiB = 1024 * 1024;
const server = await startLongReplyServer({ replyChars });
const root = mkdtempSync(path.join(os.tmpdir(), 'atmark-bench-reply-'));
try {
  mkdirSync(path.join(root, 'ws'));
  writeFileSync(path.join(root, 'ws', 'a.txt'), 'alpha\n');
  const sent = await sendInChild({ sessionDir: path.join(root, 'session'), baseUrl: server.baseUrl, workspace: path.join(root, 'ws'), apiKey: 'sk-bench-0123456789abcdef', maxOldSpaceMiB });
  const mib = (n: number): string => `${(n / MiB).toFixed(0)} MiB`;
  console.log(`reply of ${replyChars} characters: ${sent.status} (${sent.errorCode ?? 'no error'}), ${sent.replyChars} kept`);
  console.log(`peak ${mib(sent.peakBytes)}; while streaming ${mib(sent.streamPeakBytes)}; before the Send ${mib(sent.beforeBytes)}`);
} catch (err) {
  console.log(`the Send's process died: ${String(err).split('\n').find((l) => /heap|FATAL/.test(l)) ?? String(err).slice(0, 300)}`);
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
