/**
 * A real HTTP server on loopback for the network tests (not used by the app). It listens on `::`
 * (dual stack), so any spelling of a local address that slipped through the policy would reach it
 * and be counted: `connections` counts TCP connections, `requests` every request line.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Handles one request; may be async (slow drips). */
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** A started test server. */
export interface TestServer {
  port: number;
  /** `http://127.0.0.1:PORT` + path. */
  url(path?: string): string;
  /** The allow entry that lets the policy reach it: `127.0.0.1:PORT`. */
  allowEntry: string;
  /** Paths requested, in order. */
  requests: string[];
  /** TCP connections accepted. */
  connections: number;
  close(): Promise<void>;
}

/**
 * Starts a server whose routes are `path -> handler`; an unknown path answers 404. Listens on `::`
 * so IPv4, IPv6 and IPv4-mapped loopback all reach it.
 */
export async function startTestServer(routes: Record<string, Handler> = {}): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state = { requests: [] as string[], connections: 0 };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    const handler = routes[(req.url ?? '/').split('?')[0]!];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
      return;
    }
    Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    allowEntry: `127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` with a content type and status (200 by default). */
export function send(body: string | Buffer, contentType: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, ...headers }).end(body);
  };
}

/** Redirects with `status` to `location` (relative or absolute). */
export function redirect(status: number, location: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}
