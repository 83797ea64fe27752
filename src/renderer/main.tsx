import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api';
import { App } from './App';
import { AppContext, createAppStore } from './store';
import './styles.css';

const api = pickApi();
const store = createAppStore(api);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppContext.Provider value={{ api, store }}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);
