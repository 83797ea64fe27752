import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api';
import { App } from './App';
import { AppContext, createAppStore } from './store';
import './styles.css';

async function start(): Promise<void> {
  const api = pickApi();
  // The draft main kept comes first, so the editor starts with it (it survives a crash of main).
  const draft = await api.getDraft({});
  const store = createAppStore(api, draft.ok && draft.value ? draft.value.text : null);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppContext.Provider value={{ api, store }}>
        <App />
      </AppContext.Provider>
    </StrictMode>,
  );
}

void start();
