import type { CallName, EventName } from '../../shared/api/channels';
import type { LogFile } from './log-file';

/**
 * What the app logs of its calls and events: the call's name and whether it succeeded, with the
 * error's stable code, and the event's name with its kind of state; never a payload, a result's
 * value, an error's message, a path or a URL (they carry prompts, file contents and tokens).
 * One place, used by the Electron wiring (ipc.ts) and by the test that greps a session's log.
 */

/** Logs the outcome of call `name`. */
export function logCall(log: LogFile, name: CallName, result: unknown): void {
  const outcome = result as { ok?: unknown; error?: { code?: unknown } } | null;
  if (outcome?.ok === true) log.info('call', { name, ok: true });
  else log.warn('call', { name, ok: false, code: typeof outcome?.error?.code === 'string' ? outcome.error.code : 'unknown' });
}

/** Logs event `name` main sent to the page (only its kind: the notice key, the send state). */
export function logEvent(log: LogFile, name: EventName, payload: unknown): void {
  const value = payload as { key?: unknown; type?: unknown; message?: unknown } | null;
  // One per keystroke or per piece of a reply: noise.
  if (name === 'expandProgress' || (name === 'sendProgress' && value?.type === 'delta')) return;
  if (name === 'storeNotice') log.warn('notice', { key: typeof value?.key === 'string' ? value.key : '-', raised: value?.message !== null });
  else log.info('event', { name });
}

/** Logs an error thrown where nothing caught it: its class and code, never its message (it quotes paths and text). */
export function logCrash(log: LogFile, where: string, error: unknown): void {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  log.error('uncaught', { where, name, code: typeof code === 'string' ? code : '-' });
}
