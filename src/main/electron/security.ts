import { app, session, type WebContents } from 'electron';
import {
  appContentSecurityPolicy,
  decideNavigation,
  decidePermission,
  decideWebviewAttach,
  decideWindowOpen,
  type AppLocation,
  type Decision,
} from './security-policy';

/**
 * Installs the lockdown for every web contents the app creates: navigation, redirects, new
 * windows, webviews and permissions go through the pure decisions of `security-policy.ts`, and the
 * app's responses carry its Content-Security-Policy. Call once, before the first window.
 */
export function installSecurity(location: AppLocation, log: (line: string) => void = console.warn): void {
  const refused = (d: Decision) => {
    if (!d.allow) log(`atmark: ${d.reason}`);
    return !d.allow;
  };
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => refused(decideNavigation(url, location)) && event.preventDefault());
    contents.on('will-redirect', (event, url) => refused(decideNavigation(url, location)) && event.preventDefault());
    contents.on('will-attach-webview', (event, _prefs, params) => refused(decideWebviewAttach(params.src ?? '')) && event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      refused(decideWindowOpen(url));
      return { action: 'deny' };
    });
  });
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((contents, permission, callback) => callback(!refused(decidePermission(permission, contents.getURL()))));
  ses.setPermissionCheckHandler((_contents, permission, origin) => decidePermission(permission, origin).allow);
  const csp = appContentSecurityPolicy(location);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}
