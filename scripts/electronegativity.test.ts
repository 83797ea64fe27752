import { describe, expect, it } from 'vitest';
import { judgeFindings, parseFindings } from './electronegativity.mjs';

const CSV = [
  'issue, severity, confidence, filename, location, sample, description, url',
  'OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/electron/security.ts","30:28","if (a, b) void shell.openExternal(url);","Review the use of openExternal",https://x',
  'CSP_GLOBAL_CHECK,"LOW","TENTATIVE","main/electron/security.ts","55:17",N/A,"Failed to parse CSP, it may not be valid.",https://x',
  'NODE_INTEGRATION_JS_CHECK,"HIGH","FIRM","main/electron/window.ts","39:17","nodeIntegration: true","Disable nodeIntegration",https://x',
].join('\n');

describe('the electronegativity gate', () => {
  it('reads the CSV report, quoted commas included', () => {
    const findings = parseFindings(CSV);
    expect(findings.map((f) => [f.check, f.severity, f.file, f.location])).toEqual([
      ['OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/electron/security.ts', '30:28'],
      ['CSP_GLOBAL_CHECK', 'LOW', 'main/electron/security.ts', '55:17'],
      ['NODE_INTEGRATION_JS_CHECK', 'HIGH', 'main/electron/window.ts', '39:17'],
    ]);
    expect(findings[0]?.description).toBe('Review the use of openExternal');
  });

  it('fails on a new medium or high finding, not on a low one', () => {
    const allowed = [{ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/electron/security.ts', reason: 'filtered to https links by decideExternalLink' }];
    const verdict = judgeFindings(parseFindings(CSV), allowed);
    expect(verdict.unlisted.map((f) => f.check)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(verdict.stale).toEqual([]);
  });

  it('fails on an allow-list entry that matches nothing, or has no reason', () => {
    const allowed = [
      { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/electron/security.ts', reason: '' },
      { check: 'NODE_INTEGRATION_JS_CHECK', file: 'main/electron/window.ts', reason: 'a reason that is long enough' },
      { check: 'PRELOAD_JS_CHECK', file: 'main/electron/window.ts', reason: 'the preload exposes only the contract' },
    ];
    const verdict = judgeFindings(parseFindings(CSV), allowed);
    expect(verdict.unlisted).toEqual([]);
    expect(verdict.stale.map((e) => e.check)).toEqual(['PRELOAD_JS_CHECK']);
    expect(verdict.badEntries.map((e) => e.check)).toEqual(['OPEN_EXTERNAL_JS_CHECK']);
  });
});
