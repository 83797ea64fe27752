import type { StateCreator } from 'zustand';
import type { AppState } from './types';

/** What a notice's button does. */
export type NoticeAction = 'browseFolders';

/** A short message for the person: what just happened, or what went wrong and how to fix it. */
export interface NoticeSlice {
  notice: { kind: 'info' | 'error'; text: string; action?: NoticeAction } | null;
  /** Shows a notice; `action` adds a button that offers the way out (e.g. the folder browser). */
  notify(kind: 'info' | 'error', text: string, action?: NoticeAction): void;
  clearNotice(): void;
}

/** Creates the slice. */
export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set) => ({
  notice: null,
  notify: (kind, text, action) => set({ notice: action ? { kind, text, action } : { kind, text } }),
  clearNotice: () => set({ notice: null }),
});
