import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeSpareEngineWorker, engineWorkerScript, prestartEngineWorker } from '../engine/worker';
import type { Services, ServicesOptions } from '../services';
import type { SecretStore } from '../settings';
import { defaultUserDataDir } from '../settings/user-data-dir';

export { defaultUserDataDir };
import { contentSecurityPolicy } from '../../shared/csp';
import type { ApiHost } from './api-host';
import { headerLines, judgeRequest, requestPath, type DoorPolicy } from './guard';
import { ensureRendererBuild } from './renderer-build';
import { hostLanguageTags, readStartState } from './start-state';
import { serveStatic } from './static-files';
import { startStateElement } from '../../shared/api/start-state';

/** The Host and Origin line counts the door judges (Node's `headers` keeps only the first of each). */
function lineCounts(raw: readonly string[]): { hostLines: number; originLines: number } {
  return { hostLines: headerLines(raw, 'host'), originLines: headerLines(raw, 'origin') };
}

/** Options of {@link serve}. */
export interface ServeOptions {
  /** How the workspace index paces completion queries (tests). Default: the app's. */
  indexPace?: ServicesOptions['indexPace'];
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
  /**
   * Where API keys come from, loaded after the host listens (the keychain's store and the settings
   * schema it reads are not needed to serve the page). Used when `secrets` is absent.
   */
  loadSecrets?: () => Promise<SecretStore>;
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
  /** ms after listening that the API starts loading if nothing asked for it first. Default {@link API_LOAD_GRACE_MS}. */
  apiLoadGraceMs?: number;
  /**
   * Told once, when the API starts loading, what started it: the page's files sent (every script
   * and stylesheet the page names, or a script when no page was asked for), a socket, the grace
   * period, or no page to serve.
   */
  onApiLoad?: (cause: ApiLoadCause) => void;
  /** Largest WebSocket message, in bytes. Default {@link MAX_SOCKET_MESSAGE_BYTES} (derived from the contract). */
  maxMessageBytes?: number;
}

/** What started the API's loading (see {@link serve}). */
export type ApiLoadCause = 'page-files' | 'socket' | 'grace' | 'no-page';

