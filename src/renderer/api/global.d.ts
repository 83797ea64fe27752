import type { AtmarkApi } from '../../shared/api/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser, where the WebSocket client stands in. */
    atmark?: AtmarkApi;
  }
}

export {};
