import { describe, expect, it } from 'vitest';
import { parseReferences } from '../../../shared/grammar';
import { KIND_DESCRIPTORS, REFERENCE_KINDS } from '../../../shared/kinds';
import { editorHolder } from '../../../../test-support/editor-holder';
import { REFERENCE_COMPLETION_DEFAULTS, rowEnvOf } from './config';
import { kindRows } from './kind-rows';

const env = (language: 'en' | 'ja' | 'ko' = 'en') => ({ ...rowEnvOf(REFERENCE_COMPLETION_DEFAULTS), language });

/** The document after picking `row` where `@` was typed at the end of `before`. */
function picked(before: string, row: ReturnType<typeof kindRows>[number]): string {
  const holder = editorHolder(`${before}@`);
  (row.apply as (...a: unknown[]) => void)(holder.view, row, before.length, before.length + 1);
  return holder.state.doc.toString();
}

describe('kindRows: the `@` list', () => {
  it('offers every kind of the descriptors, in their order, and only those starting with the word typed', () => {
    // Every kind a person types; `@image` is inserted by a paste, never offered.
    expect(kindRows('', env()).map((r) => r.label.replace(/^@|:$/g, ''))).toEqual(REFERENCE_KINDS.filter((k) => k !== 'image'));
    expect(kindRows('i', env())).toEqual([]);
    expect(kindRows('f', env()).map((r) => r.label)).toEqual(['@file:', '@folder:']);
    expect(kindRows('x', env())).toEqual([]);
  });

  it('inserts a bare kind (from its descriptor) as a whole reference with a space, the others with their colon', () => {
    for (const row of kindRows('', env())) {
      const kind = row.label.replace(/^@|:$/g, '') as (typeof REFERENCE_KINDS)[number];
      const text = picked('see ', row);
      if (KIND_DESCRIPTORS[kind].bare) {
        expect(text).toBe(`see @${kind} `);
        expect(parseReferences(text).map((r) => r.kind)).toEqual([kind]);
        expect(row.info).toBeTypeOf('function');
      } else {
        expect(text).toBe(`see @${kind}:`);
        expect(row.info).toBeUndefined();
      }
    }
  });

  it('says each kind in the UI language, a different line per kind', () => {
    for (const language of ['en', 'ja', 'ko'] as const) {
      const details = kindRows('', env(language)).map((r) => r.detail ?? '');
      expect(new Set(details).size).toBe(details.length);
      expect(details).toHaveLength(REFERENCE_KINDS.length - 1);
      if (language !== 'en') for (const d of details) expect(d).not.toMatch(/\b(a|the|of|changes)\b/);
    }
  });
});
