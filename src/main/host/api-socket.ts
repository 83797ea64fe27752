import type { WebSocket } from 'ws';
import { EVENT_NAMES } from '../../shared/api/channels';
import { fail } from '../../shared/api/result';
import { isCallName, validateCall } from '../../shared/api/validate';
import type { Services } from '../services';
import type { Text } from '../../shared/i18n/text';
import { HOST_TEXT } from './text';

/**
 * The API over one WebSocket. The wire format is JSON:
 * client -> host `{t: 'call', id, name, payload}`; host -> client `{t: 'result', id, result}` and
 * `{t: 'event', name, payload}`. Every payload is validated with the contract's schemas before it
 * reaches the services, exactly as the Electron IPC handlers do.
 */

/** A call as it arrives on the wire. */
interface WireCall {
  t: 'call';
  id: number;
  name: unknown;
  payload: unknown;
}

/** Serves the API on `socket` until it closes; running expansions of this socket are cancelled then. */
export function attachApiSocket(socket: WebSocket, services: Services): void {
  const running = new Set<string>();
  const unsubscribes = EVENT_NAMES.map((name) =>
    services.on(name, (payload) => send(socket, { t: 'event', name, payload })),
  );
  socket.on('message', (data, isBinary) => {
    const parsed = isBinary ? { problem: HOST_TEXT.binary, id: null } : parseCall(data.toString());
    if ('problem' in parsed) {
      // Answered all the same (with the id when one could be read), so the caller is never left waiting.
      send(socket, { t: 'result', id: parsed.id, result: fail('invalid_request', parsed.problem) });
      return;
    }
    const call = parsed;
    void answer(call, services, running).then((result) => send(socket, { t: 'result', id: call.id, result }));
  });
  // A message over the size cap (or a broken frame) makes ws raise an error and close this socket
  // with 1009; without a listener the error would end the whole host, and every other tab with it.
  socket.on('error', () => undefined);
  socket.on('close', () => {
    for (const off of unsubscribes) off();
    for (const requestId of running) void services.call('cancel', { requestId });
  });
}

async function answer(call: WireCall, services: Services, running: Set<string>): Promise<unknown> {
  if (!isCallName(call.name)) return fail('invalid_request', `There is no call named "${String(call.name).slice(0, 60)}".`);
  const valid = validateCall(call.name, call.payload);
  if (!valid.ok) return valid;
  const requestId = call.name === 'expand' ? (valid.value as { requestId: string }).requestId : null;
  if (requestId) running.add(requestId);
  try {
    return await services.call(call.name, valid.value);
  } catch (error) {
    // Services answer with values; a throw is a bug, reported without taking the host down.
    return fail('failed', error instanceof Error ? error.message : String(error));
  } finally {
    if (requestId) running.delete(requestId);
  }
}

/** A message that is not a call: why, and its id when it has a usable one. */
interface NotACall {
  problem: Text;
  id: number | null;
}

function parseCall(text: string): WireCall | NotACall {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: HOST_TEXT.notJson, id: null };
  }
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const id = typeof v.id === 'number' && Number.isSafeInteger(v.id) ? v.id : null;
  if (v.t !== 'call' || id === null) return { problem: HOST_TEXT.notACall, id };
  return { t: 'call', id, name: v.name, payload: v.payload };
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
