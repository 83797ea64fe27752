import type { StateCreator } from 'zustand';
import type { AtmarkApi, WorkspaceInfo } from '../../shared/api/contract';
import { uiText } from '../i18n/said';
import type { AppState } from './types';

/**
 * What a workspace switch clears at once: the old workspace's preview must not stay on screen, nor
 * Send stay enabled for it, until the new workspace's expansion arrives (`busy` until then).
 */
const CLEARED = { result: null, resultText: null, busy: true } as const;

/** The open workspace and the recent ones. */
export interface WorkspaceSlice {
  workspace: WorkspaceInfo | null;
  /**
   * False until the host has said which workspace is open: the composer draws before the API
   * answers (the browser host's start state), and "no folder open" must not show meanwhile.
   */
  workspaceKnown: boolean;
  recent: string[];
  /** Opens `path` as the workspace; the reason lands in `notice` when it fails. */
  openWorkspace(path: string): Promise<boolean>;
  /** Opens the system folder dialog (Electron); false where there is none. */
  pickWorkspace(): Promise<boolean>;
  /** Loads the current workspace and the recent list. */
  loadWorkspace(): Promise<void>;
  /** True while the browser host's folder browser is open. */
  folderBrowserOpen: boolean;
  /** Opens or closes the folder browser (the browser host's stand-in for the folder dialog). */
  showFolderBrowser(open: boolean): void;
}

/** Creates the slice; a workspace change elsewhere (another window, the host) is followed too. */
export function createWorkspaceSlice(api: AtmarkApi): StateCreator<AppState, [], [], WorkspaceSlice> {
  return (set, get) => {
    api.onWorkspaceChanged((workspace) => {
      set({ workspace, workspaceKnown: true, ...CLEARED });
      get().refresh();
    });

    async function loadRecent(): Promise<void> {
      const recent = await api.recentWorkspaces({});
      if (recent.ok) set({ recent: recent.value });
    }

    return {
      workspace: null,
      workspaceKnown: false,
      recent: [],
      folderBrowserOpen: false,
      showFolderBrowser(open) {
        set({ folderBrowserOpen: open });
        // The browser is the way out a drop's notice offered: the notice has done its work.
        if (open) get().clearNoticeAbout('drop');
      },
      async openWorkspace(path) {
        const opened = await api.openWorkspace({ path });
        if (!opened.ok) {
          get().notify('error', opened.error);
          return false;
        }
        set({ workspace: opened.value, workspaceKnown: true, ...CLEARED });
        get().notify('info', uiText('ui.workspace.opened', { name: opened.value.name }));
        get().refresh();
        await loadRecent();
        return true;
      },
      async pickWorkspace() {
        const picked = await api.pickWorkspace({});
        if (!picked.ok) return false;
        if (picked.value) {
          set({ workspace: picked.value, workspaceKnown: true, ...CLEARED });
          get().refresh();
          await loadRecent();
        }
        return true;
      },
      async loadWorkspace() {
        const current = await api.getWorkspace({});
        // Known even when the call failed: the bar then says none is open, as it can do no better.
        set(current.ok ? { workspace: current.value, workspaceKnown: true } : { workspaceKnown: true });
        await loadRecent();
        get().refresh();
      },
    };
  };
}
