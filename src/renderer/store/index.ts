import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AtmarkApi } from '../../shared/api/contract';
import { createConversationSlice } from './conversation-slice';
import { createExpansionSlice, loadDraft } from './expansion-slice';
import { createImagesSlice } from './images-slice';
import { createLayoutSlice } from './layout-slice';
import { createNoticeSlice } from './notice-slice';
import type { AppState } from './types';
import { createWorkspaceSlice } from './workspace-slice';

export type { AppState } from './types';
export { EXPAND_DEBOUNCE_MS } from './expansion-slice';
export { storeNoticeHandler } from './notice-slice';

/**
 * Creates the app's store, wired to `api`. `draft` (the text main kept) becomes the initial text;
 * without one, the copy this page kept in localStorage does.
 */
export function createAppStore(api: AtmarkApi, draft: string | null = null): StoreApi<AppState> {
  const store = createStore<AppState>()((...a) => ({
    ...createWorkspaceSlice(api)(...a),
    ...createExpansionSlice(api)(...a),
    ...createNoticeSlice(...a),
    ...createConversationSlice(api)(...a),
    ...createLayoutSlice(...a),
    ...createImagesSlice(api)(...a),
  }));
  // The draft main kept wins (it survives a crash of the host); this page's copy is the fallback.
  store.setState({ text: draft ?? loadDraft() });
  return store;
}

/** The store and the API, provided once at the root. */
export const AppContext = createContext<{ store: StoreApi<AppState>; api: AtmarkApi } | null>(null);

function useAppContext(): { store: StoreApi<AppState>; api: AtmarkApi } {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext missing: render inside <AppContext.Provider>');
  return value;
}

/** Selects what a component draws from the store. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppContext().store, selector);
}

/**
 * Several fields of the store at once, by name: `const { text, busy } = useAppFields('text', 'busy')`.
 * The component draws again only when one of them changes (compared one by one, as separate
 * `useApp` calls would be), so a panel's preamble is one line instead of one line a field.
 */
export function useAppFields<K extends keyof AppState>(...keys: K[]): Pick<AppState, K> {
  return useApp(
    useShallow((state: AppState) => {
      const picked = {} as Pick<AppState, K>;
      for (const key of keys) picked[key] = state[key];
      return picked;
    }),
  );
}

/** The API object (for components that call it directly: completion, copy, export). */
export function useApi(): AtmarkApi {
  return useAppContext().api;
}

/** The store itself, for imperative reads in event handlers. */
export function useAppStore(): StoreApi<AppState> {
  return useAppContext().store;
}
