#!/usr/bin/env node
// `npm run dev`: the composer with hot reload for renderer work. With an Electron binary, the app
// under electron-vite's dev server; without one, the browser host's API behind Vite's dev server
// (which serves the page with React refresh and forwards /api, the WebSocket, to the host).
// Options: --workspace DIR opens a folder at start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--workspace');
const workspace = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : undefined;

const TEXT = {
  noElectron: 'No Electron binary is installed here, so the composer runs in your browser with hot reload (the browser host behind Vite).',
  ready: (url) => `Open ${url}\nEdits under src/renderer reload the page in place; edits to src/main need a restart (Ctrl+C, then npm run dev).`,
  failed: (reason) => `npm run dev could not start: ${reason}`,
};

async function electronDev() {
  // electron-vite's own dev command: renderer hot reload, main and preload rebuilt on change.
  const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
  const args = ['dev', ...(workspace ? ['--', workspace] : [])];
  const child = spawn(bin, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function browserDev() {
  process.stdout.write(`${TEXT.noElectron}\n`);
  const { bundleForNode } = await import('./bundle-ts.mjs');
  const outfile = path.join(root, 'node_modules', '.cache', 'atmark-run', 'dev-host.mjs');
  await bundleForNode(path.join(root, 'src/main/host/index.ts'), outfile, { logLevel: 'error' });
  const host = await import(pathToFileURL(outfile).href);
  const api = await host.serve({ workspace, servePage: false });
  const hostOrigin = `http://127.0.0.1:${api.port}`;

  const { createServer } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const vite = await createServer({
    configFile: false,
    root: path.join(root, 'src', 'renderer'),
    plugins: [react()],
    server: {
      host: '127.0.0.1',
      strictPort: false,
      proxy: {
        // Only the API itself (the page's own modules live under /api/ too). The host accepts its
        // API only from its own origin: the forwarded upgrade says so.
        '^/api(\\?|$)': { target: hostOrigin, ws: true, changeOrigin: true, configure: (proxy) => proxy.on('proxyReqWs', (req) => req.setHeader('origin', hostOrigin)) },
      },
    },
  });
  await vite.listen();
  const address = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
  process.stdout.write(`${TEXT.ready(`${address}?token=${api.token}`)}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(0);
    stopping = true;
    void Promise.all([vite.close(), api.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  if (electronBinary(root) && process.env.ATMARK_START !== 'browser') await electronDev();
  else await browserDev();
} catch (error) {
  process.stderr.write(`${TEXT.failed(error instanceof Error ? error.message.split('\n')[0] : String(error))}\n`);
  process.exitCode = 1;
}
