import { describe, expect, it } from 'vitest';
import { parseReferences } from './parse';
import { withImageMode } from './image-mode';
import { referenceKey } from '../reference';

const one = (text: string) => {
  const refs = parseReferences(text);
  expect(refs).toHaveLength(1);
  return refs[0]!;
};

describe('what is sent of an image (`:text`, `:image`, `:both`)', () => {
  it.each([
    ['@file:shot.png:image を見て', '@file:shot.png:image', 'shot.png', 'image'],
    ['@file:shot.png:imageを見て', '@file:shot.png:image', 'shot.png', 'image'],
    ['@file:画面.png:both를 보고', '@file:画面.png:both', '画面.png', 'both'],
    ['@file:"my shot.jpeg":text。', '@file:"my shot.jpeg":text', 'my shot.jpeg', 'text'],
    ['@image:3f2a91c0d4e1.webp:IMAGE', '@image:3f2a91c0d4e1.webp:IMAGE', '3f2a91c0d4e1.webp', 'image'],
  ])('%s reads the mode after the image name', (text, raw, value, mode) => {
    const ref = one(text);
    expect([ref.raw, ref.value, ref.imageMode, ref.malformed]).toEqual([raw, value, mode, undefined]);
  });

  it.each([
    ['@file:notes.ts:image', 'notes.ts:image'],
    ['@file:shot.png:imagex', 'shot.png:imagex'],
    ['@file:shot.png', 'shot.png'],
  ])('%s has no mode: only an image name takes one, and only the whole word', (text, value) => {
    const ref = one(text);
    expect(ref.value).toBe(value);
    expect(ref.imageMode).toBeUndefined();
  });

  it('a page range after an image stays a range (and the reader refuses it), never a mode', () => {
    const ref = one('@file:shot.png:2');
    expect([ref.lineStart, ref.imageMode]).toEqual([2, undefined]);
  });

  it('the same image asked for twice in two ways is two references', () => {
    expect(referenceKey(one('@file:a.png:text'))).not.toBe(referenceKey(one('@file:a.png:image')));
    expect(referenceKey(one('@file:a.png'))).not.toBe(referenceKey(one('@file:a.png:both')));
  });

  it('the chip card writes a choice in place of the old one, and the default takes the word away', () => {
    for (const written of ['@file:shot.png', '@file:shot.png:text', '@file:"my shot.png":both', '@image:3f2a91c0d4e1.png:image']) {
      const ref = one(written);
      for (const mode of ['text', 'image', 'both', null] as const) {
        const rewritten = one(`${withImageMode(ref, mode)}を見て`);
        expect([rewritten.value, rewritten.imageMode ?? null]).toEqual([ref.value, mode]);
      }
    }
  });
});
