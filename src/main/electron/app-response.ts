import fs from 'node:fs/promises';
import { isInside } from '../guards';
import { resolveAppFile } from './app-protocol-policy';

/**
 * The answer to one request on `app://atmark/`, without Electron: which file (by
 * {@link resolveAppFile}), its real path checked again after symlinks, and the headers every
 * response carries (the page's CSP among them). `app-protocol.ts` turns it into Electron's
 * `Response`; the packaged smoke test serves the extracted app.asar with it, so the page is tested
 * with exactly the headers it gets in the app.
 */

/** A response as plain values. */
export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD and for refusals. */
  body: Buffer | null;
}

/** Answers `method url` from `realRoot` (the renderer folder, already through `realpath`). */
export async function appResponse(method: string, url: string, realRoot: string, csp: string): Promise<AppResponse> {
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: {}, body: null };
  const verdict = resolveAppFile(url, realRoot);
  if (!verdict.ok) return { status: verdict.status, headers: {}, body: null };
  const real = await fs.realpath(verdict.file).catch(() => null);
  const stat = real && isInside(realRoot, real) ? await fs.stat(real).catch(() => null) : null;
  if (!real || !stat?.isFile()) return { status: 404, headers: {}, body: null };
  return {
    status: 200,
    headers: {
      'Content-Type': verdict.contentType,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    },
    body: method === 'HEAD' ? null : await fs.readFile(real),
  };
}
