import { closeCompletion, completionStatus, selectedCompletion, startCompletion, type Completion, type CompletionContext } from '@codemirror/autocomplete';
import type { Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { AtmarkApi, CompletionItem } from '../../../shared/api/contract';
import { isComposing } from '../ime';
import { sameItems } from './final-rows';

/** Where the main process looks for completion values: any path, files, folders, commits or results. */
export type AskedSource = 'path' | 'file' | 'folder' | 'git' | 'result';

/** What {@link askMain} answers: the items, and whether they replace the list's first rows (final-rows.ts). */
export interface Asked {
  items: CompletionItem[];
  replacing: boolean;
}

let requestCounter = 0;

/** A request id no other completion or card request of this window has. */
export function nextRequestId(prefix: 'complete' | 'card'): string {
  return `${prefix}-${++requestCounter}`;
}

/**
 * The final rows waiting for each editor's next run of the source, by the question they answer,
 * with the row selected when they arrived (`pick`, inserted at `from`) and the text then.
 */
interface Waiting {
  key: string;
  items: CompletionItem[];
  pick: Completion | null;
  from: number;
  doc: Text;
}
const finals = new WeakMap<EditorView, Waiting>();

/**
 * Asks the main process for up to `limit` values. Typing on aborts the context, and the request is
 * then cancelled in main too. Null when the request was aborted (the person typed on) or failed.
 *
 * A path question in an editor is asked for its first rows: they are shown at once, and when the
 * final rows differ they are kept for this editor and the list asked again, which then answers
 * them (`replacing`) without asking main.
 */
export async function askMain(api: AtmarkApi, context: CompletionContext, source: AskedSource, query: string, limit: number, from: number): Promise<Asked | null> {
  const view = context.view;
  const key = `${source}\u0000${limit}\u0000${query}`;
  const waiting = view ? finals.get(view) : undefined;
  if (view && waiting) {
    finals.delete(view);
    if (waiting.key === key) return { items: waiting.items, replacing: true };
  }
  const requestId = nextRequestId('complete');
  let aborted = false;
  context.addEventListener('abort', () => {
    aborted = true;
    void api.cancel({ requestId });
  }, { onDocChange: true });
  const staged = view !== undefined && (source === 'path' || source === 'file' || source === 'folder');
  const answer = await api.complete({ requestId, source, query, limit, ...(staged ? { stage: 'first' as const } : {}) });
  if (aborted || !answer.ok) return null;
  if (staged) void showFinal(api, view, context, requestId, key, answer.value, from);
  return { items: answer.value, replacing: false };
}

/**
 * Waits for the final rows of `requestId` and has the list ask again for them, unless they equal
 * the first ones, or the text changed, the list closed, or a composition began meanwhile (the
 * first rows then stay; a newer question has its own).
 */
async function showFinal(api: AtmarkApi, view: EditorView, context: CompletionContext, requestId: string, key: string, first: CompletionItem[], from: number): Promise<void> {
  const rest = await api.completeRest({ requestId }).catch(() => null);
  if (!rest?.ok || rest.value === null || sameItems(first, rest.value)) return;
  if (!view.dom.isConnected || view.state.doc !== context.state.doc || isComposing(view) || completionStatus(view.state) !== 'active') return;
  finals.set(view, { key, items: rest.value, pick: selectedCompletion(view.state), from, doc: view.state.doc });
  // Runs the source again, which takes the rows kept above; focus stays where it is.
  startCompletion(view);
}

/**
 * Enter or Tab while the list is being replaced by its final rows (it is marked pending for that
 * moment, and would ignore the key): inserts the row that was selected as the person saw it.
 * False otherwise, leaving the key to the usual bindings.
 */
export function pickAsShown(view: EditorView): boolean {
  const waiting = finals.get(view);
  if (!waiting?.pick || completionStatus(view.state) !== 'pending' || view.state.doc !== waiting.doc) return false;
  finals.delete(view);
  const { pick, from } = waiting;
  const to = view.state.selection.main.head;
  closeCompletion(view);
  if (typeof pick.apply === 'function') pick.apply(view, pick, from, to);
  else view.dispatch({ changes: { from, to, insert: pick.apply ?? pick.label }, selection: { anchor: from + (pick.apply ?? pick.label).length }, userEvent: 'input.complete' });
  return true;
}

