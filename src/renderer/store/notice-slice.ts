import type { StateCreator } from 'zustand';
import type { StoreNotice } from '../../shared/api/contract';
import type { Said } from '../i18n/said';
import type { AppState } from './types';

/** What a notice's button does. */
export type NoticeAction = 'browseFolders';

/** The notice's button that opens the folder browser (a drop whose path the browser hides). */
export const OFFER_FOLDER_BROWSER: NoticeAction = 'browseFolders';

/**
 * What a notice is about, so it can go when its cause is gone: `send` (why Send could not run)
 * clears once Send can run; `drop` (a drop the browser could not place) fades like information.
 */
export type NoticeCause = 'send' | 'drop';

/** How long information stays before it fades; errors stay until fixed or dismissed. */
export const NOTICE_FADE_MS = 8000;

/**
 * A short message for the person: what just happened, or what went wrong and how to fix it. Kept
 * as a text or an error from main, not as words, so it is drawn in the UI language of the moment.
 */
export interface NoticeSlice {
  notice: { kind: 'info' | 'error'; said: Said; action?: NoticeAction; cause?: NoticeCause } | null;
  /**
   * Shows a notice; `action` adds a button that offers the way out (e.g. the folder browser);
   * `cause` says when it is no longer true (see {@link NoticeCause}).
   */
  notify(kind: 'info' | 'error', said: Said, action?: NoticeAction, cause?: NoticeCause): void;
  clearNotice(): void;
  /** Clears the notice if it is about `cause`. */
  clearNoticeAbout(cause: NoticeCause): void;
}

/** Creates the slice. Information (and a drop's notice) fades after {@link NOTICE_FADE_MS}; errors stay. */
export const createNoticeSlice: StateCreator<AppState, [], [], NoticeSlice> = (set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    notice: null,
    notify(kind, said, action, cause) {
      clearTimeout(timer);
      const notice = { kind, said, ...(action ? { action } : {}), ...(cause ? { cause } : {}) };
      set({ notice });
      if (kind === 'info' || cause === 'drop') {
        timer = setTimeout(() => {
          if (get().notice === notice) set({ notice: null });
        }, NOTICE_FADE_MS);
      }
    },
    clearNotice: () => set({ notice: null }),
    clearNoticeAbout(cause) {
      if (get().notice?.cause === cause) set({ notice: null });
    },
  };
};

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
