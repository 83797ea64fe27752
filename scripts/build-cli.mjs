// Bundles the CLI (and the engine it uses) into dist/cli.mjs so `npx atmark` runs with plain node.
// Dependencies stay external: they are installed beside it in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/main/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
