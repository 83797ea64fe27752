#!/usr/bin/env node
// `npm run lint:electron`: runs electronegativity on the TypeScript sources and fails on any
// finding of severity medium or high that electronegativity-allow.json does not list with a
// reason, and on an allow-list entry that no longer matches a finding (so the list stays
// reviewed). It runs offline: `-e` names the Electron version, since the tool cannot fetch
// Electron's release list here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Electron version the app is built with (package.json's devDependency, without a range). */
export const ELECTRON_VERSION = '45.5.0';

/**
 * Splits electronegativity's CSV report into findings.
 * @param {string} csv
 * @returns {Array<{ check: string, severity: string, confidence: string, file: string, location: string, description: string }>}
 */
export function parseFindings(csv) {
  return csv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
      const [check, severity, confidence, file, location, , description] = cells;
      return { check, severity, confidence, file, location, description };
    });
}

/**
 * Judges findings against the allow-list: medium and high findings must each match an entry
 * (same check and file); every entry must match a finding.
 * @param {ReturnType<typeof parseFindings>} findings
 * @param {Array<{ check: string, file: string, reason: string }>} allowed
 * @returns {{ unlisted: ReturnType<typeof parseFindings>, stale: Array<{ check: string, file: string, reason: string }>, badEntries: Array<{ check: string, file: string, reason: string }> }}
 */
export function judgeFindings(findings, allowed) {
  const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
  const matches = (entry, finding) => entry.check === finding.check && entry.file === finding.file;
  return {
    unlisted: serious.filter((f) => !allowed.some((entry) => matches(entry, f))),
    stale: allowed.filter((entry) => !serious.some((f) => matches(entry, f))),
    badEntries: allowed.filter((entry) => typeof entry.reason !== 'string' || entry.reason.trim().length < 20),
  };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atmark-electronegativity-'));
  const report = path.join(dir, 'report.csv');
  const bin = path.join(root, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
  try {
    await new Promise((resolve, reject) =>
      execFile(process.execPath, [bin, '-i', path.join(root, 'src'), '-e', ELECTRON_VERSION, '-r', '-o', report], { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, _out, err) =>
        error ? reject(new Error(`electronegativity failed: ${err.split('\n').find((l) => l.trim()) ?? error.message}`)) : resolve(undefined),
      ),
    );
    const findings = parseFindings(readFileSync(report, 'utf8'));
    const { allowed } = JSON.parse(readFileSync(path.join(root, 'electronegativity-allow.json'), 'utf8'));
    const verdict = judgeFindings(findings, allowed);
    for (const f of verdict.unlisted) console.error(`electronegativity: ${f.severity} ${f.check} in src/${f.file}:${f.location}: ${f.description} (fix it, or list it with a reason in electronegativity-allow.json)`);
    for (const e of verdict.stale) console.error(`electronegativity: the allow-list entry ${e.check} for src/${e.file} matches no finding any more: remove it from electronegativity-allow.json`);
    for (const e of verdict.badEntries) console.error(`electronegativity: the allow-list entry ${e.check} for src/${e.file} needs a reason`);
    const failed = verdict.unlisted.length + verdict.stale.length + verdict.badEntries.length;
    const low = findings.length - findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM').length;
    console.log(`electronegativity: ${findings.length} findings (${low} low or informational), ${allowed.length} allowed with reasons, ${failed} problems`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
