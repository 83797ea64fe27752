import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { AtmarkApi } from '../shared/api/contract';
import { CALL_NAMES, callChannel, eventChannel, type EventName } from '../shared/api/channels';

/**
 * The preload: exposes the contract's functions as `window.atmark`, one per call, and nothing else
 * (never `ipcRenderer` itself). Main checks every call's sender and payload again.
 */
function subscribe<T>(name: EventName, listener: (payload: T) => void): () => void {
  const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload as T);
  ipcRenderer.on(eventChannel(name), wrapped);
  return () => void ipcRenderer.removeListener(eventChannel(name), wrapped);
}

const calls = Object.fromEntries(CALL_NAMES.map((name) => [name, (payload: unknown) => ipcRenderer.invoke(callChannel(name), payload)]));

const api: AtmarkApi = {
  ...(calls as unknown as Omit<AtmarkApi, 'transport' | 'pathForFile' | 'onExpandProgress' | 'onWorkspaceChanged' | 'onSendProgress' | 'onStoreNotice' | 'onMenuCommand'>),
  transport: 'electron',
  // Electron no longer puts `path` on File; webUtils reads it for a File from a drop.
  pathForFile: (file) => {
    try {
      return webUtils.getPathForFile(file as File) || null;
    } catch {
      return null;
    }
  },
  onExpandProgress: (listener) => subscribe('expandProgress', listener),
  onWorkspaceChanged: (listener) => subscribe('workspaceChanged', listener),
  onSendProgress: (listener) => subscribe('sendProgress', listener),
  onStoreNotice: (listener) => subscribe('storeNotice', listener),
  onMenuCommand: (listener) => subscribe('menuCommand', listener),
};

contextBridge.exposeInMainWorld('atmark', api);
