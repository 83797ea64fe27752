import { describe, it, expect } from 'vitest';
import { buildFakeSecrets, buildLookAlikes, embedInFormats } from '../../../test-support/secret-corpus';
import { guardAttachedText } from './secret-guard';

const cp = (...points: number[]): string => String.fromCodePoint(...points);
const fakes = buildFakeSecrets(7);
const gh = fakes.find((f) => f.rule === 'github-token')!.secret;
const pemKey = fakes.find((f) => f.rule === 'private-key')!.secret;

describe('guardAttachedText', () => {
  it('passes clean text through with no warnings', async () => {
    const text = 'const answer = 42;\n';
    expect(await guardAttachedText(text, '@file:a.ts')).toEqual({
      text,
      secrets: {},
      invisible: { count: 0, kinds: {} },
      warnings: [],
    });
  });

  it('redacts secrets and reports one redacted warning naming the reference', async () => {
    const { text, warnings } = await guardAttachedText(`TOKEN=${gh}\n`, '@file:.env');
    expect(text).toBe('TOKEN=[REDACTED:github-token]\n');
    expect(warnings).toMatchObject([{ code: 'redacted', reference: '@file:.env', message: expect.stringMatching(/^1 secret was redacted: 1 × github-token\./) }]);
  });

  it('makes invisible characters visible and reports a second warning', async () => {
    const { text, warnings, invisible } = await guardAttachedText(`TOKEN=${gh} ${cp(0x202e)}x`, null);
    expect(text).toBe('TOKEN=[REDACTED:github-token] [U+202E]x');
    expect(invisible).toEqual({ count: 1, kinds: { bidi: 1 } });
    expect(warnings.map((w) => [w.code, w.reference])).toEqual([['redacted', null], ['redacted', null]]);
    expect(warnings[1]!.message).toMatch(/^1 invisible character was made visible or removed: 1 × text direction control\./);
  });

  it.each([
    ['zero-width space', 0x200b],
    ['word joiner', 0x2060],
    ['tag character', 0xe0041],
    ['right-to-left override', 0x202e],
  ])('finds a token split by a %s, and removes the character with it', async (_name, point) => {
    const split = gh.slice(0, 10) + cp(point) + gh.slice(10);
    const { text, secrets, invisible } = await guardAttachedText(`TOKEN=${split}\n`, null);
    expect(text).toBe('TOKEN=[REDACTED:github-token]\n');
    expect(secrets).toEqual({ 'github-token': 1 });
    expect(invisible.count).toBe(0);
  });

  it('finds a private key with zero-width characters between its lines', async () => {
    const hidden = pemKey.split('\n').join(`${cp(0x200b)}\n`);
    const { text } = await guardAttachedText(`key:\n${hidden}\nend`, null);
    expect(text).toBe('key:\n[REDACTED:private-key]\nend');
  });

  it('keeps emoji and flags beside a redacted secret', async () => {
    const emoji = cp(0x1f469, 0x1f3fd, 0x200d, 0x1f4bb);
    const { text, invisible } = await guardAttachedText(`${emoji} ${gh} ${emoji}`, null);
    expect(text).toBe(`${emoji} [REDACTED:github-token] ${emoji}`);
    expect(invisible.count).toBe(0);
  });

  it('redacts every fake secret in every shape, with invisible characters sprinkled in', async () => {
    const formats = embedInFormats(fakes.map((f) => f.line));
    for (const [name, input] of Object.entries(formats)) {
      const noisy = input.replace(/\n/g, `${cp(0x200b)}\n`);
      const { text, secrets } = await guardAttachedText(noisy, null);
      for (const fake of fakes) {
        for (const line of fake.secret.split('\n').filter((l) => l.length >= 8)) {
          expect(text, `${name} ${fake.rule}`).not.toContain(line);
        }
      }
      expect(Object.keys(secrets).length, name).toBeGreaterThanOrEqual(16);
    }
  });

  it('leaves look-alikes alone', async () => {
    const input = embedInFormats(buildLookAlikes()).markdown;
    const { text, warnings } = await guardAttachedText(input, null);
    expect(text).toBe(input);
    expect(warnings).toEqual([]);
  });
});
