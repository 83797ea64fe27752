import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api';
import { App } from './App';
import type { StoreNotice } from '../shared/api/contract';
import { applyLanguage, I18nRoot, setHostLanguageTags, uiLanguageFor } from './i18n';
import { AppContext, createAppStore, storeNoticeHandler } from './store';
import './styles.css';

async function start(): Promise<void> {
  const api = pickApi();
  // Notices about Atmark's own files (a damaged draft kept aside, a draft that cannot be saved) may
  // arrive before the store exists: they wait here, then go to the notice line.
  const early: StoreNotice[] = [];
  let deliver: (notice: StoreNotice) => void = (notice) => early.push(notice);
  api.onStoreNotice((notice) => deliver(notice));
  // The draft main kept comes first, so the editor starts with it (it survives a crash of main).
  // The settings come with it, so the first frame is already in the chosen language.
  const [draft, settings, system] = await Promise.all([api.getDraft({}), api.getSettings({}), api.systemLanguage({})]);
  if (system.ok) setHostLanguageTags(system.value);
  applyLanguage(uiLanguageFor(settings.ok ? settings.value.language : undefined));
  const store = createAppStore(api, draft.ok && draft.value ? draft.value.text : null);
  if (settings.ok) store.getState().setSettings(settings.value);
  deliver = storeNoticeHandler(store);
  for (const notice of early.splice(0)) deliver(notice);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppContext.Provider value={{ api, store }}>
        <I18nRoot>
          <App />
        </I18nRoot>
      </AppContext.Provider>
    </StrictMode>,
  );
}

void start();
