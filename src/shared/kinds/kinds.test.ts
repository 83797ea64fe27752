import { describe, expect, it } from 'vitest';
import { i18nInstance, LANGUAGES } from '../i18n';
import { parseReferences } from '../grammar';
import { BARE_KINDS, KIND_DESCRIPTORS, PRODUCT_KINDS, REFERENCE_KINDS, withKinds, type KindSyntax } from '.';

/**
 * The kind list is complete: every kind has a descriptor named after its key, words in every
 * language for its catalogue keys and its chip, and a syntax the grammar follows. (That every kind
 * has a resolver is checked in main: engine/default-resolvers.test.ts.)
 */
describe('reference kind descriptors', () => {
  it('name every kind after its key, in the order the composer offers them', () => {
    expect(REFERENCE_KINDS).toEqual(['file', 'folder', 'diff', 'staged', 'git', 'url', 'result', 'image']);
    for (const kind of REFERENCE_KINDS) expect(KIND_DESCRIPTORS[kind].name).toBe(kind);
  });

  it('give every catalogue and chip key words in English, Japanese and Korean', () => {
    const i18n = i18nInstance();
    const missing: string[] = [];
    for (const kind of REFERENCE_KINDS) {
      const d = KIND_DESCRIPTORS[kind];
      const keys: string[] = [d.catalogue.name, d.catalogue.help];
      if ('key' in d.chip.label) keys.push(d.chip.label.key);
      for (const key of keys) {
        for (const lng of LANGUAGES) {
          // A plural key (`ui.chip.commits`) exists in its `_one` / `_other` forms.
          const found = i18n.exists(key, { lng, fallbackLng: false, count: 2 } as never) || i18n.exists(key, { lng, fallbackLng: false } as never);
          if (!found) missing.push(`${kind}: ${key} (${lng})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are what the grammar parses: bare kinds alone, the others with a value, ranges and counts where the syntax says', () => {
    expect([...BARE_KINDS]).toEqual(REFERENCE_KINDS.filter((k) => KIND_DESCRIPTORS[k].value === 'none'));
    for (const kind of REFERENCE_KINDS) {
      const d = KIND_DESCRIPTORS[kind];
      const [ref] = parseReferences(d.bare ? `@${kind} ` : `@${kind}:7:3-4 `);
      expect(ref?.kind).toBe(kind);
      if (d.value === 'path-with-range') expect([ref?.value, ref?.lineStart, ref?.lineEnd]).toEqual(['7', 3, 4]);
      else expect(ref?.lineStart).toBeUndefined();
    }
    expect(parseReferences('@git:3')[0]?.count).toBe(3);
    expect(PRODUCT_KINDS.size).toBe(REFERENCE_KINDS.length);
  });

  it('let a test add a kind of its own, never one that replaces a product kind', () => {
    const echo: KindSyntax = { name: 'echo', bare: false, value: 'text', deadline: 'folderTimeoutMs' };
    expect(parseReferences('say @echo:hi')).toEqual([]);
    expect(parseReferences('say @echo:hi', withKinds([echo]))).toMatchObject([{ kind: 'echo', value: 'hi', raw: '@echo:hi' }]);
    expect(() => withKinds([{ ...echo, name: 'file' }])).toThrow(/already defined/);
    expect(() => withKinds([{ ...echo, name: 'Echo' }])).toThrow(/lowercase/);
  });
});
