import type { StateCreator } from 'zustand';
import type { Said } from '../i18n/said';
import type { AppState } from './types';

/** What a notice's button does. */
export type NoticeAction = 'browseFolders';

/** The notice's button that opens the folder browser (a drop whose path the browser hides). */
export const OFFER_FOLDER_BROWSER: NoticeAction = 'browseFolders';

/**
 * A short message for the person: what just happened, or what went wrong and how to fix it. Kept
 * as a text or an error from main, not as words, so it is drawn in the UI language of the moment.
 */
export interface NoticeSlice {
  notice: { kind: 'info' | 'error'; said: Said; action?: NoticeAction } | null;
  /** Shows a notice; `action` adds a button that offers the way out (e.g. the folder browser). */
  notify(kind: 'info' | 'error', said: Said, action?: NoticeAction): void;
  clearNotice(): void;
}

/** Creates the slice. */
export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set) => ({
  notice: null,
  notify: (kind, said, action) => set({ notice: action ? { kind, said, action } : { kind, said } }),
  clearNotice: () => set({ notice: null }),
});
