import type { StateCreator } from 'zustand';
import type { AtmarkApi } from '../../shared/api/contract';
import type { ApiError } from '../../shared/api/result';
import type { ExpansionResult } from '../../shared/expansion';
import type { UnitProgress } from '../../shared/documents';
import { DEFAULT_CONTEXT_LENGTH } from '../../shared/limits';
import { finishedReferences, finishesReference } from './finished-references';
import type { AppState } from './types';

/** Quiet time after the last keystroke before the message is expanded again (none after a keystroke that finishes a reference: see finished-references.ts). */
export const EXPAND_DEBOUNCE_MS = 150;

/** Where the draft is kept so it survives a reload, a crash or a restart. */
const DRAFT_KEY = 'atmark.draft';

/** The live expansion: the text as typed, the latest result, and the work in flight. */
export interface ExpansionSlice {
  text: string;
  contextLength: number;
  /** The latest finished expansion (possibly of an older text while `busy`). */
  result: ExpansionResult | null;
  /** The text `result` belongs to. */
  resultText: string | null;
  /** True from a keystroke until the expansion of the current text arrives. */
  busy: boolean;
  /** Per-reference progress of the expansion in flight, by raw text. */
  progress: Record<string, 'resolving' | 'done'>;
  /** How far each document of the expansion in flight has been read, by raw text (the chip shows it). */
  units: Record<string, UnitProgress>;
  /** Why the latest expansion failed (shown in the Warnings region), or null. */
  expandError: ApiError | null;
  /** The reference whose block the preview highlights. */
  selectedRef: string | null;
  /** The cursor's offset in the prompt while the editor has focus, else null. */
  cursor: number | null;
  setCursor(cursor: number | null): void;
  setText(text: string): void;
  setContextLength(tokens: number): void;
  selectRef(raw: string | null): void;
  /** An edit of the prompt asked for outside the editor (a quick fix); the composer applies it. */
  pendingEdit: PromptEdit | null;
  applyEdit(edit: Omit<PromptEdit, 'id'>): void;
  /** Expands the current text again now (workspace changed, a file was granted). */
  refresh(): void;
  /**
   * Reads the reference `raw` again (a chip's Retry): every reference is read afresh, and a document
   * among them without a work budget, from now on, since the person chose to wait (its chip shows
   * the progress).
   */
  retryRef(raw: string): void;
  /**
   * Expands the current text now, re-reading every reference, and returns the message: what Copy,
   * Export and Send use, so they never carry a stale read. Falls back to the text as written.
   */
  expandFresh(forExport?: boolean): Promise<string>;
}

/** A replacement of `from`..`to` of the prompt by `insert`; `id` tells two equal edits apart. */
export interface PromptEdit {
  id: number;
  from: number;
  to: number;
  insert: string;
}

/** The draft saved last time, or ''. */
export function loadDraft(): string {
  try {
    return localStorage.getItem(DRAFT_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Creates the slice. Each keystroke restarts a short timer; when it fires, the expansion in flight is
 * cancelled (its request id is sent to `cancel`) and a new one starts, so only the newest text's
 * result is ever shown.
 */
export function createExpansionSlice(api: AtmarkApi): StateCreator<AppState, [], [], ExpansionSlice> {
  return (set, get) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: string | null = null;
    let sequence = 0;
    let edits = 0;
    // The references finished in the text of the last keystroke.
    let finished: ReadonlySet<string> = new Set();

    api.onExpandProgress((event) => {
      if (event.requestId !== inFlight) return;
      const { units } = event;
      set((s) => ({ progress: { ...s.progress, [event.raw]: event.state }, ...(units ? { units: { ...s.units, [event.raw]: units } } : {}) }));
    });

    /**
     * References the person pressed Retry on. It stays their choice: every later expansion (the
     * preview, Copy, Send) reads them without a work budget too, or Send would time out on the
     * document the person just waited for.
     */
    const retried = new Set<string>();

    /** Expands the current text (the retried references among it read without a work budget). */
    async function run(fresh = false, forExport = false): Promise<ExpansionResult | null> {
      clearTimeout(timer);
      if (inFlight) void api.cancel({ requestId: inFlight });
      const requestId = `expand-${++sequence}`;
      inFlight = requestId;
      const { text, contextLength } = get();
      set({ progress: {}, units: {}, busy: true });
      const retry = [...retried].filter((raw) => text.includes(raw));
      const answer = await api.expand({ requestId, text, contextLength, fresh, ...(retry.length ? { retry } : {}), ...(forExport ? { forExport } : {}) });
      if (inFlight !== requestId) return answer.ok ? answer.value : null; // a newer expansion replaced this one
      inFlight = null;
      // An export's message may have its email addresses masked: the preview keeps what it showed.
      if (forExport) set({ busy: false });
      else if (answer.ok) set({ result: answer.value, resultText: text, busy: false, expandError: null });
      else if (answer.error.code !== 'cancelled') set({ result: null, resultText: null, busy: false, expandError: answer.error });
      return answer.ok ? answer.value : null;
    }

    function schedule(delay: number): void {
      clearTimeout(timer);
      if (!get().busy) set({ busy: true });
      timer = setTimeout(() => void run(), delay);
    }

    // Main keeps the draft on disk (it survives a crash); localStorage is a second copy. One save
    // is in flight at a time and the newest text waits behind it, so fast typing sends a save per
    // round trip, not per keystroke, and the last text is always the one saved last.
    let saving = false;
    let waiting: string | null = null;
    function saveDraft(text: string): void {
      if (saving) {
        waiting = text;
        return;
      }
      saving = true;
      const after = () => {
        saving = false;
        const next = waiting;
        waiting = null;
        if (next !== null) saveDraft(next);
      };
      api.saveDraft({ text }).then(after, after);
    }

    return {
      text: '',
      contextLength: DEFAULT_CONTEXT_LENGTH,
      result: null,
      resultText: null,
      busy: false,
      progress: {},
      units: {},
      expandError: null,
      selectedRef: null,
      cursor: null,
      pendingEdit: null,
      applyEdit: (edit) => set({ pendingEdit: { ...edit, id: ++edits } }),
      setCursor: (cursor) => {
        if (cursor !== get().cursor) set({ cursor });
      },
      setText(text) {
        if (text === get().text) return;
        const now = finishedReferences(text);
        const finishing = finishesReference(finished, now);
        finished = now;
        // One store change per keystroke: every selector runs on each change.
        set({ text, busy: true });
        saveDraft(text);
        try {
          localStorage.setItem(DRAFT_KEY, text);
        } catch {
          // Storage may be unavailable (private mode); the draft then lives only in memory.
        }
        schedule(finishing ? 0 : EXPAND_DEBOUNCE_MS);
      },
      setContextLength(tokens) {
        set({ contextLength: tokens });
        schedule(EXPAND_DEBOUNCE_MS);
      },
      // A chosen reference is shown in the Preview tab, which opens if it was collapsed or on Warnings.
      selectRef: (raw) => set(raw === null ? { selectedRef: null } : { selectedRef: raw, sideOpen: true, sideTab: 'preview' }),
      refresh: () => schedule(0),
      retryRef: (raw) => {
        retried.add(raw);
        void run(true);
      },
      async expandFresh(forExport = false) {
        // A newer expansion (a keystroke meanwhile) may replace this one: its message is then the one
        // to use, so wait for it too. Copy and Export never go out with the text unexpanded while
        // references can be read.
        for (let attempt = 0; attempt < 3; attempt++) {
          const text = get().text;
          const result = await run(true, forExport);
          if (result && get().text === text) return result.message;
        }
        return get().result?.message ?? get().text;
      },
    };
  };
}
