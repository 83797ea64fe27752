/**
 * The content type of each file the renderer build emits, by extension: the one table behind the
 * Electron app's `app://` scheme and the browser host's static files, so both serve a file alike.
 */
const STATIC_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The content type for a file of the build; anything else is served as bytes (`application/octet-stream`). */
export function staticContentType(fileName: string): string {
  // The extension as path.extname reads it (`/` or `\` separate folders; a leading dot is a name, not one).
  const ext = /[^/\\]\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (ext !== undefined ? STATIC_TYPES[`.${ext}`] : undefined) ?? 'application/octet-stream';
}
