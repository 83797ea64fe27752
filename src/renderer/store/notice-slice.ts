import type { StateCreator } from 'zustand';
import type { StoreNotice } from '../../shared/api/contract';
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

/**
 * Shows main's notices about Atmark's own files in the notice line: a notice stays until main
 * withdraws it (`text: null`, e.g. the draft was saved again) or the person dismisses it. The
 * composer's text is never touched.
 */
export function storeNoticeHandler(store: { getState(): NoticeSlice }): (notice: StoreNotice) => void {
  const shown = new Map<string, string>();
  return ({ key, text }) => {
    const state = store.getState();
    if (text !== null) {
      shown.set(key, text);
      state.notify('error', text);
      return;
    }
    const previous = shown.get(key);
    shown.delete(key);
    if (previous !== undefined && state.notice?.text === previous) state.clearNotice();
  };
}
