import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const RUN_TS = path.join(ROOT, 'scripts', 'run-ts.mjs');
const ENTRY = path.join(ROOT, 'e2e', 'support', 'host-child.ts');

/** A browser host running in its own process, which the test can SIGKILL. */
export interface ChildHost {
  url: string;
  child: ChildProcess;
  /** SIGKILLs the process and waits until it is gone (and removes its bundle, which it could not). */
  kill(): Promise<void>;
}

/** Starts the browser host as a child process on `userDataDir`; resolves once it prints its URL. */
export async function startChildHost(options: { workspace: string; userDataDir: string; rendererDir: string }): Promise<ChildHost> {
  const child = spawn(process.execPath, [RUN_TS, ENTRY, '--workspace', options.workspace, '--user-data', options.userDataDir, '--renderer', options.rendererDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the host did not start within 20 s: ${errors}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => reject(new Error(`the host exited with ${code} before it started: ${errors}`)));
  });
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
      // run-ts.mjs removes its bundle when the entry ends; a killed process leaves it behind.
      fs.rmSync(path.join(ROOT, 'node_modules', '.cache', 'atmark-run', `host-child-${child.pid}.mjs`), { force: true });
    },
  };
}
