import { text } from '../../shared/i18n/text';
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CALL_NAMES, EVENT_NAMES, callChannel, eventChannel, type CallName } from '../../shared/api/channels';
import { fail } from '../../shared/api/result';
import { validateCall } from '../../shared/api/validate';
import type { Services } from '../services';
import { isTrustedSender, type AppLocation } from './security-policy';

/**
 * Wires every call of the contract to the services. Each message is checked for its sender (the
 * app's page in the window's top frame) and its payload (the contract's schema) before it runs.
 * Events go to the window. `services` may still be loading (the window shows before the engine
 * is loaded): calls wait for it. `onCall` sees each call's name and outcome after it ran (the
 * log, the menu following the language and the recent workspaces). Returns a function that
 * removes the handlers.
 */
export function registerIpc(services: Promise<Services>, location: AppLocation, window: BrowserWindow, onCall: (name: CallName, result: unknown) => void = () => undefined): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(callChannel(name), async (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      const trusted = isTrustedSender(frame ? { url: frame.url, isMainFrame: frame === event.sender.mainFrame } : null, location);
      if (!trusted) return fail('forbidden', text('service.forbidden'));
      const valid = validateCall(name, payload);
      if (!valid.ok) return valid;
      let result: unknown;
      try {
        result = await (await services).call(name, valid.value);
      } catch (error) {
        result = fail('failed', error instanceof Error ? error.message : String(error));
      }
      onCall(name, result);
      return result;
    });
  }
  let unsubscribes: Array<() => void> = [];
  let removed = false;
  void services.then((ready) => {
    if (removed) return;
    unsubscribes = EVENT_NAMES.map((name) =>
      ready.on(name, (payload) => {
        if (!window.isDestroyed()) window.webContents.send(eventChannel(name), payload);
      }),
    );
  });
  return () => {
    removed = true;
    for (const name of CALL_NAMES) ipcMain.removeHandler(callChannel(name));
    for (const off of unsubscribes) off();
  };
}
