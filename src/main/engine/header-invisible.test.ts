/**
 * A bidi override in a file name (issue 26, finding 10): `report\u202Egnp.txt` displays as
 * `reporttxt.png`. Attached text already shows such characters as `[U+202E]`; the block header and
 * the warning lines, which carry the name too, must do the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '.';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const NAME = 'report\u202Egnp.txt';

describe('invisible characters in block headers', () => {
  it('a file name with U+202E shows it as [U+202E] in the header, never raw', async () => {
    ws = makeWorkspace();
    ws.write(NAME, 'quarterly figures\n');
    const result = await createEngine({ workspace: ws.root }).expand(`see @file:${NAME}`, { fresh: true });
    expect(result.references[0]?.status).toBe('attached');
    const attached = result.message.slice(result.message.indexOf('--- Attached Context ---'));
    const header = attached.split('\n').find((l) => l.startsWith('### '));
    expect(header).toContain('report[U+202E]gnp.txt');
    expect(attached).not.toContain('\u202E');
  });

  it('a missing file with U+202E in its name: the warning line shows it as [U+202E]', async () => {
    ws = makeWorkspace();
    const result = await createEngine({ workspace: ws.root }).expand(`see @file:${NAME}`, { fresh: true });
    const warnings = result.message.slice(result.message.indexOf('--- Context Warnings ---'));
    expect(warnings).toContain('[U+202E]');
    expect(warnings).not.toContain('\u202E');
  });
});
