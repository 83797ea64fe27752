#!/usr/bin/env node
// `npm start`: the Electron app where an Electron binary is installed; otherwise the browser host,
// with one sentence saying why and the URL to open. Never a stack trace.
// Options: --workspace DIR opens a folder at start; --port N picks the browser host's port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

function fail(sentence) {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}

async function startElectron(binary) {
  const { build } = await import('electron-vite');
  await build({ root, logLevel: 'warn' });
  const workspace = option('workspace');
  const env = { ...process.env, ...(workspace ? { ATMARK_WORKSPACE: path.resolve(workspace) } : {}) };
  const child = spawn(binary, [root], { stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function startBrowserHost() {
  process.stdout.write('The Electron app cannot start here because no Electron binary is installed; opening Atmark in your browser instead:\n');
  // The host is TypeScript: bundle it once with esbuild (packages stay external) and import it.
  const { build } = await import('esbuild');
  const outfile = path.join(root, 'node_modules', '.cache', 'atmark-run', 'host.mjs');
  await build({ entryPoints: [path.join(root, 'src/main/host/index.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
  const host = await import(pathToFileURL(outfile).href);
  await host.buildRenderer(host.defaultRendererDir());
  const workspace = option('workspace');
  const port = option('port');
  const running = await host.serve({ workspace: workspace ? path.resolve(workspace) : undefined, port: port ? Number(port) : undefined });
  process.stdout.write(`${running.url}\nPress Ctrl+C to stop.\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  const binary = electronBinary(root);
  if (binary) await startElectron(binary);
  else await startBrowserHost();
} catch (error) {
  if (error?.code === 'EADDRINUSE') fail(`Atmark could not start: port ${option('port')} is already in use; choose another with --port, or leave it out to pick a free one.`);
  fail(`Atmark could not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
}
