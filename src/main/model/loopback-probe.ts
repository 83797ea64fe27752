/**
 * The first run's look for a local model server (Ollama, LM Studio): one `GET {baseUrl}/models` to
 * a literal loopback address, through `node:http`. Why not the guarded fetch every other request
 * uses: the first run asks as the page opens, and the guarded fetch loads undici then, synchronously
 * on the thread that relays the person's first expansion (0.1 s on a quiet machine, 0.4-1.3 s on a
 * loaded one: the first `@diff` chip waited that long behind it; issue 27). The guard has nothing to
 * judge here: the addresses are the presets' own loopback ones, not typed by anyone, so no name is
 * resolved and no redirect is followed. Any other address goes through the guarded fetch.
 */
import http from 'node:http';

/** Whether `url` is a plain-HTTP URL whose host is a literal loopback address (no name to resolve). */
export function isLiteralLoopback(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/**
 * The body of `url` when it answers 200 within `timeoutMs` with at most `maxBytes`; null for any
 * other answer, a refused connection, a slow server or a larger body (the request is then ended).
 */
export function loopbackGet(url: URL, { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number }): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (body: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(body);
    };
    const request = http.get(url, { headers: { accept: 'application/json' }, agent: false }, (response) => {
      if (response.statusCode !== 200) return finish(null);
      const chunks: Buffer[] = [];
      let total = 0;
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) return finish(null);
        chunks.push(chunk);
      });
      response.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
      response.on('error', () => finish(null));
    });
    request.on('error', () => finish(null));
    const deadline = setTimeout(() => finish(null), timeoutMs);
    deadline.unref();
  });
}
