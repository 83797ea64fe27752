import type { ApiEvents, AtmarkApi, CallInput, CallOutputs } from '../../shared/api/contract';
import { CALL_NAMES, type CallName, type EventName } from '../../shared/api/channels';
import { fail, type ApiResult } from '../../shared/api/result';
import { uiText } from '../i18n/said';

/**
 * The browser host's side of the API: the same {@link AtmarkApi} as the Electron preload, carried
 * over one WebSocket to the host that served this page. Calls never reject: a lost connection
 * answers `failed`. Copy and Export run here, in the browser, because the host's clipboard and disk
 * are not the person's browser's.
 */
export function createSocketApi(url: string): AtmarkApi {
  const pending = new Map<number, (result: ApiResult<unknown>) => void>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let nextId = 1;
  const socket = new WebSocket(url);
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('error', () => resolve(false), { once: true });
  });
  socket.addEventListener('message', (event) => dispatch(String(event.data)));
  socket.addEventListener('close', (event) => {
    // 1009: the host refused a message over its size cap and closed this connection.
    const answer = event.code === 1009 ? tooLarge() : lost();
    for (const resolve of pending.values()) resolve(answer);
    pending.clear();
  });

  function dispatch(text: string): void {
    const message = JSON.parse(text) as { t: string; id?: number; result?: ApiResult<unknown>; name?: EventName; payload?: unknown };
    if (message.t === 'result' && message.id !== undefined && message.result) {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    } else if (message.t === 'event' && message.name) {
      for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
    }
  }

  async function call<N extends CallName>(name: N, payload: CallInput<N>): Promise<ApiResult<CallOutputs[N]>> {
    if (!(await opened) || socket.readyState !== WebSocket.OPEN) return lost();
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve as (r: ApiResult<unknown>) => void);
      socket.send(JSON.stringify({ t: 'call', id, name, payload }));
    });
  }

  function on<E extends EventName>(name: E, listener: (payload: ApiEvents[E]) => void): () => void {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener as (payload: unknown) => void);
    return () => void set.delete(listener as (payload: unknown) => void);
  }

  const calls = Object.fromEntries(CALL_NAMES.map((name) => [name, (payload: never) => call(name, payload)])) as unknown as AtmarkApi;
  return {
    ...calls,
    transport: 'browser',
    pathForFile: () => null,
    copyText: async ({ text }) => copyInBrowser(text),
    exportMarkdown: async ({ markdown, suggestedName }) => downloadInBrowser(markdown, suggestedName),
    onExpandProgress: (listener) => on('expandProgress', listener),
    onWorkspaceChanged: (listener) => on('workspaceChanged', listener),
    onSendProgress: (listener) => on('sendProgress', listener),
    onStoreNotice: (listener) => on('storeNotice', listener),
    onMenuCommand: (listener) => on('menuCommand', listener),
  };
}

function tooLarge<T>(): ApiResult<T> {
  return fail('invalid_request', uiText('ui.connection.tooLarge'));
}

function lost<T>(): ApiResult<T> {
  return fail('failed', uiText('ui.connection.lost'));
}

async function copyInBrowser(text: string): Promise<ApiResult<true>> {
  try {
    await navigator.clipboard.writeText(text);
    return { ok: true, value: true };
  } catch {
    return fail('failed', uiText('ui.connection.clipboard'));
  }
}

function downloadInBrowser(markdown: string, name: string): ApiResult<{ path: string }> {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return { ok: true, value: { path: name } };
}
