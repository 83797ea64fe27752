import path from 'node:path';
import { staticContentType } from '../../shared/static-types';
import { isInside } from '../guards';

/**
 * The app's own scheme, `app://atmark/...`, which serves the built renderer in place of `file://`:
 * a `file://` page gets no response headers (so no header CSP) and reaches the whole disk with
 * relative URLs. This file decides, as a pure function of the URL and the renderer folder, which
 * file a request may read; `app-protocol.ts` wires it into Electron's `protocol.handle`.
 */

/** The scheme's name (registered as standard and secure before the app is ready). */
export const APP_SCHEME = 'app';
/** The one host the scheme answers. */
export const APP_HOST = 'atmark';
/** The page the window loads. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Which file a request reads, or why it may not. */
export type AppFileVerdict = { ok: true; file: string; contentType: string } | { ok: false; status: 400 | 404; reason: string };

const refuse = (status: 400 | 404, reason: string): AppFileVerdict => ({ ok: false, status, reason });

/**
 * The file under `rendererRoot` that `url` names. Refused: another scheme or host, credentials or a
 * port, encoded separators or NUL, backslashes, dot segments, hidden files, and anything that
 * would resolve outside the folder. The caller checks the real path again after opening.
 */
export function resolveAppFile(url: string, rendererRoot: string): AppFileVerdict {
  // The URL parser would quietly resolve `..` and `%2e%2e` against the root; a request that
  // tries is refused outright instead, as is an empty segment (`//etc`).
  const rawPath = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? '';
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rawPath) || rawPath.includes('//')) return refuse(400, 'dot segment or empty segment');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse(400, 'not a URL');
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.hostname.toLowerCase() !== APP_HOST) return refuse(404, 'not the app');
  if (parsed.username || parsed.password || parsed.port) return refuse(400, 'credentials or a port');
  // Encoded separators and NUL would survive the URL parser and become path syntax once decoded.
  if (/%(2f|5c|00)/i.test(parsed.pathname)) return refuse(400, 'encoded separator');
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return refuse(400, 'bad escape');
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return refuse(400, 'backslash or NUL');
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..' || s.startsWith('.') || /^[a-z]:$/i.test(s))) return refuse(404, 'dot segment, hidden file or drive');
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const root = path.resolve(rendererRoot);
  const file = path.resolve(root, relative);
  if (file === root || !isInside(root, file)) return refuse(404, 'outside the renderer');
  return { ok: true, file, contentType: staticContentType(file) };
}
