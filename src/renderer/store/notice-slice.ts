import type { StateCreator } from 'zustand';
import type { AppState } from './types';

/** A short message for the person: what just happened, or what went wrong and how to fix it. */
export interface NoticeSlice {
  notice: { kind: 'info' | 'error'; text: string } | null;
  notify(kind: 'info' | 'error', text: string): void;
  clearNotice(): void;
}

/** Creates the slice. */
export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set) => ({
  notice: null,
  notify: (kind, text) => set({ notice: { kind, text } }),
  clearNotice: () => set({ notice: null }),
});
