import { parseStartState, START_STATE_ID, type StartState } from '../../shared/api/start-state';

/** The start state the browser host wrote into this page; null in the app and under the dev server, which write none. */
export function pageStartState(): StartState | null {
  return parseStartState(document.getElementById(START_STATE_ID)?.textContent);
}
