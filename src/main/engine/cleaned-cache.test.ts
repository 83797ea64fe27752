import { describe, expect, it, afterEach } from 'vitest';
import { buildFakeSecrets } from '../../../test-support/secret-corpus';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createEngine } from './engine';

let ws: TempWorkspace;
afterEach(() => ws?.cleanup());

/**
 * Fresh reads (Send, Copy, Export) read every reference again; a text that comes back the same is
 * not redacted and counted again (cleaned-cache.ts). What must never happen: a changed text served
 * from that memory, or a secret that reaches the message because a text looked the same.
 */
describe('fresh reads of texts that did not change', () => {
  const [first, second] = buildFakeSecrets();

  it('give the same message, counts and warnings as the first read', async () => {
    ws = makeWorkspace();
    ws.write('notes.txt', `安全な行\n${first!.line}\n`);
    const engine = createEngine({ workspace: ws.root, contextLength: 1_000_000 });
    const one = await engine.expand('見て @file:notes.txt', { fresh: true });
    const two = await engine.expand('見て @file:notes.txt', { fresh: true });
    expect(one.message).not.toContain(first!.secret);
    expect(two.message).toBe(one.message);
    expect(two.references.map((r) => [r.status, r.tokens, r.sha256, r.warnings.map((w) => w.code)])).toEqual(one.references.map((r) => [r.status, r.tokens, r.sha256, r.warnings.map((w) => w.code)]));
  });

  it('sanitize a text again when one byte changed: a new secret is redacted, and the counts follow', async () => {
    ws = makeWorkspace();
    ws.write('notes.txt', `line\n${first!.line}\n`);
    const engine = createEngine({ workspace: ws.root, contextLength: 1_000_000 });
    const before = await engine.expand('@file:notes.txt', { fresh: true });
    ws.write('notes.txt', `line\n${first!.line}\n${second!.line}\n`);
    const after = await engine.expand('@file:notes.txt', { fresh: true });
    expect(after.message).not.toContain(second!.secret);
    expect(after.message).not.toContain(first!.secret);
    expect(after.references[0]!.sha256).not.toBe(before.references[0]!.sha256);
    expect(after.references[0]!.tokens).toBeGreaterThan(before.references[0]!.tokens);
    // Back to the first text: the first answer again.
    ws.write('notes.txt', `line\n${first!.line}\n`);
    expect((await engine.expand('@file:notes.txt', { fresh: true })).message).toBe(before.message);
  });

  it.each([true, false])('name the reference as written in each spelling of the same file (fresh: %s)', async (fresh) => {
    ws = makeWorkspace();
    ws.write('notes.txt', `${first!.line}\n`);
    const engine = createEngine({ workspace: ws.root, contextLength: 1_000_000 });
    await engine.expand('@file:notes.txt', { fresh });
    const quoted = await engine.expand('@file:"notes.txt"', { fresh });
    expect(quoted.references[0]!.warnings.map((w) => w.reference)).toEqual(quoted.references[0]!.warnings.map(() => '@file:"notes.txt"'));
    expect(quoted.references[0]!.warnings.length).toBeGreaterThan(0);
  });
});
