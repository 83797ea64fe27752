import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../shared/api/contract';
import { engineFactoryFor, engineWorkerScript } from '../engine/worker';
import { createServices, type Services } from '../services';
import { defaultUserDataDir } from '../settings/user-data-dir';
import { attachApiSocket } from './api-socket';
import { listFolders } from './folder-listing';
import type { ServeOptions } from './serve';
import { hostLanguageTags } from './start-state';

/**
 * The browser host's API half: the services and the WebSocket server that carries them. The door
 * (./serve.ts) loads this module only after it listens, so the page is served while these modules
 * (the services, the contract's schemas, the model client) are still loading: the browser fetches
 * and parses its bundle in that time instead of waiting behind them (issue 27).
 */
export interface ApiHost {
  /** Hands a judged `/api` upgrade to the WebSocket server. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends every socket, then closes the services this half created (not ones handed in). */
  close(): Promise<void>;
}

/** Creates the services (unless `options.services` gives them) and the WebSocket server over them. */
export async function startApiHost(options: ServeOptions): Promise<ApiHost> {
  const secrets = options.secrets ?? (await options.loadSecrets?.());
  const services: Services =
    options.services ??
    createServices({
      workspace: options.workspace,
      userDataDir: options.userDataDir ?? defaultUserDataDir(),
      secrets,
      ...(options.localPresets ? { localPresets: options.localPresets } : {}),
      ...(options.indexPace ? { indexPace: options.indexPace } : {}),
      systemLanguageTags: hostLanguageTags(options.systemLanguageTags),
      // A browser has no folder dialog that reveals paths: the page browses folders through the API.
      platform: { listFolders: (request) => listFolders(request, options.home ?? os.homedir()) },
      // In the built host (dist/), the engine runs in dist/engine-worker.mjs so the socket never
      // stalls; from TypeScript sources (unit tests) there is no built worker and it runs in-process.
      engineFactory: engineFactoryFor(engineWorkerScript(path.dirname(fileURLToPath(import.meta.url)))),
    });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? MAX_SOCKET_MESSAGE_BYTES });
  sockets.on('connection', (socket) => attachApiSocket(socket, services));
  return {
    handleUpgrade(req, socket, head) {
      sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      if (!options.services) await services.close();
    },
  };
}
