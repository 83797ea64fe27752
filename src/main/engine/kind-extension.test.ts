import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { echoExtension } from '../../../test-support/echo-kind';
import { createEngine } from './engine';

/** A kind defined in test support (`@echo:TEXT`) goes through the whole engine like a product kind. */
describe('a kind given to the engine', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const workspace = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'atmark-echo-'));
    dirs.push(dir);
    return dir;
  };
  const countTokens = (text: string): number => text.length;

  it('is parsed, resolved under its deadline, counted and rendered', async () => {
    const engine = createEngine({ workspace: workspace(), kinds: [echoExtension], countTokens });
    const result = await engine.expand('say @echo:hello, and @echo:"two words"');
    expect(result.references.map((r) => [r.kind, r.status, r.target])).toEqual([
      ['echo', 'attached', 'hello'],
      ['echo', 'attached', 'two words'],
    ]);
    expect(result.message).toContain('two words');
  });

  it('is plain text to an engine that was not given it', async () => {
    const result = await createEngine({ workspace: workspace(), countTokens }).expand('say @echo:hello');
    expect(result.references).toEqual([]);
  });
});
