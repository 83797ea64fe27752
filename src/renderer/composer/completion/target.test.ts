import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { REFERENCE_KINDS } from '../../../shared/kinds';
import { completionTarget } from './target';

/** The target with the cursor at the end of `doc` (or at the `|` in it). */
function targetIn(doc: string) {
  const at = doc.includes('|') ? doc.indexOf('|') : doc.length;
  const text = doc.replace('|', '');
  return completionTarget(new CompletionContext(EditorState.create({ doc: text }), at, false));
}

describe('completionTarget: what the text before the cursor is completing', () => {
  it('a kind word after `@`, empty for `@` alone, full-width `＠` included', () => {
    expect(targetIn('see @')).toEqual({ type: 'word', from: 4, word: '' });
    expect(targetIn('see @fi')).toEqual({ type: 'word', from: 4, word: 'fi' });
    expect(targetIn('資料は＠')).toEqual({ type: 'word', from: 3, word: '' });
  });

  it('the value of every kind the descriptors name, without its opening quote', () => {
    for (const kind of REFERENCE_KINDS) expect(targetIn(`@${kind}:ab`)).toEqual({ type: 'value', from: 0, kind, value: 'ab' });
    expect(targetIn('@file:"my no')).toEqual({ type: 'value', from: 0, kind: 'file', value: 'my no' });
    expect(targetIn('@file:book.xlsx:売')).toMatchObject({ kind: 'file', value: 'book.xlsx:売' });
  });

  it('nothing for a word the grammar would leave as text: a mail address, an unknown kind, the cursor before the `@`', () => {
    expect(targetIn('mail me@fi')).toBeNull();
    expect(targetIn('@nope:x')).toBeNull();
    expect(targetIn('|@file:a')).toBeNull();
    expect(targetIn('@file:a.ts and more')).toBeNull();
  });
});
