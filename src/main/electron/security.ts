import { app, session, shell, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../../shared/csp';
import {
  decideExternalLink,
  decideNavigation,
  decidePermission,
  decideWebviewAttach,
  decideWindowOpen,
  isAppUrl,
  spellcheckEnabled,
  type AppLocation,
  type Decision,
} from './security-policy';

/**
 * Installs the lockdown for every web contents the app creates: navigation, redirects, new
 * windows, webviews and permissions go through the pure decisions of `security-policy.ts`; an
 * https link the person clicks opens in the system browser instead. The page's own responses
 * carry the CSP from the app scheme's handler (app-protocol.ts); the dev server's get it here.
 * Call once, before the first window.
 */
export function installSecurity(location: AppLocation, log: (line: string) => void = console.warn): void {
  const refused = (d: Decision) => {
    if (!d.allow) log(`atmark: ${d.reason}`);
    return !d.allow;
  };
  /** A link followed or opened in a new window: the system browser, for https only. */
  const openOutside = (url: string) => {
    const verdict = decideExternalLink(url);
    if (verdict.allow) void shell.openExternal(url);
    else log(`atmark: ${verdict.reason}`);
  };
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (isAppUrl(url, location)) return;
      event.preventDefault();
      if (refused(decideNavigation(url, location))) openOutside(url);
    });
    contents.on('will-redirect', (event, url) => refused(decideNavigation(url, location)) && event.preventDefault());
    contents.on('will-attach-webview', (event, _prefs, params) => refused(decideWebviewAttach(params.src ?? '')) && event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      decideWindowOpen(url); // never a window of ours; a link goes to the system browser
      openOutside(url);
      return { action: 'deny' };
    });
  });
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((contents, permission, callback) => callback(!refused(decidePermission(permission, contents.getURL()))));
  ses.setPermissionCheckHandler((_contents, permission, origin) => decidePermission(permission, origin).allow);
  // No dictionary downloads (see spellcheckEnabled); macOS checks with the system's own.
  ses.setSpellCheckerEnabled(spellcheckEnabled(process.platform));
  if (location.devServerUrl) {
    const csp = contentSecurityPolicy({ kind: 'electron' }, { devServer: location.devServerUrl });
    ses.webRequest.onHeadersReceived({ urls: [`${new URL(location.devServerUrl).origin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }
}
