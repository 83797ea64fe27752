/**
 * One session folder: its runs and its results (layout in records.ts). `@result:ID` looks ids up
 * here only, so an id of another session, or an unknown one, is `not_found`. Every write is atomic;
 * a damaged file is reported in `problems` and skipped, never fatal.
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import type { ExpansionResult } from '../../shared/expansion';
import { MiB } from '../../shared/limits';
import type { ResultLookup, StoredResult } from '../resolvers';
import { fail, jsonText, readJsonFile, sweepStaleTemps, writeFileAtomic, type FileProblem, type FileRead, keepAside, whyOf } from '../storage';
import { isId, newId } from './ids';
import { RunRecordSchema, SessionMetaSchema, type Citation, type ResultMeta, type RunRecord, type RunSummary, type SessionMeta } from '../../shared/session-records';

export type { RunSummary } from '../../shared/session-records';
import { MAX_RESULT_BYTES, readResult, readResultMeta, resultsDir, writeResult, writeResultFromFile } from './result-files';
import { openReplyAppender, readReplyFile, readReplyHead, replyFilePath, type ReplyAppender } from './reply-file';
import { SESSION_TEXT } from './text';

/** Bytes of a reply file read for the history list's preview (200 characters, 4 bytes each at most). */
const PREVIEW_BYTES = 800;

/** A run record is at most this large (the expanded message within the limits, plus the reply). */
const MAX_RUN_BYTES = 128 * MiB;

/** Items read from disk, and the files that were skipped because they are damaged. */
export interface Listing<T> {
  items: T[];
  problems: FileProblem[];
}

/** A stored result as completion and the history list show it (no text). */
export type ResultSummary = Omit<ResultMeta, 'version' | 'sessionId' | 'sha256'>;

/** The endpoint a run was sent to (no key). */
export type RunEndpoint = NonNullable<RunRecord['endpoint']>;

/** Options of {@link SessionStore.createRun}. */
export interface CreateRunOptions {
  workspace: string;
  endpoint: RunEndpoint | null;
  /** `running` when a reply will stream; `expanded` to record an expansion alone (the CLI). */
  status: 'running' | 'expanded';
}

/** An open session. Plain functions over one folder; no state beyond a few ids in memory. */
export interface SessionStore {
  readonly id: string;
  readonly dir: string;
  readonly createdAt: string;
  /** For `createResultResolver(session.lookup)`: this session's results only. */
  readonly lookup: ResultLookup;
  listRuns(signal?: AbortSignal): Promise<Listing<RunSummary>>;
  readRun(id: string, signal?: AbortSignal): Promise<FileRead<RunRecord>>;
  listResults(signal?: AbortSignal): Promise<Listing<ResultSummary>>;
  /** Records a new run for `expansion` and stores each attached block as a result. */
  createRun(expansion: ExpansionResult, options: CreateRunOptions): Promise<FileRead<RunRecord>>;
  /**
   * Writes `run` (atomically) as it now stands. A run with `replyFile` is written without its
   * reply text: that lives in the reply file.
   */
  saveRun(run: RunRecord): Promise<FileRead<true>>;
  /** Stores a reply as a result and returns the run with `replyResultId` set (not yet saved). */
  storeReply(run: RunRecord, text: string, model: string | null): Promise<FileRead<RunRecord>>;
  /** Where the reply of a run with `replyFile` is kept (`runs/ID.reply.txt`). */
  replyPath(runId: string): string;
  /** Creates (or empties) a run's reply file, to append the reply to as it streams. */
  openReply(runId: string): Promise<FileRead<ReplyAppender>>;
  /**
   * Stores the run's reply file, already scrubbed, as a result (copied, not read into memory) and
   * returns the run with `replyResultId` set (not yet saved). `digest` is the file's size and sha256.
   */
  storeReplyFile(run: RunRecord, model: string | null, digest: { bytes: number; sha256: string }): Promise<FileRead<RunRecord>>;
  /** Damaged files met by lookups since the session was opened. */
  problems(): FileProblem[];
}

/** Why a session folder could not be opened. */
export type OpenSessionResult =
  | { ok: true; session: SessionStore; /** Set when a damaged session.json was kept aside: the sentence saying where. */ notice?: { message: string; text: Text } }
  | { ok: false; code: 'not_a_session' | 'damaged' | 'unwritable'; message: string; text?: Text };

/** Options of {@link openSession}. */
export interface OpenSessionOptions {
  /** Start a new session when `dir` is missing or empty. Default true. */
  create?: boolean;
  now?: () => Date;
  signal?: AbortSignal;
}

/**
 * Opens the session in `dir`, or starts one there when the folder is missing or empty (unless
 * `create: false`). A folder with other files and no `session.json` is not taken over.
 */
