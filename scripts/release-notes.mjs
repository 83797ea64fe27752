#!/usr/bin/env node
// `node scripts/release-notes.mjs v1.2.3`: prints the section of CHANGELOG.md for that version, the
// notes of its draft release (.github/workflows/release.yml). A version with no section stops the
// release with one sentence: the changelog is kept with every release, from 0.1.0 on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The body of `## [version]` or `## version` (a trailing ` - date` allowed) in `changelog`, up to
 * the next `## ` heading, trimmed; null when there is none or it is empty.
 */
export function releaseNotes(changelog, version) {
  const wanted = version.replace(/^v/, '');
  const lines = changelog.split(/\r?\n/);
  const start = lines.findIndex((line) => {
    const match = /^##\s+\[?v?([^\]\s]+)\]?(\s|$)/.exec(line);
    return match?.[1] === wanted;
  });
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && /^##\s/.test(line));
  const body = lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim();
  return body === '' ? null : body;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const version = process.argv[2] ?? '';
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const notes = releaseNotes(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), version);
  if (notes === null) {
    process.stderr.write(`CHANGELOG.md has no section for ${version || '(no version given)'}: add "## ${version.replace(/^v/, '')}" with what changed, then tag again.\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${notes}\n`);
  }
}
