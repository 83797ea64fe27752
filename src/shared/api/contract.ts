import type { DocumentUnit } from '../documents';
import * as z from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { ADDRESS_MASKING } from '../address-masking';
import type { ExpansionResult, ReferenceProgress } from '../expansion';
import type { ApiResult } from './result';
import type { CallName } from './channels';
import type { DraftView, RunSummaryView, RunView, SendAnswer, SendProgress, SessionListView, SessionSummaryView, SettingsView } from './session-types';
import type { Text } from '../i18n/text';

/**
 * The one contract between the renderer and the main process. Electron IPC and the browser host's
 * WebSocket carry exactly these calls and events; main validates every payload with these schemas
 * (and every sender) before anything runs.
 */

/** The longest draft kept, in characters (UTF-16 code units, as zod counts them). */
export const MAX_DRAFT_CHARS = 8_000_000;

/**
 * The largest WebSocket message the browser host accepts, derived from the contract so the two agree:
 * the longest string a call sends over the socket (a draft) can take up to 6 bytes per character as
 * JSON (`\u0001`), plus 1 MiB for the rest of the call. A larger message closes that socket with code
 * 1009 and an error; the host and its other sockets go on. Copy and Export never cross the socket
 * (the browser does them itself), so their larger limits do not count here.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 6 * MAX_DRAFT_CHARS + 1024 * 1024;

const path = z.string().min(1).max(4096);
const requestId = z.string().min(1).max(64);
const entityId = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/);
/** A session id, or null for the current session. */
const sessionId = entityId.nullable();
const count = (max: number) => z.number().int().min(0).max(max);

/** Settings as the settings view saves them; main checks every field's meaning again (checkSettings). */
const settingsInput = z.strictObject({
  endpoints: z
    .array(
      z.strictObject({
        id: entityId,
        name: z.string().max(200),
        preset: z.enum(['openai', 'anthropic', 'gemini', 'openrouter', 'ollama', 'lmstudio', 'vllm', 'llamacpp', 'custom']),
        baseUrl: z.string().max(2048),
        model: z.string().max(400),
        apiKeyRef: entityId.nullable(),
        contextLength: z.number().int().min(256).max(10_000_000),
        acceptsImages: z.boolean().optional(),
      }),
    )
    .max(50),
  chosenEndpointId: entityId.nullable(),
  limits: z.strictObject({
    maxReferences: count(100),
    maxReferenceBytes: count(1024 ** 3),
    maxTotalBytes: count(1024 ** 3),
    softTokenRatio: z.number().min(0).max(1),
    hardTokenRatio: z.number().min(0).max(1),
    maxFolderEntries: count(1_000_000),
    maxGitCommits: count(1000),
    gitTimeoutMs: count(3_600_000),
    urlTimeoutMs: count(3_600_000),
    folderTimeoutMs: count(3_600_000),
    documentTimeoutMs: count(3_600_000),
    maxUrlBytes: count(1024 ** 3),
  }),
  allowHosts: z.array(z.string().max(300)).max(100),
  workspaceAllowHosts: z.record(z.string().min(1).max(4096), z.array(z.string().max(300)).max(100)).optional(),
  language: z.enum(['system', ...LANGUAGES]).optional(),
  promptLanguage: z.enum(LANGUAGES).optional(),
  maskAddresses: z.enum(ADDRESS_MASKING).optional(),
});

