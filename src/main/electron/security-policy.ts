/**
 * The window's lockdown decisions, as pure functions of their input, so a table of hostile inputs
 * can test them without Electron. `security.ts` wires them into Electron; nothing else decides.
 * Atmark's renderer never navigates, never opens windows, never needs a permission and has no
 * webviews: every such request is denied, and only the app's own page may call the API.
 */

/** Where the app's page is loaded from. */
export interface AppLocation {
  /** The built page, `file:///.../out/renderer/index.html`, in production. */
  rendererFileUrl: string;
  /** The electron-vite dev server (`http://localhost:5173/`) in development, when used. */
  devServerUrl?: string;
}

/** A decision with the reason, for the log. */
export interface Decision {
  allow: boolean;
  reason: string;
}

const deny = (reason: string): Decision => ({ allow: false, reason });

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` is the app's own page: the exact built file (any query or fragment), or a page of
 * the dev server's exact origin. Look-alikes (other files, other ports, userinfo tricks) are not.
 */
export function isAppUrl(url: string, app: AppLocation): boolean {
  const target = parse(url);
  if (!target) return false;
  if (target.protocol === 'file:') {
    const page = parse(app.rendererFileUrl);
    return page !== null && target.host === page.host && target.pathname === page.pathname;
  }
  if (!app.devServerUrl) return false;
  const dev = parse(app.devServerUrl);
  return dev !== null && (target.protocol === 'http:' || target.protocol === 'https:') && target.origin === dev.origin && target.username === '' && target.password === '';
}

/** Navigation (links, `location = ...`, redirects): only reloading the app's own page. */
export function decideNavigation(url: string, app: AppLocation): Decision {
  return isAppUrl(url, app) ? { allow: true, reason: 'reload of the app page' } : deny(`navigation to ${truncate(url)} is not allowed`);
}

/** `window.open` and `target=_blank`: never a new window. */
export function decideWindowOpen(url: string): Decision {
  return deny(`opening a new window for ${truncate(url)} is not allowed`);
}

/** Permission requests and checks (camera, notifications, clipboard, ...): all denied. */
export function decidePermission(permission: string, requestingUrl: string): Decision {
  return deny(`permission "${truncate(permission)}" requested by ${truncate(requestingUrl)} is not granted`);
}

/** `<webview>` attachment: never (the tag is disabled too). */
export function decideWebviewAttach(src: string): Decision {
  return deny(`attaching a webview for ${truncate(src)} is not allowed`);
}

/** The frame an IPC message came from. */
export interface SenderFrame {
  url: string;
  /** True when it is the window's top frame (not an iframe). */
  isMainFrame: boolean;
}

/** An API call is answered only from the app's own page in its top frame. */
export function isTrustedSender(frame: SenderFrame | null | undefined, app: AppLocation): boolean {
  return frame !== null && frame !== undefined && frame.isMainFrame && isAppUrl(frame.url, app);
}

/** The Content-Security-Policy sent with the app's page (the same as the meta tag). */
export function appContentSecurityPolicy(app: AppLocation): string {
  const dev = app.devServerUrl ? parse(app.devServerUrl) : null;
  // In development Vite's client talks to its server over a WebSocket for hot reload.
  const connect = dev ? `'self' ws://${dev.host}` : "'self'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src ${connect}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
}

function truncate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
