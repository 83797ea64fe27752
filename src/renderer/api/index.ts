import type { AtmarkApi } from '../../shared/api/contract';
import { createSocketApi } from './socket-client';

/**
 * The API this page talks to: the Electron preload's `window.atmark` when present, otherwise a
 * WebSocket client to the browser host that served the page (its token is in the page URL).
 */
export function pickApi(): AtmarkApi {
  if (window.atmark) return window.atmark;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  return createSocketApi(`ws://${location.host}/api?token=${encodeURIComponent(token)}`);
}