export async function openSession(dir: string, options: OpenSessionOptions = {}): Promise<OpenSessionResult> {
  const now = options.now ?? (() => new Date());
  const metaPath = join(dir, 'session.json');
  const read = await readJsonFile(metaPath, SessionMetaSchema, 64 * 1024, options.signal);
  if (read.ok) {
    // A process killed mid-write leaves a temp file behind; the real files are whole either way.
    for (const sub of [dir, join(dir, 'runs'), resultsDir(dir)]) await sweepStaleTemps(sub);
    return { ok: true, session: sessionStore(dir, read.value, now) };
  }
  let notice: { message: string; text: Text } | undefined;
  if (read.problem.code !== 'missing') {
    if (read.problem.code === 'aborted') return { ok: false, code: 'damaged', ...said(SESSION_TEXT.sessionDamaged(dir)) };
    // Damaged: kept aside with a timestamp (never written over), then the folder gets a fresh
    // session.json so its runs and results stay where they are.
    const aside = await keepAside(metaPath, whyOf(read.problem), now());
    if (aside.keptAs === null) return { ok: false, code: 'damaged', message: aside.message, text: aside.text };
    notice = { message: aside.message, text: aside.text };
  } else {
    const entries = await fsp.readdir(dir).catch(() => [] as string[]);
    if (entries.length > 0 || options.create === false) return { ok: false, code: 'not_a_session', ...said(SESSION_TEXT.notASession(dir)) };
  }
  const meta: SessionMeta = { version: 1, id: newId('session'), createdAt: now().toISOString(), title: null };
  const written = await writeFileAtomic(metaPath, jsonText(meta));
  if (!written.ok) return { ok: false, code: 'unwritable', ...said(SESSION_TEXT.cannotCreate(dir, written.problem.message)) };
  return { ok: true, session: sessionStore(dir, meta, now), ...(notice ? { notice } : {}) };
}

