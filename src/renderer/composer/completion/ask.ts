import type { CompletionContext } from '@codemirror/autocomplete';
import type { AtmarkApi, CompletionItem } from '../../../shared/api/contract';

/** Where the main process looks for completion values: any path, files, folders, commits or results. */
export type AskedSource = 'path' | 'file' | 'folder' | 'git' | 'result';

let requestCounter = 0;

/** A request id no other completion or card request of this window has. */
export function nextRequestId(prefix: 'complete' | 'card'): string {
  return `${prefix}-${++requestCounter}`;
}

/**
 * Asks the main process for up to `limit` values. Typing on aborts the context, and the request is
 * then cancelled in main too. Null when the request was aborted (the person typed on) or failed.
 */
export async function askMain(api: AtmarkApi, context: CompletionContext, source: AskedSource, query: string, limit: number): Promise<CompletionItem[] | null> {
  const requestId = nextRequestId('complete');
  let aborted = false;
  context.addEventListener('abort', () => {
    aborted = true;
    void api.cancel({ requestId });
  }, { onDocChange: true });
  const answer = await api.complete({ requestId, source, query, limit });
  if (aborted || !answer.ok) return null;
  return answer.value;
}
