/**
 * The one Content-Security-Policy of Atmark's page, for each place it is served from: the
 * Electron app's header (its `app://` scheme), the browser host's header, and the meta tag built
 * into index.html. One builder, so the three cannot drift apart.
 *
 * What differs, and why:
 * - `electron`: the page talks to main over IPC, so it opens no connection at all: no `ws:`.
 * - `host`: the page's API is a WebSocket to the host that served it, and only to it (its exact
 *   port, under both loopback names the host answers to).
 * - `html`: the meta tag travels with the built file to both; it holds what both allow, and each
 *   header narrows it further (a page obeys every policy it is given).
 * - `devServer`: Vite's dev server in development only: its client connects back over a WebSocket
 *   and React's refresh runtime needs an inline preamble.
 */

/** Where the page is served from. */
export type CspTarget = { kind: 'electron' } | { kind: 'host'; port: number } | { kind: 'html' };

/** Options of {@link contentSecurityPolicy}. */
export interface CspOptions {
  /** The electron-vite / Vite dev server's origin (`http://localhost:5173`), in development only. */
  devServer?: string;
}

/** The policy for `target`, as a header value. */
export function contentSecurityPolicy(target: CspTarget, options: CspOptions = {}): string {
  const dev = options.devServer ? new URL(options.devServer) : null;
  const connect = ["'self'"];
  if (target.kind === 'host') connect.push(`ws://127.0.0.1:${target.port}`, `ws://localhost:${target.port}`);
  if (dev) connect.push(`ws://${dev.host}`, dev.origin);
  const scripts = dev ? ["'self'", "'unsafe-inline'", dev.origin] : ["'self'"];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // CodeMirror injects its styles as <style> elements.
    "style-src 'self' 'unsafe-inline'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    // frame-ancestors is ignored in a meta tag, so it goes only into headers.
    ...(target.kind === 'html' ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
}

/**
 * A Vite plugin (structurally typed: shared code imports no Vite) that writes the `html` policy
 * into index.html's head when building. Development builds get none: the dev server's header
 * (Electron) or no policy (the Vite dev server in a browser) applies there.
 */
export function cspMetaPlugin(): { name: string; apply: 'build'; transformIndexHtml(html: string): string } {
  return {
    name: 'atmark-csp-meta',
    apply: 'build',
    transformIndexHtml(html) {
      const tag = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ kind: 'html' })}" />`;
      return html.replace('<!-- CSP: filled in from src/shared/csp.ts -->', tag);
    },
  };
}
