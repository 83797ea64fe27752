import { useEffect, useState } from 'react';
import type * as TurnsChunk from './Turns';

/**
 * The turns and the Markdown they render (marked, DOMPurify, highlight.js: about a fifth of the
 * window's script) load apart from the first frame's script (issue 27: start -> interactive). The
 * first frame shows no turn (the conversation comes from the API later), so the chunk is fetched
 * once the page is idle after it, or at once when turns are there to show.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its chunk has long
 * loaded, so the first turn sent would replace the empty conversation with nothing for a frame.
 */
type TurnsModule = typeof TurnsChunk;

let loaded: TurnsModule | null = null;
let loading: Promise<TurnsModule> | null = null;

function loadTurns(): Promise<TurnsModule> {
  loading ??= import('./Turns').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A chunk that could not load is asked for again by the next render that wants it.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The turns' module once loaded, else null; loads it now when `wanted`, else when the page is idle. */
export function useTurnsModule(wanted: boolean): TurnsModule | null {
  const [, setReady] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () => void loadTurns().then(() => live && setReady(true), () => undefined);
    if (wanted) {
      load();
      return () => void (live = false);
    }
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [wanted]);
  return loaded;
}

/**
 * Runs `task` once the page is idle (2 s at most); returns what cancels it. Safari, which may open
 * the browser host's page, has no `requestIdleCallback`: there a short timer stands in for it.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
