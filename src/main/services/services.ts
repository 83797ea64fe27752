import { completionDetails } from './completion-details';
import fs from 'node:fs/promises';
import type { Sentence } from '../storage';
import type { ApiEvents, CallOutputs, CompletionItem, FolderListing, ValidCallInput, WorkspaceInfo } from '../../shared/api/contract';
import type { CallName, EventName } from '../../shared/api/channels';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { translate, type Text } from '../../shared/i18n';
import { createResultResolver, createImageResolver } from '../resolvers';
import { keepPastedImages, pastedImageLookup } from '../sessions/pasted-images';
import { formatReference } from '../../shared/grammar';
import { createDraftStore, type DraftStore } from '../sessions';
import type { SecretStore } from '../settings';
import { commitChoices } from './commits';
import { createExpander, type EngineFactory } from './expander';
import { createSender } from './sender';
import { createSessionsService } from './sessions-service';
import { createSettingsService } from './settings-service';
import { grantDroppedFile } from './grants';
import { createPathIndex, type PathEntry, type PathIndex } from './path-index';
import type { Pace } from '../workspace';
import { localServers } from '../model';
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
  /** Lists the sub-folders of a folder (the browser host's stand-in for the folder dialog). */
  listFolders?(request: { path: string; typed: boolean }): Promise<ApiResult<FolderListing>>;
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
  /**
   * Where API keys are kept. Default: the environment and memory (the browser host); the desktop
   * app passes the store encrypted with `safeStorage`.
   */
  secrets?: SecretStore;
  /**
   * The system's language, as tags (`ja_JP.UTF-8`), where the page cannot know it: the browser
   * host's locale, which wins over the browser's own language. Default: none (the page's own).
   */
  systemLanguageTags?: readonly string[];
  /** Local servers the first run looks for (tests point them at a loopback test server). Default: the presets' own addresses. */
  localPresets?: ReadonlyArray<{ id: string; baseUrl: string }>;
  /** How the workspace index paces completion queries (tests set one clock check per step). Default: the app's. */
  indexPace?: Pace;
}

/** Answers one call with an already validated payload. */
export type CallHandler = <N extends CallName>(name: N, input: ValidCallInput<N>) => Promise<ApiResult<CallOutputs[N]>>;

/** The main-process services behind the API, shared by Electron IPC and the browser host. */
export interface Services {
  /** Runs call `name`; the payload must have passed `validateCall` (the transports do it). */
  call: CallHandler;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
  /** Writes the draft, then stops background work (the index walk, a streaming reply, the engines' threads). */
  close(): Promise<void>;
  /**
   * A notice for the page's next start, shown once: sent when the page asks for the draft (as a
   * page reloaded after a crash does first), then forgotten. Keyed like the store's notices.
   */
  notifyOnce(key: string, text: Text): void;
}

/** The sentences of a Send that failed because the session could not be written. */
const SESSION_WRITE_KEYS: ReadonlySet<string> = new Set(['session.saveFailed', 'session.cannotCreate']);

type Handlers = { [N in CallName]: (input: ValidCallInput<N>) => Promise<ApiResult<CallOutputs[N]>> };

/**
 * Creates the services. Nothing runs until the first call, except opening `options.workspace` (or
 * the draft's workspace): its index, and its engine, started so the first reference need not wait.
 */
