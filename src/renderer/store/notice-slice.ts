import type { StateCreator } from 'zustand';
import type { StoreNotice } from '../../shared/api/contract';
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

/**
 * Shows main's notices about Atmark's own files in the notice line: a notice stays until main
 * withdraws it (`message: null`, e.g. the draft was saved again) or the person dismisses it. The
 * composer's text is never touched.
 */
export function storeNoticeHandler(store: { getState(): NoticeSlice }): (notice: StoreNotice) => void {
  const shown = new Map<string, Said>();
  return ({ key, message, text }) => {
    const state = store.getState();
    if (message !== null) {
      const said: Said = text ? { message, text } : { message };
      shown.set(key, said);
      state.notify('error', said);
      return;
    }
    const previous = shown.get(key);
    shown.delete(key);
    if (previous !== undefined && state.notice?.said === previous) state.clearNotice();
  };
}
