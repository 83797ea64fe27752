import type { StateCreator } from 'zustand';
import type { AppState } from './types';

/** The side panel's tabs: the payload as it will be sent, and what is wrong with it. */
export type SideTab = 'preview' | 'warnings';

/**
 * The side panel beside the conversation: open or collapsed, and which tab it shows. One panel
 * with two tabs, so the warnings are one click (or one key) away at any window size.
 */
export interface LayoutSlice {
  sideOpen: boolean;
  sideTab: SideTab;
  /** Shows `tab` (opening the panel if it was collapsed). */
  showSide(tab: SideTab): void;
  setSideOpen(open: boolean): void;
}

/** Creates the slice. */
export const createLayoutSlice: StateCreator<AppState, [], [], LayoutSlice> = (set) => ({
  sideOpen: true,
  sideTab: 'preview',
  showSide: (tab) => set({ sideOpen: true, sideTab: tab }),
  setSideOpen: (open) => set({ sideOpen: open }),
});