/** A running browser host. */
export interface RunningHost {
  /** The URL to open, with the token. */
  url: string;
  /** The random token the page and the API need. */
  token: string;
  port: number;
  /**
   * Settles once the API's modules have loaded and its services exist (the page is served before
   * that); rejects when they could not be loaded.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}


/**
 * How long after listening the API starts loading when no page has asked for anything yet (a
 * browser still opening): long enough for a browser that is already open to fetch the page first.
 */
export const API_LOAD_GRACE_MS = 300;

/**
 * Runs the browser host: the built renderer and the API over a WebSocket, on 127.0.0.1 only,
 * guarded by a random token in the URL and by Host and Origin checks (see ./guard).
 *
 * It listens and serves the page before the API's modules have loaded: those (./api-host.ts, the
 * services and everything they import) take this thread for most of a second, so they start loading
 * once the page's files (its script and stylesheet) have been sent (the browser parses them
 * meanwhile), when the page asks for `/api`, or {@link API_LOAD_GRACE_MS} after listening or after
 * the page was served, whichever comes first. An upgrade to `/api` that arrives before they have
 * loaded waits for them. The page draws the composer without the API, from the start state written
 * into it (src/shared/api/start-state.ts).
 */
export async function serve(options: ServeOptions = {}): Promise<RunningHost> {
  const rendererDir = options.servePage === false ? null : await ensureRendererBuild(options.rendererDir);
  const policy: DoorPolicy = { port: 0, token: randomBytes(24).toString('base64url') };
  let api: Promise<ApiHost> | null = null;
  let signalReady: (loaded: Promise<ApiHost>) => void = () => undefined;
  const ready = new Promise<ApiHost>((resolve) => (signalReady = resolve)).then(() => undefined);
  // Whoever awaits `ready` sees a failure; the upgrade handler answers 500 meanwhile.
  ready.catch(() => undefined);
  let grace: NodeJS.Timeout | undefined;
  /** Set once a page's socket reached the API (see StartStateSources.pageConnected). */
  let pageConnected = false;
  // The page starts from these without waiting for the API (src/shared/api/start-state.ts). With
  // services handed in (tests), their settings folder is not known unless given.
  const userDataDir = options.userDataDir ?? (options.services ? undefined : defaultUserDataDir());
  const systemLanguageTags = hostLanguageTags(options.systemLanguageTags);
  /** The files the page last served names (its script and stylesheet) not yet sent; null before a page was served. */
  let pageFiles: Set<string> | null = null;
  const graceMs = options.apiLoadGraceMs ?? API_LOAD_GRACE_MS;
  const writeStartState = async (html: string): Promise<string> => {
    pageFiles = filesNamedBy(html);
    // The page is being fetched: its files decide now. The grace period counts again from here,
    // so a busy browser's requests for them are not overtaken by the API's loading (which holds
    // this thread), and a page that never asks for them still gets the API.
    if (!api) {
      clearTimeout(grace);
      grace = setTimeout(() => void loadApi('grace').catch(() => undefined), graceMs);
    }
    const state = await readStartState({ userDataDir, systemLanguageTags, pageConnected });
    // A data block, never run: anywhere before the module script runs (after parsing) will do.
    const element = startStateElement(state);
    return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : html + element;
  };
  // Only in the built host, where the worker script exists, and when the workspace is known now.
  const workerScript = options.workspace && !options.services ? engineWorkerScript(path.dirname(fileURLToPath(import.meta.url))) : null;
  /** Starts loading the API (once); every later call returns the same promise. */
  const loadApi = (cause: ApiLoadCause): Promise<ApiHost> => {
    if (!api) {
      clearTimeout(grace);
      options.onApiLoad?.(cause);
      // The engine's thread loads its code on the other core while this one loads the API (the
      // services' first engine takes it). Not earlier: it would compete with serving the page.
      if (workerScript) prestartEngineWorker(workerScript);
      api = import('./api-host').then(({ startApiHost }) => startApiHost(options));
      signalReady(api);
    }
    return api;
  };

  const server = http.createServer((req, res) => {
    const verdict = judgeRequest({ host: req.headers.host, origin: req.headers.origin, url: req.url, upgrade: false, ...lineCounts(req.rawHeaders) }, policy);
    if (!verdict.ok) return void res.writeHead(verdict.status, { 'Content-Type': 'text/plain' }).end(verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    if (rendererDir === null) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    // Once the page's own files are on their way, the browser parses them while the API loads.
    // Not before: loading the API holds this thread, and a stylesheet held behind it holds the
    // page's script too (a script waits for the stylesheets before it).
    const served = requestPath(req.url);
    res.once('finish', () => {
      if (served === null || served === '/' || served === '/index.html') return;
      const awaited = pageFiles?.delete(served.slice(1));
      if (awaited ? pageFiles?.size === 0 : pageFiles === null && served.endsWith('.js')) void loadApi('page-files').catch(() => undefined);
    });
    serveStatic(rendererDir, req.url, res, req.method === 'HEAD', contentSecurityPolicy({ kind: 'host', port: policy.port }), writeStartState).catch(() => res.writeHead(500).end());
  });
  server.on('upgrade', (req, socket, head) => {
    const verdict = judgeRequest({ host: req.headers.host, origin: req.headers.origin, url: req.url, upgrade: true, ...lineCounts(req.rawHeaders) }, policy);
    const isApi = req.url?.split('?')[0] === '/api';
    if (!verdict.ok || !isApi) {
      socket.end(`HTTP/1.1 ${verdict.ok ? 404 : verdict.status} ${verdict.ok ? 'Not Found' : 'Forbidden'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    loadApi('socket').then(
      (loaded) => {
        pageConnected = true;
        loaded.handleUpgrade(req, socket, head);
      },
      () => socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n'),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  policy.port = (server.address() as AddressInfo).port;
  // Without a page (the dev server serves it) nothing is worth waiting for.
  if (rendererDir === null) void loadApi('no-page').catch(() => undefined);
  else grace = setTimeout(() => void loadApi('grace').catch(() => undefined), graceMs);
  const url = `http://127.0.0.1:${policy.port}/?token=${policy.token}`;
  if (options.open) openInBrowser(url);

  return {
    url,
    token: policy.token,
    port: policy.port,
    ready,
    async close() {
      clearTimeout(grace);
      if (workerScript) void closeSpareEngineWorker();
      const loaded = await api?.catch(() => null);
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), loaded?.close()]);
    },
  };
}

/** The files of the built renderer a page names (`./assets/...` in a `src` or `href`), as paths under the renderer's folder. */
export function filesNamedBy(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:src|href)="\.\/([^"?#]+)"/g)].map((m) => m[1]!));
}

/** Best effort: a missing opener only means the person opens the printed URL themselves. */
function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}
