/**
 * The installed versions of the libraries that read documents (for citations), and where the
 * PDF.js data files are on disk: character maps and standard fonts are read from the installed
 * package, never fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const requireHere = createRequire(import.meta.url);
const versions = new Map<string, string>();

/** `NAME VERSION` of an installed package, e.g. `mammoth 1.13.0`. */
export function extractorName(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    try {
      version = (JSON.parse(readFileSync(requireHere.resolve(`${name}/package.json`), 'utf8')) as { version?: string }).version ?? '?';
    } catch {
      version = '?';
    }
    versions.set(name, version);
  }
  return `${name} ${version}`;
}

/** The character maps' folder of the installed pdfjs-dist package, with a trailing separator (PDF.js wants one). */
export function pdfjsCmapFolder(): string {
  return path.join(path.dirname(requireHere.resolve('pdfjs-dist/package.json')), 'cmaps') + path.sep;
}
