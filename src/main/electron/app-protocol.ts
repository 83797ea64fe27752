import { protocol } from 'electron';
import fs from 'node:fs/promises';
import { APP_SCHEME } from './app-protocol-policy';
import { appResponse } from './app-response';

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
 * Content-Security-Policy `csp` as a header. What each request gets is decided by
 * {@link appResponse} (app-response.ts), which checks the real path opened again, so a symlink in
 * the build cannot lead out of it.
 */
export async function serveAppScheme(rendererRoot: string, csp: string): Promise<void> {
  const root = await fs.realpath(rendererRoot);
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await appResponse(request.method, request.url, root, csp);
    return new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers });
  });
}