function sessionStore(dir: string, meta: SessionMeta, now: () => Date): SessionStore {
  const runsDir = join(dir, 'runs');
  const streaming = new Set<string>();
  const problems: FileProblem[] = [];
  let titled = meta.title !== null;
  // Runs are numbered in creation order; one creation at a time keeps numbers unique.
  let creating: Promise<unknown> = Promise.resolve();

  const note = (p: FileProblem): void => {
    if (p.code !== 'missing' && !problems.some((q) => q.path === p.path && q.message === p.message)) problems.push(p);
  };

  /** The run's record; its reply text only when it is inline (records from before `replyFile`). */
  async function readRecord(id: string, signal?: AbortSignal): Promise<FileRead<RunRecord>> {
    const path = join(runsDir, `${id}.json`);
    if (!isId('run', id)) return fail(path, 'missing', `no run ${id} in this session`);
    const read = await readJsonFile(path, RunRecordSchema, MAX_RUN_BYTES, signal);
    if (!read.ok || read.value.status !== 'running' || streaming.has(id)) return read;
    // Streaming, but not by this process: the app was closed or killed mid-reply.
    return { ok: true, value: { ...read.value, status: 'interrupted', error: read.value.error ?? { code: 'interrupted', ...said(SESSION_TEXT.interrupted) } } };
  }

  /** The run as it is shown, exported and cited: its reply read from the reply file when it has one. */
  async function readRun(id: string, signal?: AbortSignal): Promise<FileRead<RunRecord>> {
    const read = await readRecord(id, signal);
    if (!read.ok || !read.value.replyFile) return read;
    const reply = await readReplyFile(replyFilePath(dir, id), MAX_RESULT_BYTES, signal);
    return reply.ok ? { ok: true, value: { ...read.value, reply: reply.value } } : reply;
  }

  async function runIds(): Promise<string[]> {
    const names = await fsp.readdir(runsDir).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.json') && isId('run', n.slice(0, -5))).map((n) => n.slice(0, -5));
  }

  async function lookup(id: string, signal: AbortSignal): Promise<StoredResult | null> {
    const read = await readResult(dir, meta.id, id, signal);
    if (!read.ok) {
      note(read.problem);
      return null;
    }
    const { meta: m, text } = read.value;
    return { id: m.id, label: m.label, text, language: m.language, createdAt: m.createdAt };
  }

  async function createRun(expansion: ExpansionResult, options: CreateRunOptions): Promise<FileRead<RunRecord>> {
    const id = newId('run');
    const number = (await runIds()).length + 1;
    const createdAt = now().toISOString();
    const references: Citation[] = [];
    for (const { block, ...citation } of expansion.references) {
      let resultId: string | null = null;
      if (block !== null) {
        resultId = newId('result');
        const label = SESSION_TEXT.blockLabel(citation.raw, number);
        const stored = await writeResult(dir, { id: resultId, sessionId: meta.id, runId: id, kind: 'block', label, reference: citation.raw, language: 'markdown', createdAt }, block);
        if (!stored.ok) return stored;
      }
      references.push({ ...citation, resultId });
    }
    const run: RunRecord = {
      version: 1,
      id,
      sessionId: meta.id,
      number,
      status: options.status,
      workspace: options.workspace,
      message: expansion.originalMessage,
      expandedMessage: expansion.message,
      tokens: expansion.tokens,
      attachedTokens: expansion.attachedTokens,
      attachedBytes: expansion.attachedBytes,
      softTokenLimit: expansion.softTokenLimit,
      hardTokenLimit: expansion.hardTokenLimit,
      contextLength: expansion.contextLength,
      references,
      warnings: expansion.warnings,
      endpoint: options.endpoint,
      reply: '',
      replyResultId: null,
      finishReason: null,
      timings: { startedAt: createdAt, firstTokenAt: null, finishedAt: options.status === 'expanded' ? createdAt : null },
      usage: null,
      error: null,
      // A reply to come is appended to its own file (reply-file.ts); the record says so from the start.
      ...(options.status === 'running' ? { replyFile: true as const } : {}),
    };
    const saved = await saveRun(run);
    if (!saved.ok) return saved;
    if (!titled) {
      titled = true;
      await writeFileAtomic(join(dir, 'session.json'), jsonText({ ...meta, title: titleOf(run.message) }));
    }
    return { ok: true, value: run };
  }

  async function saveRun(run: RunRecord): Promise<FileRead<true>> {
    if (run.status === 'running') streaming.add(run.id);
    else streaming.delete(run.id);
    return writeFileAtomic(join(runsDir, `${run.id}.json`), jsonText(run.replyFile ? { ...run, reply: '' } : run));
  }

  return {
    id: meta.id,
    dir,
    createdAt: meta.createdAt,
    lookup,
    readRun,
    saveRun,
    createRun(expansion, options) {
      const next = creating.then(() => createRun(expansion, options));
      creating = next.catch(() => undefined);
      return next;
    },
    async listRuns(signal) {
      const listing: Listing<RunSummary> = { items: [], problems: [] };
      for (const id of await runIds()) {
        // The list shows the reply's first line only: a long reply file is not read whole here.
        const read = await readRecord(id, signal);
        if (read.ok && read.value.replyFile) read.value.reply = await readReplyHead(replyFilePath(dir, id), PREVIEW_BYTES);
        if (read.ok) listing.items.push(summarizeRun(read.value));
        else listing.problems.push(read.problem);
      }
      listing.items.sort((a, b) => a.number - b.number || a.startedAt.localeCompare(b.startedAt));
      return listing;
    },
    async listResults(signal) {
      const listing: Listing<ResultSummary> = { items: [], problems: [] };
      const names = await fsp.readdir(resultsDir(dir)).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const read = await readResultMeta(dir, meta.id, name.slice(0, -5), signal);
        if (!read.ok) {
          listing.problems.push(read.problem);
          continue;
        }
        const { version: _v, sessionId: _s, sha256: _h, ...summary } = read.value;
        listing.items.push(summary);
      }
      listing.items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.label.localeCompare(b.label));
      return listing;
    },
    async storeReply(run, text, model) {
      const id = newId('result');
      const label = SESSION_TEXT.replyLabel(run.number, model);
      const stored = await writeResult(dir, { id, sessionId: meta.id, runId: run.id, kind: 'reply', label, reference: null, language: 'markdown', createdAt: now().toISOString() }, text);
      return stored.ok ? { ok: true, value: { ...run, replyResultId: id } } : stored;
    },
    replyPath: (runId) => replyFilePath(dir, runId),
    openReply: async (runId) => (isId('run', runId) ? openReplyAppender(replyFilePath(dir, runId)) : fail(join(runsDir, runId), 'missing', `no run ${runId} in this session`)),
    async storeReplyFile(run, model, digest) {
      const id = newId('result');
      const label = SESSION_TEXT.replyLabel(run.number, model);
      const description = { id, sessionId: meta.id, runId: run.id, kind: 'reply' as const, label, reference: null, language: 'markdown', createdAt: now().toISOString() };
      const stored = await writeResultFromFile(dir, description, replyFilePath(dir, run.id), digest);
      return stored.ok ? { ok: true, value: { ...run, replyResultId: id } } : stored;
    },
    problems: () => [...problems],
  };
}

/** The first non-empty line of a message, at most 80 characters. */
export function titleOf(message: string): string {
  const line = message.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function summarizeRun(run: RunRecord): RunSummary {
  return {
    id: run.id,
    number: run.number,
    status: run.status,
    title: titleOf(run.message),
    startedAt: run.timings.startedAt,
    finishedAt: run.timings.finishedAt,
    model: run.endpoint?.model ?? null,
    references: run.references.length,
    attached: run.references.filter((r) => r.status === 'attached').length,
    warnings: run.warnings.length,
    replyPreview: run.reply.slice(0, 200),
    error: run.error,
  };
}
