/**
 * Sessions behind the API: the current session (kept in `USERDATA/sessions`), the history list,
 * reading and exporting a past run, and the `@result:` choices of the current session.
 *
 * At start the most recently used session becomes current again, so results cited yesterday can
 * still be cited after a restart (or a crash); a session is created only when the first run needs
 * one, so opening the app leaves no empty sessions behind. "New session" starts a fresh one.
 */
import type { Sentence } from '../storage';
import path from 'node:path';
import type { CompletionItem } from '../../shared/api/contract';
import type { RunSummaryView, RunView, SessionListView, SessionSummaryView } from '../../shared/api/session-types';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import { createSession, listSessions, openSession, resultChoices, runToMarkdown, type SessionStore } from '../sessions';
import { SERVICE_TEXT } from './text';

/** The sessions of one services instance. */
export interface SessionsService {
  /** The current session, created now when there is none yet. */
  current(): Promise<ApiResult<SessionStore>>;
  /** The current session's id when one is open (never creates one). */
  currentId(): Promise<string | null>;
  /** The current session's folder when one is open (never creates one): a worker engine opens it itself. */
  currentDir(): Promise<string | null>;
  list(): Promise<ApiResult<SessionListView>>;
  /** Starts a new current session. */
  startNew(): Promise<ApiResult<SessionSummaryView>>;
  runs(sessionId: string | null): Promise<ApiResult<RunSummaryView[]>>;
  readRun(sessionId: string | null, runId: string): Promise<ApiResult<RunView>>;
  exportRun(sessionId: string | null, runId: string): Promise<ApiResult<{ markdown: string; suggestedName: string }>>;
  /** `@result:` completion: the current session's results with their label and age. */
  resultChoices(query: string, limit: number): Promise<CompletionItem[]>;
  /** Looks a result up in the current session only (for `createResultResolver`). */
  lookup: SessionStore['lookup'];
}

/** Creates the service over `USERDATA/sessions`; without a user-data folder every call is `unsupported`. */
export function createSessionsService(
  userDataDir: string | undefined,
  onChange: () => void = () => undefined,
  onNotice: (sentence: Sentence) => void = () => undefined,
): SessionsService {
  const root = userDataDir ? path.join(userDataDir, 'sessions') : null;
  // The latest session is reopened once, lazily; `session` then follows New session.
  let session: Promise<SessionStore | null> | null = null;

  function reopenLatest(): Promise<SessionStore | null> {
    session ??= (async () => {
      if (!root) return null;
      const latest = (await listSessions(root)).items[0];
      if (!latest) return null;
      const opened = await openSession(latest.dir, { create: false });
      if (opened.ok && opened.notice) onNotice(opened.notice);
      return opened.ok ? opened.session : null;
    })();
    return session;
  }

  async function current(): Promise<ApiResult<SessionStore>> {
    if (!root) return fail('unsupported', SERVICE_TEXT.noSessions);
    const open = await reopenLatest();
    if (open) return ok(open);
    const created = await createSession(root);
    if (!created.ok) return fail('failed', created.text ?? created.message);
    session = Promise.resolve(created.session);
    onChange();
    return ok(created.session);
  }

  async function byId(sessionId: string | null): Promise<ApiResult<SessionStore | null>> {
    if (!root) return fail('unsupported', SERVICE_TEXT.noSessions);
    const open = await reopenLatest();
    if (sessionId === null || sessionId === open?.id) return ok(open);
    const found = (await listSessions(root)).items.find((s) => s.id === sessionId);
    if (!found) return fail('not_found', SERVICE_TEXT.sessionNotFound);
    const opened = await openSession(found.dir, { create: false });
    if (opened.ok && opened.notice) onNotice(opened.notice);
    return opened.ok ? ok(opened.session) : fail('failed', opened.message);
  }

  async function readRun(sessionId: string | null, runId: string): Promise<ApiResult<RunView>> {
    const found = await byId(sessionId);
    if (!found.ok) return found;
    if (!found.value) return fail('not_found', SERVICE_TEXT.runNotFound);
    const read = await found.value.readRun(runId);
    return read.ok ? ok(read.value) : fail(read.problem.code === 'missing' ? 'not_found' : 'failed', read.problem.code === 'missing' ? SERVICE_TEXT.runNotFound : read.problem.message);
  }

  return {
    current,
    currentId: async () => (await reopenLatest())?.id ?? null,
    currentDir: async () => (await reopenLatest())?.dir ?? null,
    async list() {
      if (!root) return fail('unsupported', SERVICE_TEXT.noSessions);
      const listing = await listSessions(root);
      const sessions = listing.items.map(({ dir: _dir, ...summary }) => summary);
      return ok({ currentId: (await reopenLatest())?.id ?? null, sessions, problems: listing.problems.map((p) => (p.text ? { message: p.message, text: p.text } : { message: p.message })) });
    },
    async startNew() {
      if (!root) return fail('unsupported', SERVICE_TEXT.noSessions);
      const created = await createSession(root);
      if (!created.ok) return fail('failed', created.text ?? created.message);
      session = Promise.resolve(created.session);
      onChange();
      const s = created.session;
      return ok({ id: s.id, title: null, createdAt: s.createdAt, updatedAt: s.createdAt, runCount: 0 });
    },
    async runs(sessionId) {
      const found = await byId(sessionId);
      if (!found.ok) return found;
      return ok(found.value ? (await found.value.listRuns()).items : []);
    },
    readRun,
    async exportRun(sessionId, runId) {
      const run = await readRun(sessionId, runId);
      if (!run.ok) return run;
      return ok({ markdown: runToMarkdown(run.value), suggestedName: `atmark-run-${run.value.number}-${run.value.id}.md` });
    },
    async resultChoices(query, limit) {
      const open = await reopenLatest();
      if (!open) return [];
      const choices = resultChoices((await open.listResults()).items, { query, limit });
      return choices.map((c) => ({ type: 'result' as const, id: c.id, summary: c.summary, label: c.label, age: c.age }));
    },
    lookup: async (id, signal) => {
      const open = await reopenLatest();
      return open ? open.lookup(id, signal) : null;
    },
  };
}
