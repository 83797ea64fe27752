/**
 * The window's lockdown decisions, as pure functions of their input, so a table of hostile inputs
 * can test them without Electron. `security.ts` wires them into Electron; nothing else decides.
 * Atmark's renderer never navigates, never opens windows, never needs a permission and has no
 * webviews: every such request is denied, and only the app's own page may call the API.
 */

/** Where the app's page is loaded from. */
export interface AppLocation {
  /** The built page on the app's own scheme, `app://atmark/index.html` (see app-protocol-policy.ts). */
  pageUrl: string;
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
 * True when `url` is the app's own page: the page on the app's scheme and host (any query or
 * fragment), or a page of the dev server's exact origin. Look-alikes (other files, other hosts,
 * ports, userinfo tricks) are not.
 */
export function isAppUrl(url: string, app: AppLocation): boolean {
  const target = parse(url);
  if (!target) return false;
  const page = parse(app.pageUrl);
  if (page && target.protocol === page.protocol) {
    return target.host === page.host && target.username === '' && target.password === '' && (target.pathname === page.pathname || target.pathname === '/');
  }
  if (!app.devServerUrl) return false;
  const dev = parse(app.devServerUrl);
  return dev !== null && (target.protocol === 'http:' || target.protocol === 'https:') && target.origin === dev.origin && target.username === '' && target.password === '';
}

/** Longest link handed to the system browser. */
const MAX_EXTERNAL_URL = 2048;

/**
 * Whether a link the person clicked (in the preview or the conversation) may open in the system
 * browser through `shell.openExternal`: `https:` only, with a host and without credentials. Every
 * other scheme (`file:`, `smb:`, `javascript:`, custom protocol handlers that launch programs) is
 * refused, since openExternal hands the URL to the OS.
 */
export function decideExternalLink(url: string): Decision {
  const target = url.length <= MAX_EXTERNAL_URL ? parse(url) : null;
  if (!target) return deny(`the link ${truncate(url)} is not a valid address`);
  if (target.protocol !== 'https:') return deny(`links with ${truncate(target.protocol)} are not opened; only https links are`);
  if (!target.hostname) return deny('the link has no host');
  if (target.username || target.password) return deny('links with a user name or password are not opened');
  return { allow: true, reason: `opens ${truncate(target.href)} in the system browser` };
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

/**
 * Whether the renderer's spellchecker runs on `platform`. Only macOS checks spelling with the
 * system's own dictionaries; elsewhere Chromium would download Hunspell dictionaries from Google's
 * servers, which an app that promises to send nothing unasked must not do, so it stays off there.
 */
export function spellcheckEnabled(platform: NodeJS.Platform): boolean {
  return platform === 'darwin';
}

function truncate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
