import fs from 'node:fs/promises';
import type { ApiEvents, CallOutputs, CompletionItem, ValidCallInput, WorkspaceInfo } from '../../shared/api/contract';
import type { CallName, EventName } from '../../shared/api/channels';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { commitChoices } from './commits';
import { createExpander, type EngineFactory } from './expander';
import { grantDroppedFile } from './grants';
import { createPathIndex, type PathIndex } from './path-index';
import { SERVICE_TEXT } from './text';
import { createWorkspaceStore } from './workspaces';

/** What only the hosting shell can do (dialogs, the system clipboard). Missing ones answer `unsupported`. */
export interface Platform {
  /** Asks the person for a folder; null when they cancelled. */
  pickFolder?(): Promise<string | null>;
  /** Writes text to the system clipboard. */
  writeClipboard?(text: string): void;
  /** Asks where to save an export; null when they cancelled. */
  chooseExportPath?(suggestedName: string): Promise<string | null>;
}

/** Options of {@link createServices}. */
export interface ServicesOptions {
  /** Folder opened at start. Default: none (the person opens one). */
  workspace?: string;
  /** Where recent workspaces are remembered. Default: memory only. */
  userDataDir?: string;
  platform?: Platform;
  /** Default: the engine's `createEngine`. */
  engineFactory?: EngineFactory;
}

/** Answers one call with an already validated payload. */
export type CallHandler = <N extends CallName>(name: N, input: ValidCallInput<N>) => Promise<ApiResult<CallOutputs[N]>>;

/** The main-process services behind the API, shared by Electron IPC and the browser host. */
export interface Services {
  /** Runs call `name`; the payload must have passed `validateCall` (the transports do it). */
  call: CallHandler;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  /** Stops background work (the index walk). */
  close(): Promise<void>;
}

type Handlers = { [N in CallName]: (input: ValidCallInput<N>) => Promise<ApiResult<CallOutputs[N]>> };

/** Creates the services. Nothing runs until the first call, except opening `options.workspace`. */
export function createServices(options: ServicesOptions = {}): Services {
  const store = createWorkspaceStore(options.userDataDir);
  const expander = createExpander(options.engineFactory);
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const gitCache = {};
  let workspace: WorkspaceInfo | null = null;
  let index: PathIndex | null = null;

  function emit<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    for (const listener of listeners.get(event) ?? []) (listener as (p: ApiEvents[E]) => void)(payload);
  }

  async function open(path: string): Promise<ApiResult<WorkspaceInfo>> {
    const result = await store.open(path);
    if (!result.ok) return result;
    index?.close();
    expander.reset();
    expander.grants.clear();
    workspace = result.value;
    index = createPathIndex(workspace.root);
    emit('workspaceChanged', workspace);
    return result;
  }
  const started = options.workspace ? open(options.workspace) : Promise.resolve(null);

  async function complete(input: ValidCallInput<'complete'>): Promise<ApiResult<CompletionItem[]>> {
    if (!workspace || !index) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
    const limit = input.limit ?? 50;
    if (input.source === 'git') return ok(await commitChoices(workspace.root, 10, gitCache));
    if (input.source === 'result') return ok([]); // sessions (a later issue) fill this
    const kinds = input.source === 'file' ? (['file'] as const) : input.source === 'folder' ? (['folder'] as const) : (['file', 'folder'] as const);
    return ok((await index.query(input.query, { kinds, limit })).map((e) => ({ type: 'path' as const, ...e })));
  }

  const handlers: Handlers = {
    getWorkspace: async () => ok(workspace),
    openWorkspace: async ({ path }) => open(path),
    pickWorkspace: async () => {
      if (!options.platform?.pickFolder) return fail('unsupported', SERVICE_TEXT.unsupportedHere('The folder dialog'));
      const picked = await options.platform.pickFolder();
      return picked === null ? ok(null) : open(picked);
    },
    recentWorkspaces: async () => ok(await store.recent()),
    expand: async (input) => {
      if (!workspace) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
      const { requestId } = input;
      return expander.expand(workspace.root, input, (p) => emit('expandProgress', { requestId, ...p }));
    },
    cancel: async ({ requestId }) => ok(expander.cancel(requestId)),
    complete,
    grantFile: async ({ path }) => (workspace ? grantDroppedFile(path, workspace.root, expander.grants) : fail('no_workspace', SERVICE_TEXT.noWorkspace)),
    copyText: async ({ text }) => {
      if (!options.platform?.writeClipboard) return fail('unsupported', SERVICE_TEXT.unsupportedHere('The system clipboard'));
      options.platform.writeClipboard(text);
      return ok(true as const);
    },
    exportMarkdown: async ({ markdown, suggestedName }) => {
      if (!options.platform?.chooseExportPath) return fail('unsupported', SERVICE_TEXT.unsupportedHere('Saving a file'));
      const target = await options.platform.chooseExportPath(suggestedName);
      if (target === null) return ok(null);
      await fs.writeFile(target, markdown, 'utf8');
      return ok({ path: target });
    },
  };

  return {
    async call(name, input) {
      await started;
      return handlers[name](input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    async close() {
      index?.close();
      await index?.ready();
    },
  };
}
