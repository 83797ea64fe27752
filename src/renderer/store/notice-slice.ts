import type { StateCreator } from 'zustand';
import type { Said } from '../i18n/said';
import type { AppState } from './types';

/**
 * A short message for the person: what just happened, or what went wrong and how to fix it. Kept
 * as a text or an error from main, not as words, so it is drawn in the UI language of the moment.
 */
export interface NoticeSlice {
  notice: { kind: 'info' | 'error'; said: Said } | null;
  notify(kind: 'info' | 'error', said: Said): void;
  clearNotice(): void;
}

/** Creates the slice. */
export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set) => ({
  notice: null,
  notify: (kind, said) => set({ notice: { kind, said } }),
  clearNotice: () => set({ notice: null }),
});
