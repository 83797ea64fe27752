/**
 * The fuzzer's findings replayed (fuzz/findings/*.json: inputs that once crashed, hung or took too
 * much memory; each must now end with a value or the reader's own error), and a short smoke run of
 * every target, so `npm test` notices a harness that no longer runs. The long runs are `npm run fuzz`.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { mutate, mutationsArb } from './mutate';
import { buildRepo, fuzzTargets, type FuzzTarget } from './targets';

const FINDINGS = path.join(__dirname, 'findings');
const findings = fs.existsSync(FINDINGS) ? fs.readdirSync(FINDINGS).filter((n) => n.endsWith('.json')).sort() : [];
if (findings.length === 0) console.log('fuzz regressions: no findings kept yet; only the smoke run runs.');

let targets: FuzzTarget[] = [];
beforeAll(() => {
  targets = fuzzTargets(buildRepo());
}, 60_000);

describe('fuzz findings', () => {
  it.each(findings.length > 0 ? findings : ['(none)'])('%s ends with a value or the reader\'s own error', (name) => {
    if (name === '(none)') return;
    const finding = JSON.parse(fs.readFileSync(path.join(FINDINGS, name), 'utf8')) as { target: string; input: string };
    const target = targets.find((t) => t.name === finding.target);
    expect(target, finding.target).toBeDefined();
    target?.run(Buffer.from(finding.input, 'base64'));
  });
});

describe('fuzz smoke', () => {
  it('every target runs its seeds and 25 mutations of them without a finding', () => {
    expect(targets.map((t) => t.name)).toEqual(['pack', 'idx', 'delta', 'loose', 'tree', 'commit', 'index', 'zip', 'hwp-records']);
    for (const target of targets) {
      expect(target.seeds.length, target.name).toBeGreaterThan(0);
      for (const seed of target.seeds) target.run(seed);
      fc.assert(
        fc.property(fc.nat(), mutationsArb, (pick, mutations) => target.run(mutate(target.seeds[pick % target.seeds.length] as Buffer, mutations))),
        { numRuns: 25, seed: 26 },
      );
    }
  }, 60_000);
});