/** Payload schema of every call, by call name. Unknown keys are rejected. */
export const CALL_SCHEMAS = {
  /** The workspace currently open, or null. */
  getWorkspace: z.strictObject({}),
  /** Opens the folder at `path` as the workspace (and remembers it as recent). */
  openWorkspace: z.strictObject({ path }),
  /** Asks the person for a folder with the system dialog (Electron only). */
  pickWorkspace: z.strictObject({}),
  /** Recently opened workspaces, newest first. */
  recentWorkspaces: z.strictObject({}),
  /**
   * The sub-folders of a folder, by name (the browser host's folder browser; never file contents).
   * Confined to the home folder unless `typed` (the person typed the path). Empty path: home.
   */
  listFolders: z.strictObject({ path: z.string().max(4096), typed: z.boolean() }),
  /** Expands a message with the engine; progress arrives as `expandProgress` events. */
  expand: z.strictObject({
    requestId,
    text: z.string().max(1_000_000),
    contextLength: z.number().int().min(256).max(10_000_000),
    /** Re-read every reference instead of reusing unchanged ones: for what is copied, exported or sent. */
    fresh: z.boolean().optional(),
    /** References (as written) the person pressed Retry on: documents among them are read without a work budget. */
    retry: z.array(z.string().max(100_000)).max(100).optional(),
    /** For an export: email addresses are masked unless Settings say never. */
    forExport: z.boolean().optional(),
  }),
  /** Cancels a running `expand` or `complete` with this request id; a no-op when it already ended. */
  cancel: z.strictObject({ requestId }),
  /** Completion candidates from the workspace index, git or the session. */
  complete: z.strictObject({
    requestId,
    source: z.enum(['path', 'file', 'folder', 'git', 'result']),
    query: z.string().max(1024),
    limit: z.number().int().min(1).max(200).optional(),
    /**
     * `first`: answer a path query's first rows at once (a broad query on a large index ranks the
     * rest in idle slices); `completeRest` with the same request id then gives the final rows.
     */
    stage: z.literal('first').optional(),
  }),
  /**
   * The final rows of a `complete` asked with `stage: 'first'`, by its request id: null when its
   * first rows were final already, or a newer completion or a cancel replaced it.
   */
  completeRest: z.strictObject({ requestId }),
  /** Grants one file for `@file:` (a file dropped on the composer); returns the reference to insert. */
  grantFile: z.strictObject({ path }),
  /** Puts text on the system clipboard. */
  copyText: z.strictObject({ text: z.string().max(20_000_000) }),
  /** Saves the expanded message as a Markdown file the person chooses. */
  exportMarkdown: z.strictObject({
    markdown: z.string().max(20_000_000),
    suggestedName: z.string().min(1).max(200),
  }),
  /** The settings without keys: endpoints (each saying whether a key is kept), limits, presets. */
  getSettings: z.strictObject({}),
  /** Validates and saves the settings; answers them as now stored. */
  saveSettings: z.strictObject({ settings: settingsInput }),
  /** Keeps an API key for an endpoint (encrypted on disk in the app; in memory in the browser host). */
  setApiKey: z.strictObject({ endpointId: entityId, key: z.string().min(1).max(8192) }),
  /** Forgets an endpoint's API key. */
  deleteApiKey: z.strictObject({ endpointId: entityId }),
  /**
   * The system's language tags as the host sees them (the browser host: its LC_ALL, LC_MESSAGES,
   * LANGUAGE, LANG); [] where the page's own language is the system's (the app).
   */
  systemLanguage: z.strictObject({}),
  /**
   * Which local model servers of the presets answer on this computer (their `/models` on loopback),
   * for the first run: ids of presets, with the models each lists.
   */
  localServers: z.strictObject({}),
  /** The models an endpoint's server lists (`GET /models`), for the model picker; [] when it lists none. */
  listModels: z.strictObject({ endpointId: entityId }),
  /**
   * Expands `text` fresh with the engine and streams the reply from the chosen endpoint; progress
   * arrives as `sendProgress` events with this request id. `cancel` with the same id is Stop.
   */
  send: z.strictObject({
    requestId,
    text: z.string().min(1).max(1_000_000),
    contextLength: z.number().int().min(256).max(10_000_000),
  }),
  /**
   * Keeps an image pasted or dropped on the composer (a `data:image/…;base64,` URL) in the current
   * session's folder by its sha256, and answers the `@image:` reference the composer inserts.
   */
  keepImage: z.strictObject({ name: z.string().max(300).nullable(), dataUrl: z.string().max(28_000_000) }),
  /** Every session, newest first, and which one is current. */
  listSessions: z.strictObject({}),
  /** Starts a new, empty current session. */
  newSession: z.strictObject({}),
  /** The runs of a session (null: the current one), in order. */
  listRuns: z.strictObject({ sessionId }),
  /** One run with its citations and reply. */
  readRun: z.strictObject({ sessionId, runId: entityId }),
  /** One run as Markdown with its citations table. */
  exportRun: z.strictObject({ sessionId, runId: entityId }),
  /** Keeps the draft (main adds the workspace and the grants); call it on every keystroke. */
  saveDraft: z.strictObject({ text: z.string().max(MAX_DRAFT_CHARS) }),
  /** The draft main kept, or null. */
  getDraft: z.strictObject({}),
} as const satisfies Record<CallName, z.ZodType>;

/** The payload a caller passes for call `N`. */
export type CallInput<N extends CallName> = z.input<(typeof CALL_SCHEMAS)[N]>;

/** The payload after validation, as handlers receive it. */
export type ValidCallInput<N extends CallName> = z.output<(typeof CALL_SCHEMAS)[N]>;

/** An open workspace. */
export interface WorkspaceInfo {
  /** Real path of the folder. */
  root: string;
  /** Folder name, for display. */
  name: string;
  /** Whether the folder is (inside) a git repository, so git kinds can work. */
  isGitRepository: boolean;
}

/** One folder listed by `listFolders`. */
export interface FolderEntry {
  name: string;
  /** Its real absolute path. */
  path: string;
}

/** What `listFolders` answers. */
export interface FolderListing {
  /** The real path listed. */
  path: string;
  /** The home folder, where browsing starts. */
  home: string;
  /** The folder above, or null at the root. */
  parent: string | null;
  /** From home (or the root, outside home) down to `path`. */
  crumbs: FolderEntry[];
  /** Its sub-folders, hidden ones left out, sorted by name. */
  folders: FolderEntry[];
  /** True when there were more folders than listed. */
  truncated: boolean;
}

