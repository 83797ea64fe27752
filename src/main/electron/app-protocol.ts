import { protocol } from 'electron';
import fs from 'node:fs/promises';
import { isInside } from '../guards/containment';
import { APP_SCHEME, resolveAppFile } from './app-protocol-policy';

/**
 * Registers `app://` as a standard, secure scheme. Must run before the app is ready: a standard
 * scheme gets an origin of its own (so `'self'` in the CSP means the app), and secure makes it a
 * secure context like https.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/**
 * Serves the built renderer at `rendererRoot` on `app://atmark/`, every response with the page's
 * Content-Security-Policy `csp` as a header. Which file a URL names is decided by
 * {@link resolveAppFile}; the real path opened is checked again here, so a symlink in the build
 * cannot lead out of it.
 */
export async function serveAppScheme(rendererRoot: string, csp: string): Promise<void> {
  const root = await fs.realpath(rendererRoot);
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const verdict = resolveAppFile(request.url, root);
    if (!verdict.ok) return new Response(null, { status: verdict.status });
    const real = await fs.realpath(verdict.file).catch(() => null);
    const stat = real && isInside(root, real) ? await fs.stat(real).catch(() => null) : null;
    if (!real || !stat?.isFile()) return new Response(null, { status: 404 });
    const body = request.method === 'HEAD' ? null : await fs.readFile(real);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': verdict.contentType,
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    });
  });
}
