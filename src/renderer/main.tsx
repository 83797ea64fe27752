import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api';
import { pageStartState } from './api/start-state';
import { App } from './App';
import type { AtmarkApi, StoreNotice } from '../shared/api/contract';
import type { StartState } from '../shared/api/start-state';
import { applyLanguage, I18nRoot, setHostLanguageTags, setStartLanguageChoice, uiLanguageFor } from './i18n';
import { AppContext, createAppStore, storeNoticeHandler } from './store';
import './styles.css';

/** What the first frame needs: the draft's text, the system's language tags and the language chosen in Settings. */
interface FirstFrame {
  draft: string | null;
  systemLanguageTags: readonly string[] | null;
  settings: Awaited<ReturnType<AtmarkApi['getSettings']>> | null;
}

/**
 * The browser host wrote what the first frame needs into the page (src/shared/api/start-state.ts):
 * the composer draws at once, while the host's API is still loading. The app, the dev server, or a
 * host that could not read the draft plainly write no draft: then the page asks the API and waits,
 * because the text must not change under the person's keys.
 */
async function firstFrame(api: AtmarkApi, known: StartState | null): Promise<FirstFrame> {
  if (known && known.draft !== undefined) {
    setStartLanguageChoice(known.language);
    // Still asked: the API sends the notices raised before the page listened (a damaged draft kept
    // aside) when the draft is asked for. Its text is the file the host read, so it is not applied.
    void api.getDraft({});
    return { draft: known.draft, systemLanguageTags: known.systemLanguageTags, settings: null };
  }
  // The draft main kept comes first, so the editor starts with it (it survives a crash of main).
  // The settings come with it, so the first frame is already in the chosen language.
  const [draft, settings, system] = await Promise.all([api.getDraft({}), api.getSettings({}), api.systemLanguage({})]);
  return { draft: draft.ok && draft.value ? draft.value.text : null, systemLanguageTags: system.ok ? system.value : (known?.systemLanguageTags ?? null), settings };
}

async function start(): Promise<void> {
  const api = pickApi();
  // Notices about Atmark's own files (a damaged draft kept aside, a draft that cannot be saved) may
  // arrive before the store exists: they wait here, then go to the notice line.
  const early: StoreNotice[] = [];
  let deliver: (notice: StoreNotice) => void = (notice) => early.push(notice);
  api.onStoreNotice((notice) => deliver(notice));
  const { draft, systemLanguageTags, settings } = await firstFrame(api, pageStartState());
  if (systemLanguageTags) setHostLanguageTags(systemLanguageTags);
  applyLanguage(uiLanguageFor(settings?.ok ? settings.value.language : undefined));
  const store = createAppStore(api, draft);
  if (settings?.ok) store.getState().setSettings(settings.value);
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
