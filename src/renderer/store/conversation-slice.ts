import type { StateCreator } from 'zustand';
import type { AtmarkApi } from '../../shared/api/contract';
import type { ApiError } from '../../shared/api/result';
import type { RunView, SettingsView } from '../../shared/api/session-types';
import { uiText } from '../i18n/said';
import type { AppState } from './types';

/** Runs of the current session the conversation shows at most (older ones stay in the history). */
const SHOWN_RUNS = 20;

/** The conversation with the model: the current session's runs, the Send in flight, and Stop. */
export interface ConversationSlice {
  /** Runs of the current session, oldest first; the streaming one grows as its reply arrives. */
  turns: RunView[];
  /** The Send in flight, or null. */
  sending: { requestId: string; runId: string | null } | null;
  /** Why the last Send did not start (no endpoint, hard limit, a failure), or null. */
  sendError: ApiError | null;
  /**
   * References that will not be sent (they failed), while Send asks whether to send anyway; null
   * when it is not asking.
   */
  confirmSend: string[] | null;
  /** The failed references the person already chose to send without, so Send asks once for them. */
  confirmedFailures: string | null;
  askToSend(failed: string[] | null): void;
  /** Sends although `confirmSend` lists failed references, and remembers they were accepted. */
  sendAnyway(): void;
  /** Bumped whenever runs were written, so the history reloads. */
  historyVersion: number;
  settings: SettingsView | null;
  /** Which side panel is open. */
  panel: 'settings' | 'history' | null;
  setPanel(panel: 'settings' | 'history' | null): void;
  setSettings(settings: SettingsView): void;
  loadSettings(): Promise<void>;
  /** Loads the current session's latest runs. */
  loadConversation(): Promise<void>;
  /**
   * Sends the current text, or `message` (a Retry of an earlier run), expanded fresh in main, and
   * streams the reply into `turns`.
   */
  send(message?: string): Promise<void>;
  /** Stops the Send in flight. */
  stop(): void;
  /** Starts a new session: the conversation empties, `@result` then cites the new session only. */
  newSession(): Promise<void>;
}

/** One string for a set of failed references, to know that Send already asked about exactly them. */
export function failuresKey(failed: readonly string[]): string {
  return [...new Set(failed)].sort().join('\n');
}

/** Creates the slice; streamed pieces of the reply arrive as `sendProgress` events. */
export function createConversationSlice(api: AtmarkApi): StateCreator<AppState, [], [], ConversationSlice> {
  return (set, get) => {
    let sequence = 0;

    const upsert = (run: RunView): void =>
      set((s) => {
        const at = s.turns.findIndex((t) => t.id === run.id);
        const turns = at === -1 ? [...s.turns, run].slice(-SHOWN_RUNS) : s.turns.map((t, i) => (i === at ? run : t));
        return { turns };
      });

    api.onSendProgress((event) => {
      const sending = get().sending;
      if (!sending || event.requestId !== sending.requestId) return;
      if (event.type === 'run') {
        set({ sending: { ...sending, runId: event.run.id } });
        upsert(event.run);
      } else {
        set((s) => ({ turns: s.turns.map((t) => (t.id === event.runId ? { ...t, reply: t.reply + event.text } : t)) }));
      }
    });

    return {
      turns: [],
      confirmSend: null,
      confirmedFailures: null,
      askToSend: (failed) => set({ confirmSend: failed }),
      sendAnyway() {
        const failed = get().confirmSend;
        set({ confirmSend: null, confirmedFailures: failed ? failuresKey(failed) : null });
        void get().send();
      },
      sending: null,
      sendError: null,
      historyVersion: 0,
      settings: null,
      panel: null,
      setPanel: (panel) => set({ panel }),
      setSettings(settings) {
        const before = get().settings;
        set({ settings });
        // The chosen model's context length sets the token limits the meters and Send use, but only
        // when the model changed (another endpoint, or its context length edited): saving any other
        // setting must not undo a length the person typed in the composer.
        const chosen = settings.endpoints.find((e) => e.id === settings.chosenEndpointId);
        const was = before?.endpoints.find((e) => e.id === before.chosenEndpointId);
        const modelChanged = before === null || chosen?.id !== was?.id || chosen?.contextLength !== was?.contextLength;
        if (chosen && modelChanged && chosen.contextLength !== get().contextLength) get().setContextLength(chosen.contextLength);
      },
      async loadSettings() {
        const answer = await api.getSettings({});
        if (answer.ok) get().setSettings(answer.value);
      },
      async loadConversation() {
        const runs = await api.listRuns({ sessionId: null });
        if (!runs.ok) return;
        const read = await Promise.all(runs.value.slice(-SHOWN_RUNS).map((r) => api.readRun({ sessionId: null, runId: r.id })));
        set({ turns: read.flatMap((r) => (r.ok ? [r.value] : [])) });
      },
      async send(message) {
        if (get().sending) return;
        const requestId = `send-${Date.now()}-${++sequence}`;
        set({ sending: { requestId, runId: null }, sendError: null });
        const { contextLength } = get();
        const text = message ?? get().text;
        const answer = await api.send({ requestId, text, contextLength });
        if (answer.ok) upsert(answer.value.run);
        set((s) => ({ sending: null, sendError: answer.ok ? null : answer.error, historyVersion: s.historyVersion + 1 }));
      },
      stop() {
        const sending = get().sending;
        if (sending) void api.cancel({ requestId: sending.requestId });
      },
      async newSession() {
        const answer = await api.newSession({});
        if (!answer.ok) return get().notify('error', answer.error);
        set((s) => ({ turns: [], historyVersion: s.historyVersion + 1 }));
        get().notify('info', uiText('ui.conversation.started'));
        get().refresh();
      },
    };
  };
}
