import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finding, and when missing building, the renderer the browser host serves: the same build
 * `electron-vite build` writes to `out/renderer`. Vite runs through its JS API, never as a child
 * process (an orphaned `npx vite` can hold Vite's lock, as seen on the build machines).
 */

/** The package's root folder: the nearest parent of this file with Atmark's package.json. */
export function packageRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && /"name":\s*"atmark"/.test(fs.readFileSync(manifest, 'utf8'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** Where `electron-vite build` puts the renderer. */
export function defaultRendererDir(): string {
  return path.join(packageRoot(), 'out', 'renderer');
}

/** Builds the renderer into `outDir` with Vite's JS API (production mode, relative asset paths). */
export async function buildRenderer(outDir: string): Promise<void> {
  const root = packageRoot();
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { cspMetaPlugin } = await import('../../shared/csp');
  await build({
    configFile: false,
    root: path.join(root, 'src', 'renderer'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), cspMetaPlugin()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2048 },
  });
}

/**
 * Returns `dir` when it holds a build, else builds it there first. In a checkout (the sources are
 * present), a build older than any renderer or shared source file is rebuilt, so `atmark serve`
 * never shows yesterday's composer.
 */
export async function ensureRendererBuild(dir = defaultRendererDir()): Promise<string> {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index) || newestSource() > fs.statSync(index).mtimeMs) await buildRenderer(dir);
  return fs.realpathSync(dir);
}

/** The newest mtime under src/renderer and src/shared (0 when the sources are not there). */
function newestSource(): number {
  const root = packageRoot();
  let newest = 0;
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const folder of ['src/renderer', 'src/shared']) {
    if (fs.existsSync(path.join(root, folder))) visit(path.join(root, folder));
  }
  return newest;
}
