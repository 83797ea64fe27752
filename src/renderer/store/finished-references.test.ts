import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AtmarkApi } from '../../shared/api/contract';
import { EXPAND_DEBOUNCE_MS, createAppStore } from '.';
import { finishedReferences } from './finished-references';

/** An API whose expand records the texts it was asked for (and never answers); the rest answer "unused". */
function recordingApi(expanded: string[]): AtmarkApi {
  const unused = () => Promise.resolve({ ok: false, error: { code: 'unused', message: 'not used here' } });
  return new Proxy({} as AtmarkApi, {
    get: (_target, name) => {
      if (name === 'expand') return ({ text }: { text: string }) => (expanded.push(text), new Promise(() => undefined));
      if (name === 'onExpandProgress') return () => () => undefined;
      return unused;
    },
  });
}

describe('finished references', () => {
  it('are the well-formed references followed by a space or a line break', () => {
    expect([...finishedReferences('see @diff and @file:a.md')]).toEqual(['@diff']);
    expect([...finishedReferences('@file:a.md\n@git:2 ')]).toEqual(['@file:a.md', '@git:2']);
    expect([...finishedReferences('@dif')]).toEqual([]);
    expect([...finishedReferences('@file: ')]).toEqual([]);
  });
});

describe('the expansion after a keystroke', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('starts at once when the keystroke finishes a reference, and after the pause otherwise', () => {
    const expanded: string[] = [];
    const store = createAppStore(recordingApi(expanded), '');
    store.getState().setText('Review @dif');
    vi.advanceTimersByTime(0);
    expect(expanded).toEqual([]);
    store.getState().setText('Review @diff');
    vi.advanceTimersByTime(0);
    expect(expanded).toEqual([]);
    // The space finishes `@diff`: no pause.
    store.getState().setText('Review @diff ');
    vi.advanceTimersByTime(0);
    expect(expanded).toEqual(['Review @diff ']);
    // Typing on after it finishes nothing new: the pause again.
    store.getState().setText('Review @diff a');
    vi.advanceTimersByTime(EXPAND_DEBOUNCE_MS - 1);
    expect(expanded).toEqual(['Review @diff ']);
    vi.advanceTimersByTime(1);
    expect(expanded).toEqual(['Review @diff ', 'Review @diff a']);
  });
});
