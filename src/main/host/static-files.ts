import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { staticContentType } from '../../shared/static-types';
import { isInside } from '../guards';
import { requestPath } from './guard';

/** Largest file served (the renderer bundle is a few MB at most). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Rewrites the page (index.html) before it is sent: the door writes its start state into it. */
export type PageRewrite = (html: string) => string | Promise<string>;

/**
 * Serves one file of the built renderer from `root` (a real path), with the policy `csp`. Anything that does not resolve to
 * a regular file inside `root` is a 404; `page` rewrites index.html; the token-bearing page is never cached or referred.
 */
export async function serveStatic(root: string, url: string | undefined, res: ServerResponse, head: boolean, csp: string, page?: PageRewrite): Promise<void> {
  // The same normalised path the token guard judged; a refused one never reaches the disk.
  const pathname = requestPath(url);
  if (pathname === null) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('bad request target');
    return;
  }
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const target = path.resolve(root, relative);
  const real = await fs.realpath(target).catch(() => null);
  const stat = real && isInside(root, real) ? await fs.stat(real).catch(() => null) : null;
  if (!real || !stat?.isFile() || stat.size > MAX_FILE_BYTES) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  const read = await fs.readFile(real);
  const body = page && relative === 'index.html' ? Buffer.from(await page(read.toString('utf8'))) : read;
  res.writeHead(200, {
    'Content-Type': staticContentType(real),
    'Content-Length': String(body.length),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : body);
}
