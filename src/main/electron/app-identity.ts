/**
 * Who the app says it is. One source, read by electron-builder.ts and main.ts; it imports nothing,
 * so the packaging config can load it.
 */

/**
 * electron-builder's `appId` (the installer's shortcut carries it) and Windows' AppUserModelId (the
 * taskbar groups the windows, pins the app and shows its jump list by it).
 */
export const APP_ID = 'app.atmark.desktop';

/** The copyright line of the installers and the About panel. */
export const COPYRIGHT = 'Copyright © 2026 the Atmark contributors. MIT License.';
