import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { StoreApi } from 'zustand';
import { serve, type RunningHost } from '../src/main/host/serve';
import { DEFAULT_LIMITS } from '../src/shared/limits';
import { makeHeavyPdf } from '../test-support/documents';
import { createSocketApi } from '../src/renderer/api/socket-client';
import { requestSend } from '../src/renderer/panels/Actions';
import { createAppStore, storeNoticeHandler, type AppState } from '../src/renderer/store/index';
import { NOTICE_FADE_MS } from '../src/renderer/store/notice-slice';

/**
 * The window's store against a real browser host (the same WebSocket protocol the page speaks,
 * the real engine behind it): what a person sees after typing, retrying and copying. Node has no
 * browser, so two browser parts stand in: `WebSocket` (the `ws` client, sending the page's Origin)
 * and `localStorage` (a map).
 */

let root: string;
let host: RunningHost;

/** A store wired to the host, as the page wires it. */
function openStore(): StoreApi<AppState> {
  return createAppStore(createSocketApi(`ws://127.0.0.1:${host.port}/api?token=${encodeURIComponent(host.token)}`));
}

/** Resolves once the store holds the expansion of its current text. */
function settled(store: StoreApi<AppState>): Promise<AppState> {
  return vi.waitFor(
    () => {
      const s = store.getState();
      if (s.busy || s.resultText !== s.text) throw new Error('still expanding');
      return s;
    },
    { timeout: 60_000, interval: 20 },
  );
}

/** `attached`, `out of budget` (its sentence says so), or the reference's status. */
function statusOf(s: AppState, raw: string): string | undefined {
  const ref = s.result?.references.find((r) => r.raw === raw);
  return ref?.status === 'failed' && /of work/.test(ref.warnings[0]?.message ?? '') ? 'out of budget' : ref?.status;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-store-'));
  const workspace = path.join(root, 'workspace');
  const userDataDir = path.join(root, 'user');
  await fs.mkdir(workspace);
  await fs.mkdir(userDataDir);
  await fs.writeFile(path.join(workspace, 'a.txt'), 'alpha\n');
  await fs.writeFile(path.join(workspace, 'b.txt'), 'beta\n');
  // Five times this host's budget of work (makeHeavyPdf says why).
  await fs.writeFile(path.join(workspace, 'heavy.pdf'), await makeHeavyPdf());
  const settings = { version: 1, endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS, documentTimeoutMs: 100 }, allowHosts: [] };
  await fs.writeFile(path.join(userDataDir, 'settings.json'), JSON.stringify(settings));
  host = await serve({ workspace, userDataDir, servePage: false, systemLanguageTags: [] });
  const origin = `http://127.0.0.1:${host.port}`;
  const memory = new Map<string, string>();
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { origin } });
      }
    },
  );
  vi.stubGlobal('localStorage', { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v) });
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await host?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the expansion slice', () => {
  it('shows only the newest text: a result for a text typed over is never shown', async () => {
    const store = openStore();
    store.getState().setText('Compare @file:a.txt');
    store.getState().setText('Compare @file:b.txt');
    const s = await settled(store);
    expect(s.result?.references.map((r) => r.raw)).toEqual(['@file:b.txt']);
    expect(s.result?.message).toContain('beta');
    expect(s.result?.message).not.toContain('alpha');
  });

  it('keeps the draft with the host, the last text typed being the one kept', async () => {
    const store = openStore();
    for (const text of ['d', 'dr', 'dra', 'draft @file:a.txt']) store.getState().setText(text);
    await settled(store);
    const api = createSocketApi(`ws://127.0.0.1:${host.port}/api?token=${encodeURIComponent(host.token)}`);
    await vi.waitFor(async () => {
      const kept = await api.getDraft({});
      expect(kept.ok && kept.value?.text).toBe('draft @file:a.txt');
    });
  });

  it('a document retried stays retried: later expansions and Copy read it without a budget too', async () => {
    const store = openStore();
    const raw = '@file:heavy.pdf';
    store.getState().setText(`Summarise ${raw}`);
    expect(statusOf(await settled(store), raw)).toBe('out of budget');
    store.getState().retryRef(raw);
    await vi.waitFor(() => expect(statusOf(store.getState(), raw)).toBe('attached'), { timeout: 120_000, interval: 50 });
    // The person goes on typing: the next expansion must not time out on the same document again.
    store.getState().setText(`Summarise ${raw} in three lines`);
    expect(statusOf(await settled(store), raw)).toBe('attached');
    expect(await store.getState().expandFresh()).toContain('Page 14 line 49: the quick brown fox');
  });

  it('a document read in full once is attached in another window from what was read, without its budget again', async () => {
    const store = openStore();
    const raw = '@file:heavy.pdf';
    store.getState().setText(`Again ${raw}`);
    expect(statusOf(await settled(store), raw)).toBe('attached');
  });
});

describe('Send', () => {
  it('pressed while the text is still being read, asks about the references of the text as it is', async () => {
    const store = openStore();
    store.getState().setText('Check @file:a.txt');
    await settled(store);
    // The next keystroke names a file that is not there, and Send comes before its expansion.
    store.getState().setText('Check @file:missing.txt');
    await requestSend(store.getState);
    expect(store.getState().confirmSend).toEqual(['@file:missing.txt']);
  });
});

describe('the notice slice', () => {
  it('lets information fade and keeps an error until it is fixed or dismissed', () => {
    vi.useFakeTimers();
    try {
      const store = openStore();
      store.getState().notify('info', { message: 'saved' });
      vi.advanceTimersByTime(NOTICE_FADE_MS + 1);
      expect(store.getState().notice).toBeNull();
      store.getState().notify('error', { message: 'no endpoint' }, undefined, 'send');
      vi.advanceTimersByTime(NOTICE_FADE_MS * 4);
      expect(store.getState().notice?.kind).toBe('error');
      store.getState().clearNoticeAbout('drop');
      expect(store.getState().notice).not.toBeNull();
      store.getState().clearNoticeAbout('send');
      expect(store.getState().notice).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("withdraws main's notice when main does, but never one shown since", () => {
    const store = openStore();
    const handle = storeNoticeHandler(store);
    handle({ key: 'draft', message: 'draft not saved'});
    expect(store.getState().notice?.kind).toBe('error');
    handle({ key: 'draft', message: null});
    expect(store.getState().notice).toBeNull();
    handle({ key: 'draft', message: 'draft not saved'});
    store.getState().notify('error', { message: 'something else' });
    handle({ key: 'draft', message: null});
    expect(store.getState().notice?.said).toEqual({ message: 'something else' });
  });
});