/** A completion candidate. */
export type CompletionItem =
  | {
      type: 'path';
      kind: 'file' | 'folder';
      path: string;
      size: number | null;
      /** For decks and workbooks: how many slides or sheets, where the file tells it cheaply. */
      units?: { unit: DocumentUnit; count: number };
      /** For an Excel workbook: its sheets' names, in order, from its small workbook part (completion after `book.xlsx:`). */
      sheets?: string[];
      /** Its git status (a folder: what changed inside it); absent outside a repository. */
      git?: GitMark[];
      /** A file that would be refused as binary: the row is shown disabled, with the reason. */
      binary?: boolean;
    }
  | { type: 'commit'; count: number; subject: string; shortId: string }
  | { type: 'result'; id: string; summary: string; label?: string; age?: string };

/** A git status mark of a completion row: as `git diff`, `git diff --staged` and `git status` see the path. */
export type GitMark = 'modified' | 'staged' | 'untracked';

/** What `grantFile` answers: the reference the composer inserts. */
export interface GrantedFile {
  /** The path as it goes into the reference: relative inside the workspace, absolute outside. */
  path: string;
  /** The formatted reference, `@file:...`, that parses back whole. */
  reference: string;
  /** True when the file lies outside the workspace and was granted for this file only. */
  granted: boolean;
}

/** The value each call resolves with, by call name. */
export interface CallOutputs {
  getWorkspace: WorkspaceInfo | null;
  openWorkspace: WorkspaceInfo;
  pickWorkspace: WorkspaceInfo | null;
  recentWorkspaces: string[];
  listFolders: FolderListing;
  expand: ExpansionResult;
  cancel: boolean;
  complete: CompletionItem[];
  completeRest: CompletionItem[] | null;
  grantFile: GrantedFile;
  copyText: true;
  exportMarkdown: { path: string } | null;
  getSettings: SettingsView;
  saveSettings: SettingsView;
  setApiKey: SettingsView;
  deleteApiKey: SettingsView;
  listModels: string[];
  localServers: Array<{ presetId: string; models: string[] }>;
  systemLanguage: string[];
  send: SendAnswer;
  keepImage: KeptImageView;
  listSessions: SessionListView;
  newSession: SessionSummaryView;
  listRuns: RunSummaryView[];
  readRun: RunView;
  exportRun: { markdown: string; suggestedName: string };
  saveDraft: true;
  getDraft: DraftView | null;
}

/** An image kept in the session: the reference that attaches it, and what it is. */
export interface KeptImageView {
  /** `@image:3f2a91c0d4e1.png`. */
  reference: string;
  sha256: string;
  format: string;
  width: number;
  height: number;
}

/** Events main pushes to the renderer, by name. */
export interface ApiEvents {
  /** A reference of a running expansion started or finished resolving. */
  expandProgress: { requestId: string } & ReferenceProgress;
  /** The workspace changed (opened elsewhere, or closed). */
  workspaceChanged: WorkspaceInfo | null;
  /** A Send's run was recorded, or a piece of its reply arrived. */
  sendProgress: SendProgress;
  /**
   * Something about Atmark's own files the person must know (a damaged file kept aside, a draft that
   * could not be saved), keyed so a later event with `message: null` withdraws it (the draft saved again).
   */
  storeNotice: StoreNotice;
  /** The app's menu asked the page to act (Export…, Settings…); never sent by the browser host. */
  menuCommand: { command: 'export' | 'settings' };
}

/**
 * One notice about Atmark's own files: its English `message` and catalogue `text`; `message: null`
 * withdraws the notice of that key.
 */
export interface StoreNotice {
  key: string;
  message: string | null;
  text?: Text;
}

/** Removes a listener added with one of the `on...` functions. */
export type Unsubscribe = () => void;

/** One function per call, as the preload and the browser client expose them. */
export type ApiCalls = { [N in CallName]: (input: CallInput<N>) => Promise<ApiResult<CallOutputs[N]>> };

/**
 * The whole API object, `window.atmark` in the renderer. Calls never reject; events are
 * subscriptions that return an unsubscribe function.
 */
export interface AtmarkApi extends ApiCalls {
  onExpandProgress(listener: (event: ApiEvents['expandProgress']) => void): Unsubscribe;
  onWorkspaceChanged(listener: (event: ApiEvents['workspaceChanged']) => void): Unsubscribe;
  onSendProgress(listener: (event: ApiEvents['sendProgress']) => void): Unsubscribe;
  onStoreNotice(listener: (event: ApiEvents['storeNotice']) => void): Unsubscribe;
  onMenuCommand(listener: (event: ApiEvents['menuCommand']) => void): Unsubscribe;
  /**
   * The local path of a file dropped on the page (a DOM `File`), or null where the platform hides it
   * (browsers). Runs in the page; no call to main.
   */
  pathForFile(file: unknown): string | null;
  /** Which transport this is: 'electron' (preload) or 'browser' (WebSocket host). */
  readonly transport: 'electron' | 'browser';
}
