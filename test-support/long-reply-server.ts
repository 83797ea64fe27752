/**
 * A loopback chat completions server that streams one very long reply, generated as it goes and
 * written with backpressure, so the test process never holds the reply itself (what is measured is
 * the client's memory, not the server's). Not imported by product code.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the long reply is made of. */
export interface LongReplyOptions {
  /** Reply text to stream, in characters (ASCII, so also bytes). */
  replyChars: number;
  /** Characters of reply text per SSE event. Default 4096. */
  pieceChars?: number;
  /**
   * Text put into the reply at about these character offsets (a key echoed back, a token), split
   * across two events so a scrubber has to carry over from one piece to the next.
   */
  inserts?: ReadonlyArray<{ at: number; text: string }>;
}

/** A running server. */
export interface LongReplyServer {
  /** `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  /** Bytes of SSE body written so far (all requests). */
  bytesWritten(): number;
  close(): Promise<void>;
}

/** The line the reply repeats: prose with a line break, as a model writes it. */
export const LONG_REPLY_LINE = 'The quarterly figures are read section by section, with the notes beside each table.\n';

/** Starts the server on 127.0.0.1 with a random port. */
export async function startLongReplyServer(options: LongReplyOptions): Promise<LongReplyServer> {
  const sockets = new Set<Socket>();
  let written = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      void streamLong(res, options, (n) => (written += n)).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    bytesWritten: () => written,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

async function streamLong(res: http.ServerResponse, options: LongReplyOptions, count: (n: number) => void): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const size = options.pieceChars ?? 4096;
  const inserts = [...(options.inserts ?? [])].sort((a, b) => a.at - b.at);
  const filler = LONG_REPLY_LINE.repeat(Math.ceil(size / LONG_REPLY_LINE.length) + 1);
  let sent = 0;
  let offset = 0;
  while (sent < options.replyChars && !res.destroyed) {
    let piece = filler.slice(offset % LONG_REPLY_LINE.length, (offset % LONG_REPLY_LINE.length) + size);
    const next = inserts[0];
    if (next && sent + piece.length > next.at) {
      // The inserted text ends this piece's first half and starts the next one's.
      const half = Math.ceil(next.text.length / 2);
      const before = piece.slice(0, Math.max(0, next.at - sent));
      await write(res, delta(before + next.text.slice(0, half)), count);
      piece = next.text.slice(half);
      inserts.shift();
    }
    offset += piece.length;
    sent += piece.length;
    await write(res, delta(piece), count);
  }
  if (res.destroyed) return;
  await write(res, `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'long', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`, count);
  await write(res, 'data: [DONE]\n\n', count);
  res.end();
}

function delta(content: string): string {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'long', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

/** Writes and waits for the socket to drain when its buffer is full (or for the client to leave). */
function write(res: http.ServerResponse, text: string, count: (n: number) => void): Promise<void> {
  count(Buffer.byteLength(text));
  if (res.write(text)) return Promise.resolve();
  return new Promise((r) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      r();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
