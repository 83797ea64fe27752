import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { meetsMinimum, tooOldForInstallers } from './node-version.mjs';

const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'package.json'), 'utf8')) as { engines: { node: string }; config: { installersNode: string } };

describe('which Node each part needs', () => {
  it('says so in package.json: the CLI and tests on 20.19, installers on 22.12', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
    expect(pkg.config.installersNode).toBe('>=22.12.0');
  });

  it.each([
    ['v20.20.2', false],
    ['v22.11.0', false],
    ['v22.12.0', true],
    ['v22.12.1', true],
    ['v24.1.0', true],
    ['v21.7.3', false],
  ])('Node %s can build installers: %s', (version, expected) => {
    expect(meetsMinimum(version, pkg.config.installersNode.replace(/^>=/, ''))).toBe(expected);
  });

  it('tells a person on an older Node in one sentence', () => {
    const said = tooOldForInstallers('v20.20.2', '>=22.12.0');
    expect(said).toContain('Node 22.12 or later');
    expect(said).toContain('this is Node 20.20.2');
    expect(said.split(/\.\s/)).toHaveLength(1);
  });
});
