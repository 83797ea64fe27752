import { dialog, type BrowserWindow } from 'electron';
import { text, translate, type Language } from '../../shared/i18n';
import type { LogFile } from '../logs';
import type { Services } from '../services';
import { decideRecovery, type PageTrouble } from './recovery';

/**
 * Watches `window`'s page: when it dies (`render-process-gone`) or hangs (`unresponsive`), the
 * decision of recovery.ts is carried out. A reload brings the page back with the draft main kept
 * (its first call is getDraft) and a notice, given to the services to deliver once. A hung page
 * is crashed first (Electron cannot reload a renderer that does not answer); the crash that
 * follows is that same trouble, not a second one.
 */
export function watchWindow(window: BrowserWindow, services: Promise<Services>, log: LogFile, language: () => Language): void {
  const reloads: number[] = [];
  let killingHungPage = false;

  function handle(trouble: PageTrouble): void {
    if (window.isDestroyed()) return;
    const now = Date.now();
    const decision = decideRecovery(trouble, now, reloads);
    log.warn('page-trouble', { kind: trouble.kind, reason: trouble.kind === 'gone' ? trouble.reason : '-', action: decision.action });
    if (decision.action === 'none') return;
    if (decision.action === 'give-up') {
      const say = (key: typeof decision.title) => translate(text(key), language());
      void dialog.showMessageBox(window, { type: 'error', title: say(decision.title), message: say(decision.title), detail: say(decision.message) });
      return;
    }
    reloads.push(now);
    void services.then((ready) => ready.notifyOnce('recovery', text(decision.notice)));
    if (trouble.kind === 'unresponsive') {
      killingHungPage = true;
      window.webContents.forcefullyCrashRenderer();
    }
    window.webContents.reload();
  }

  window.webContents.on('render-process-gone', (_event, details) => {
    if (killingHungPage) {
      killingHungPage = false;
      return;
    }
    handle({ kind: 'gone', reason: details.reason });
  });
  window.on('unresponsive', () => handle({ kind: 'unresponsive' }));
}
