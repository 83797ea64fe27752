/**
 * Names of the API's calls and events, and the IPC channels carrying them. Kept apart from the
 * schemas so the preload and the renderer can use them without bundling the validator.
 */

/** Every call, in no particular order. */
export const CALL_NAMES = [
  'getWorkspace',
  'openWorkspace',
  'pickWorkspace',
  'recentWorkspaces',
  'listFolders',
  'expand',
  'cancel',
  'complete',
  'completeRest',
  'grantFile',
  'copyText',
  'exportMarkdown',
  'getSettings',
  'saveSettings',
  'setApiKey',
  'deleteApiKey',
  'listModels',
  'localServers',
  'systemLanguage',
  'send',
  'keepImage',
  'listSessions',
  'newSession',
  'listRuns',
  'readRun',
  'exportRun',
  'saveDraft',
  'getDraft',
] as const;

/** Name of one call. */
export type CallName = (typeof CALL_NAMES)[number];

/** Every event main pushes to the renderer. */
export const EVENT_NAMES = ['expandProgress', 'workspaceChanged', 'sendProgress', 'storeNotice', 'menuCommand'] as const;

/** Name of one event. */
export type EventName = (typeof EVENT_NAMES)[number];

/** The IPC channel that carries call `name`. */
export function callChannel(name: CallName): string {
  return `atmark:call:${name}`;
}

/** The IPC channel that carries event `name`. */
export function eventChannel(name: EventName): string {
  return `atmark:event:${name}`;
}
