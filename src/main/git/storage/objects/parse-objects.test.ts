import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, parseTree } from './parse-objects';

/** The refusal as isomorphic-git states it, whole: what the quick pass must agree with. */
function refusedByRule(name: string): boolean {
  const lower = name.toLowerCase().replace(/[. ]+$/, '');
  return name.includes('/') || name.includes('\\') || (lower === '' && name !== '') || lower === '.git' || /^\.?git~[1-9]$/.test(lower);
}

/** Code-point order, one code point at a time: the order the quicker comparison must give. */
function byCodePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

/** A tree object's bytes holding `names` in the order given, each a file with the same id. */
function treeOf(names: string[], mode = '100644'): Buffer {
  const oid = Buffer.alloc(20, 0xab);
  return Buffer.concat(names.flatMap((name) => [Buffer.from(`${mode} ${name}\0`), oid]));
}

describe('parseTree', () => {
  it('refuses the names git refuses and keeps the ones that only look like them', () => {
    for (const name of ['.git', '.GIT', '.Git.', '.git ', '.git. .', 'git~1', 'GIT~9', '.git~2', '.', '..', '...', ' ', '. .', 'a/b', 'a\\b']) {
      expect(() => parseTree(treeOf([name])), JSON.stringify(name)).toThrow(/unsafe name/);
    }
    for (const name of ['git', '.gitignore', '.github', 'gitx', 'git~0', 'git~10', 'g', 'a.', 'a ', '.a', 'Gemfile', '한국어.txt', '日本語 メモ.md']) {
      expect(parseTree(treeOf([name]))[0]?.path, JSON.stringify(name)).toBe(name);
    }
  });

  it('agrees with the whole rule on random names made of the characters that matter', () => {
    const char = fc.constantFrom('.', ' ', 'g', 'G', 'i', 'I', 't', 'T', '~', '1', '0', 'a', 'İ', 'ı', '한', '\\', '/');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 7 }), (chars) => {
        const name = chars.join('');
        let refused = false;
        try {
          parseTree(treeOf([name]));
        } catch {
          refused = true;
        }
        expect(refused, JSON.stringify(name)).toBe(refusedByRule(name));
      }),
      { numRuns: 5000, seed: 27 },
    );
  });

  it('reads modes as written and returns entries in code-point order, ASCII or not', () => {
    expect(parseTree(treeOf(['a'], '40000'))[0]).toMatchObject({ mode: '040000', type: 'tree' });
    expect(parseTree(treeOf(['a'], '100755'))[0]).toMatchObject({ mode: '100755', type: 'blob' });
    expect(parseTree(treeOf(['a'], '120000'))[0]).toMatchObject({ mode: '120000', type: 'blob' });
    expect(() => parseTree(treeOf(['a'], '100664'))).toThrow(/unexpected mode 100664/);
    expect(parseTree(treeOf(['b', 'a', 'B'])).map((e) => e.path)).toEqual(['B', 'a', 'b']);
    // U+FF01 comes before U+1F600 by code point, after it by UTF-16 units.
    expect(parseTree(treeOf(['\u{1F600}', '\uFF01'])).map((e) => e.path)).toEqual(['\uFF01', '\u{1F600}']);
    expect(parseTree(treeOf(['\uFF01', '\u{1F600}'])).map((e) => e.path)).toEqual(['\uFF01', '\u{1F600}']);
  });
});

describe('compareCodePoints', () => {
  it('orders as code points do, with pairs, lone halves and the characters after the surrogates', () => {
    const char = fc.constantFrom('a', 'b', '\uD83D', '\uDE00', '\uDE01', '\uD83E', '\uE000', '\uFF01', '\uFFFF', '\u{1F600}', '\u{1F601}', '\u{20000}');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 6 }), fc.array(char, { maxLength: 6 }), (xs, ys) => {
        const a = xs.join('');
        const b = ys.join('');
        expect(Math.sign(compareCodePoints(a, b)), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(Math.sign(byCodePoints(a, b)));
      }),
      { numRuns: 20_000, seed: 27 },
    );
  });
});
