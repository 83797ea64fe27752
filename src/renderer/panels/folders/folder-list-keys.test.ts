import { describe, expect, it } from 'vitest';
import { listKeyAction, type ListKey } from './folder-list-keys';

const key = (k: string, mods: Partial<ListKey> = {}): ListKey => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const names = ['docs', 'Data', '資料', 'src'];

describe('listKeyAction: the keys of the folder list', () => {
  it('the arrows, Home and End move within the list, never past its ends', () => {
    expect(listKeyAction(key('ArrowDown'), -1, names)).toEqual({ type: 'move', to: 0 });
    expect(listKeyAction(key('ArrowDown'), 3, names)).toEqual({ type: 'move', to: 3 });
    expect(listKeyAction(key('ArrowUp'), 0, names)).toEqual({ type: 'move', to: 0 });
    expect(listKeyAction(key('End'), 0, names)).toEqual({ type: 'move', to: 3 });
    expect(listKeyAction(key('Home'), 2, names)).toEqual({ type: 'move', to: 0 });
  });

  it('Enter or → enters the active folder only when one is active; Backspace or ← goes up', () => {
    expect(listKeyAction(key('Enter'), 1, names)).toEqual({ type: 'into' });
    expect(listKeyAction(key('ArrowRight'), -1, names)).toBeNull();
    expect(listKeyAction(key('Backspace'), -1, names)).toEqual({ type: 'up' });
    expect(listKeyAction(key('ArrowLeft'), 2, names)).toEqual({ type: 'up' });
  });

  it('a letter moves to the next folder starting with it, in any case, wrapping; with a modifier it does nothing', () => {
    expect(listKeyAction(key('d'), -1, names)).toEqual({ type: 'move', to: 0 });
    expect(listKeyAction(key('d'), 0, names)).toEqual({ type: 'move', to: 1 });
    expect(listKeyAction(key('D'), 1, names)).toEqual({ type: 'move', to: 0 });
    expect(listKeyAction(key('資'), -1, names)).toEqual({ type: 'move', to: 2 });
    expect(listKeyAction(key('x'), 0, names)).toBeNull();
    expect(listKeyAction(key('d', { ctrlKey: true }), 0, names)).toBeNull();
    expect(listKeyAction(key('Tab'), 0, names)).toBeNull();
  });

  it('an empty list takes no letter and enters nothing', () => {
    expect(listKeyAction(key('a'), -1, [])).toBeNull();
    expect(listKeyAction(key('Enter'), 0, [])).toBeNull();
  });
});
