import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { fileURLToPath } from 'node:url';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../shared/api/contract';
import { engineFactoryFor, engineWorkerScript } from '../engine/worker';
import { createServices, type Services } from '../services';
import type { SecretStore } from '../settings';
import { defaultUserDataDir } from '../settings/user-data-dir';

export { defaultUserDataDir };
import { contentSecurityPolicy } from '../../shared/csp';
import { posixLanguageTags } from '../../shared/i18n';
import { attachApiSocket } from './api-socket';
import { listFolders } from './folder-listing';
import { headerLines, judgeRequest, type DoorPolicy } from './guard';
import { ensureRendererBuild } from './renderer-build';
import { serveStatic } from './static-files';

/** The Host and Origin line counts the door judges (Node's `headers` keeps only the first of each). */
function lineCounts(raw: readonly string[]): { hostLines: number; originLines: number } {
  return { hostLines: headerLines(raw, 'host'), originLines: headerLines(raw, 'origin') };
}

/** Options of {@link serve}. */
export interface ServeOptions {
  /** Folder opened at start. Default: none; the person opens one in the page. */
  workspace?: string;
  /** Port; 0 or absent picks a free one. */
  port?: number;
  /** Only loopback is ever bound. */
  host?: '127.0.0.1';
  /** Open the URL in the system browser. Default false. */
  open?: boolean;
  /** The built renderer. Default `out/renderer`, built with Vite first when missing. */
  rendererDir?: string;
  /**
   * False serves only the API, no page (`npm run dev`: Vite's dev server serves the page and
   * forwards /api here). Default true.
   */
  servePage?: boolean;
  /** Where recent workspaces are remembered. Default: Atmark's settings folder. */
  userDataDir?: string;
  /** Where API keys come from. Default: the environment (`ATMARK_API_KEY_<ID>`, `ATMARK_API_KEY`) and memory. */
  secrets?: SecretStore;
  /** The home folder the folder browser starts in and is confined to. Default: the OS's (`HOME`). */
  home?: string;
  /** Services to expose (tests, benches). Default: created from the options above. */
  services?: Services;
  /**
   * The system's language for the page: the host's locale wins over the browser's language.
   * Default: this process's LC_ALL, LC_MESSAGES, LANGUAGE and LANG (`C` and `POSIX` say nothing).
   */
  systemLanguageTags?: readonly string[];
  /** Where the first run looks for local model servers. Default: Ollama's and LM Studio's usual addresses. */
  localPresets?: ReadonlyArray<{ id: string; baseUrl: string }>;
  /** Largest WebSocket message, in bytes. Default {@link MAX_SOCKET_MESSAGE_BYTES} (derived from the contract). */
  maxMessageBytes?: number;
}

/** A running browser host. */
export interface RunningHost {
  /** The URL to open, with the token. */
  url: string;
  /** The random token the page and the API need. */
  token: string;
  port: number;
  close(): Promise<void>;
}


/**
 * Runs the browser host: the built renderer and the API over a WebSocket, on 127.0.0.1 only,
 * guarded by a random token in the URL and by Host and Origin checks (see ./guard).
 */
export async function serve(options: ServeOptions = {}): Promise<RunningHost> {
  const rendererDir = options.servePage === false ? null : await ensureRendererBuild(options.rendererDir);
  const services =
    options.services ??
    createServices({
      workspace: options.workspace,
      userDataDir: options.userDataDir ?? defaultUserDataDir(),
      secrets: options.secrets,
      ...(options.localPresets ? { localPresets: options.localPresets } : {}),
      systemLanguageTags: options.systemLanguageTags ?? posixLanguageTags(process.env).filter((tag) => !/^(c|posix)([._@]|$)/i.test(tag)),
      // A browser has no folder dialog that reveals paths: the page browses folders through the API.
      platform: { listFolders: (request) => listFolders(request, options.home ?? os.homedir()) },
      // In the built host (dist/), the engine runs in dist/engine-worker.mjs so the socket never
      // stalls; from TypeScript sources (unit tests) there is no built worker and it runs in-process.
      engineFactory: engineFactoryFor(engineWorkerScript(path.dirname(fileURLToPath(import.meta.url)))),
    });
  const policy: DoorPolicy = { port: 0, token: randomBytes(24).toString('base64url') };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? MAX_SOCKET_MESSAGE_BYTES });
  sockets.on('connection', (socket) => attachApiSocket(socket, services));

  const server = http.createServer((req, res) => {
    const verdict = judgeRequest({ host: req.headers.host, origin: req.headers.origin, url: req.url, upgrade: false, ...lineCounts(req.rawHeaders) }, policy);
    if (!verdict.ok) return void res.writeHead(verdict.status, { 'Content-Type': 'text/plain' }).end(verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    if (rendererDir === null) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    serveStatic(rendererDir, req.url, res, req.method === 'HEAD', contentSecurityPolicy({ kind: 'host', port: policy.port })).catch(() => res.writeHead(500).end());
  });
  server.on('upgrade', (req, socket, head) => {
    const verdict = judgeRequest({ host: req.headers.host, origin: req.headers.origin, url: req.url, upgrade: true, ...lineCounts(req.rawHeaders) }, policy);
    const isApi = req.url?.split('?')[0] === '/api';
    if (!verdict.ok || !isApi) {
      socket.end(`HTTP/1.1 ${verdict.ok ? 404 : verdict.status} ${verdict.ok ? 'Not Found' : 'Forbidden'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  policy.port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${policy.port}/?token=${policy.token}`;
  if (options.open) openInBrowser(url);

  return {
    url,
    token: policy.token,
    port: policy.port,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.services) await services.close();
    },
  };
}

/** Best effort: a missing opener only means the person opens the printed URL themselves. */
function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}