export function createServices(options: ServicesOptions = {}): Services {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  // Notices about Atmark's own files (issue 11): kept until withdrawn, and sent again whenever the
  // page asks for the draft at start, so a page that subscribed late still shows them.
  const notices = new Map<string, Sentence>();
  const onceNotices = new Map<string, Text>();
  function setNotice(key: string, sentence: Sentence | null): void {
    if (sentence === null ? !notices.delete(key) : notices.get(key)?.message === sentence.message) return;
    if (sentence !== null) notices.set(key, sentence);
    emit('storeNotice', sentence === null ? { key, message: null } : { key, ...sentence });
  }
  const store = createWorkspaceStore(options.userDataDir, (text) => setNotice('recent-workspaces', text));
  const settings = createSettingsService(options.userDataDir, options.secrets, (text) => setNotice('settings', text));
  let sessionGeneration = 0;
  const sessions = createSessionsService(
    options.userDataDir,
    () => void (sessionGeneration += 1),
    (text) => setNotice('session', text),
  );
  const resultResolver = createResultResolver(sessions.lookup);
  const imageResolver = createImageResolver(pastedImageLookup(() => sessions.currentDir()));
  // Every engine gets the settings' limits, and `@result` and `@image` from the current session only.
  const expander = createExpander(options.engineFactory, async () => {
    const engineOptions = await settings.engineOptions();
    const sessionDir = await sessions.currentDir();
    const root = workspace?.root ?? '';
    // The workspace's own allowed hosts join the global ones, in that workspace only.
    const allowHosts = [...engineOptions.allowHosts, ...(engineOptions.workspaceAllowHosts[root] ?? [])];
    const key = `${engineOptions.version}:${sessionGeneration}:${sessionDir ?? ''}:${root}`;
    // In-process engines take the resolver; a worker engine opens `sessionDir` itself.
    return {
      key,
      options: { limits: engineOptions.limits, allowHosts, promptLanguage: engineOptions.promptLanguage, maskAddresses: engineOptions.maskAddresses, imagesSent: engineOptions.imagesSent, resolvers: [resultResolver, imageResolver], sessionDir },
    };
  });
  const sender = createSender(settings, sessions);
  const drafts: DraftStore | null = options.userDataDir
    ? createDraftStore(options.userDataDir, { onWriteProblem: (text) => setNotice('draft-write', text), onConflict: (text) => setNotice('draft-conflict', text) })
    : null;
  let draftText = '';
  let closed = false;
  const gitCache = new Map<string, unknown>();
  let workspace: WorkspaceInfo | null = null;
  let index: PathIndex | null = null;
  let details: ReturnType<typeof completionDetails> | null = null;
  /** The rest of the latest `complete` asked for its first rows (a newer one or a cancel drops it). */
  let rest: { requestId: string; final: () => Promise<CompletionItem[] | null> } | null = null;

  function emit<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    for (const listener of listeners.get(event) ?? []) (listener as (p: ApiEvents[E]) => void)(payload);
  }

  async function open(path: string): Promise<ApiResult<WorkspaceInfo>> {
    const result = await store.open(path);
    if (!result.ok) return result;
    index?.close();
    rest = null;
    expander.reset();
    expander.grants.clear();
    workspace = result.value;
    const opened = createPathIndex(workspace.root, options.indexPace);
    index = opened;
    details = completionDetails(workspace.root, (items) => opened.gitMarks(items));
    emit('workspaceChanged', workspace);
    saveDraft();
    return result;
  }

  /** Keeps the draft with the workspace and grants as they are now. */
  function saveDraft(): void {
    if (closed) return;
    drafts?.save({ text: draftText, workspace: workspace?.root ?? null, grants: [...expander.grants] });
  }

  // The draft of the last run comes back: its text, and (unless a workspace was given) its
  // workspace with the files granted in it.
  const restored = drafts
    ? drafts.load().then((r) => {
        if (r.problem) setNotice('draft-damaged', r.problem);
        return r.draft;
      })
    : Promise.resolve(null);
  const started = (async () => {
    const draft = await restored;
    if (draft) draftText = draft.text;
    const folder = options.workspace ?? draft?.workspace ?? null;
    if (!folder) return;
    const opened = await open(folder);
    if (opened.ok && draft && draft.workspace === opened.value.root) for (const g of draft.grants) expander.grants.add(g);
    // With the grants restored, so the engine started is the one the first expansion asks for.
    if (opened.ok && !closed) expander.prepare(opened.value.root);
  })();

  async function complete(input: ValidCallInput<'complete'>): Promise<ApiResult<CompletionItem[]>> {
    if (!workspace || !index || !details) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
    const limit = input.limit ?? 50;
    rest = null;
    if (input.source === 'git') return ok(await commitChoices(workspace.root, 10, gitCache));
    if (input.source === 'result') return ok(await sessions.resultChoices(input.query, limit));
    const kinds = input.source === 'file' ? (['file'] as const) : input.source === 'folder' ? (['folder'] as const) : (['file', 'folder'] as const);
    const fill = details;
    const items = (found: PathEntry[]) => fill.fill(found.map((e): CompletionItem => ({ type: 'path' as const, ...e })));
    if (input.stage !== 'first') return ok(await items(await index.query(input.query, { kinds, limit })));
    const first = await index.queryFirst(input.query, { kinds, limit });
    const later = first.rest;
    if (later) rest = { requestId: input.requestId, final: async () => { const found = await later(); return found && items(found); } };
    return ok(await items(first.entries));
  }

  /** The final rows of the `complete` with this request id (see the contract's `completeRest`). */
  async function completeRest({ requestId }: ValidCallInput<'completeRest'>): Promise<ApiResult<CompletionItem[] | null>> {
    const mine = rest;
    if (!mine || mine.requestId !== requestId) return ok(null);
    rest = null;
    return ok(await mine.final());
  }

  /** Drops the rest of the completion `requestId`; true when there was one. */
  function dropRest(requestId: string): boolean {
    if (rest?.requestId !== requestId) return false;
    rest = null;
    return true;
  }

  const handlers: Handlers = {
    getWorkspace: async () => ok(workspace),
    openWorkspace: async ({ path }) => {
      const opened = await open(path);
      if (opened.ok && !closed) expander.prepare(opened.value.root);
      return opened;
    },
    pickWorkspace: async () => {
      if (!options.platform?.pickFolder) return fail('unsupported', SERVICE_TEXT.unsupportedHere('The folder dialog'));
      const picked = await options.platform.pickFolder();
      return picked === null ? ok(null) : open(picked);
    },
    recentWorkspaces: async () => ok(await store.recent()),
    listFolders: async (input) => {
      if (!options.platform?.listFolders) return fail('unsupported', SERVICE_TEXT.unsupportedHere('The folder browser'));
      return options.platform.listFolders(input);
    },
    expand: async (input) => {
      if (!workspace) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
      const { requestId } = input;
      return expander.expand(workspace.root, input, (p) => emit('expandProgress', { requestId, ...p }));
    },
    cancel: async ({ requestId }) => ok(expander.cancel(requestId) || sender.stop(requestId) || dropRest(requestId)),
    complete,
    completeRest,
    grantFile: async ({ path }) => {
      if (!workspace) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
      const granted = await grantDroppedFile(path, workspace.root, expander.grants);
      saveDraft();
      return granted;
    },
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
    getSettings: () => settings.view(),
    saveSettings: async ({ settings: input }) => settings.save(input),
    setApiKey: async ({ endpointId, key }) => settings.setKey(endpointId, key),
    deleteApiKey: async ({ endpointId }) => settings.deleteKey(endpointId),
    listModels: async ({ endpointId }) => ok(await settings.models(endpointId)),
    systemLanguage: async () => ok([...(options.systemLanguageTags ?? [])]),
    localServers: async () => ok(await localServers(options.localPresets)),
    send: async (input) => {
      const root = workspace?.root ?? null;
      const answer = await sender.send(input, async () => (root ? expander.engine(root, input.contextLength) : null), (p) => emit('sendProgress', p));
      // A run or reply that could not be written is a notice until a later Send is recorded.
      const unsaved = answer.ok
        ? answer.value.error?.code === 'save_failed' && answer.value.error
        : SESSION_WRITE_KEYS.has(answer.error.text?.key ?? '') && answer.error;
      if (unsaved) setNotice('session-write', unsaved);
      else if (answer.ok) setNotice('session-write', null);
      return answer;
    },
    keepImage: async (input) => {
      const session = await sessions.current();
      if (!session.ok) return session;
      const [kept] = await keepPastedImages(session.value.dir, [input]);
      if (!kept) return fail('invalid_request', SERVICE_TEXT.imageNotKept);
      return ok({ reference: formatReference('image', kept.reference) ?? `@image:${kept.reference}`, sha256: kept.sha256, format: kept.format, width: kept.width, height: kept.height });
    },
    listSessions: () => sessions.list(),
    newSession: () => sessions.startNew(),
    listRuns: async ({ sessionId }) => sessions.runs(sessionId),
    readRun: async ({ sessionId, runId }) => sessions.readRun(sessionId, runId),
    exportRun: async ({ sessionId, runId }) => sessions.exportRun(sessionId, runId),
    saveDraft: async ({ text }) => {
      draftText = text;
      saveDraft();
      return ok(true as const);
    },
    getDraft: async () => {
      const draft = await restored;
      await settings.view();
      // The page asks for the draft once it listens: the notices raised before then go out again.
      setImmediate(() => {
        for (const [key, sentence] of notices) emit('storeNotice', { key, message: sentence.message, ...(sentence.text ? { text: sentence.text } : {}) });
        for (const [key, said] of onceNotices) emit('storeNotice', { key, message: translate(said, 'en'), text: said });
        onceNotices.clear();
      });
      if (!draft && draftText === '') return ok(null);
      return ok({ text: draftText, workspace: workspace?.root ?? null, savedAt: draft?.savedAt ?? new Date().toISOString() });
    },
  };

  return {
    async call(name, input) {
      await started;
      return handlers[name](input);
    },
    notifyOnce(key, said) {
      onceNotices.set(key, said);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    async close() {
      // The start (restoring the draft's workspace) finishes first, so nothing writes after close.
      await started.catch(() => undefined);
      closed = true;
      // The draft first: it is what a person would lose if stopping took too long.
      await drafts?.close();
      sender.stopAll();
      index?.close();
      // The engines' worker threads end here; an idle thread would otherwise outlive the host.
      await Promise.all([index?.ready(), expander.close()]);
    },
  };
}
