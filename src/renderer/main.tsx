import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api';
import { App } from './App';
import { applyLanguage, I18nRoot, uiLanguageFor } from './i18n';
import { AppContext, createAppStore } from './store';
import './styles.css';

async function start(): Promise<void> {
  const api = pickApi();
  // The draft main kept comes first, so the editor starts with it (it survives a crash of main).
  // The settings come with it, so the first frame is already in the chosen language.
  const [draft, settings] = await Promise.all([api.getDraft({}), api.getSettings({})]);
  applyLanguage(uiLanguageFor(settings.ok ? settings.value.language : undefined));
  const store = createAppStore(api, draft.ok && draft.value ? draft.value.text : null);
  if (settings.ok) store.getState().setSettings(settings.value);
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
