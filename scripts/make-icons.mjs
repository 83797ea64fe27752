#!/usr/bin/env node
// Renders build/icon.svg, the icon's one source, into what each OS needs: PNGs for Linux
// (build/icons/NxN.png), an .icns for macOS and an .ico for Windows. Run by `npm run dist` before
// packaging; the outputs are build artefacts (git-ignored), never edited by hand.
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import png2icons from 'png2icons';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(path.join(root, 'build', 'icon.svg'));
const out = path.join(root, 'build', 'icons');
mkdirSync(out, { recursive: true });

const render = (size) => new Resvg(source, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng();
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) writeFileSync(path.join(out, `${size}x${size}.png`), render(size));
const large = render(1024);
writeFileSync(path.join(out, 'icon.png'), large);
writeFileSync(path.join(out, 'icon.icns'), png2icons.createICNS(large, png2icons.BICUBIC, 0));
writeFileSync(path.join(out, 'icon.ico'), png2icons.createICO(large, png2icons.BICUBIC, 0, false, true));
console.log(`icons written to ${path.relative(root, out)}/`);
