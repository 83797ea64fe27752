/**
 * Send: expand with the engine (or take the expansion the person previewed), refuse when the hard
 * token limit blocked it, record the run with its citations and stored blocks, stream the reply
 * from the endpoint into the run's reply file, scrub it, store it as a result, and finish the run.
 * The run is recorded however the reply ends: done, stopped (Stop) or failed (with its error). The
 * request's user message is exactly the expanded message, nothing added. The reply is held in
 * memory once, at the end, for the run Send answers with (layout in docs/contract.md).
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { ExpansionResult } from '../../shared/expansion';
import type { Engine } from '../engine';
import { streamChat, type ChatOutcome } from '../model';
import type { LookupFn } from '../net';
import type { Endpoint } from '../settings';
import type { RunRecord } from '../../shared/session-records';
import { keyScrubber, scrubShort, scrubText } from './reply-scrub';
import { readReplyFile, type ReplyAppender } from './reply-file';
import { MAX_RESULT_BYTES } from './result-files';
import { scrubReplyFile } from './reply-scrub-file';
import type { SessionStore } from './session-store';
import { pictureOnlyReferences, userMessage } from './image-parts';
import { SESSION_TEXT } from './text';

/** Options of {@link send}. */
export interface SendOptions {
  /** The engine of the workspace, built with `resolvers: [createResultResolver(session.lookup)]`. */
  engine: Engine;
  session: SessionStore;
  /** The message as written. */
  message: string;
  endpoint: Endpoint;
  /** The endpoint's key from the secret store; null when it needs none. */
  apiKey: string | null;
  /**
   * The expansion the preview showed, to send exactly that; it must be of `message`. When absent
   * (or of another message) the message is expanded again here.
   */
  expansion?: ExpansionResult;
  /** Stop. Before the request, nothing is recorded; during it, the run is recorded as stopped. */
  signal?: AbortSignal;
  /** Called once the run is recorded, before the request: the conversation view can show it. */
  onRun?: (run: RunRecord) => void;
  /** Each piece of reply text as it arrives. */
  onDelta?: (text: string) => void;
  /** How often the partial reply is saved while streaming, so a crash keeps most of it. Default 1 s. */
  checkpointMs?: number;
  /** Stall timeout of the stream. Default 60 s. */
  idleTimeoutMs?: number;
  lookup?: LookupFn;
  now?: () => Date;
}

/** Stable codes of a Send that did not produce a finished run. */
export type SendErrorCode = 'blocked' | 'stopped' | 'save_failed' | 'model_error';

/** The run as recorded, or why nothing (or not everything) happened. */
export type SendOutcome =
  | { ok: true; run: RunRecord }
  | { ok: false; code: SendErrorCode; message: string; text?: Text; run: RunRecord | null; expansion: ExpansionResult | null };

/** Sends `options.message` to `options.endpoint` and records the run in `options.session`. */
export async function send(options: SendOptions): Promise<SendOutcome> {
  const { engine, session, endpoint, signal } = options;
  const now = options.now ?? (() => new Date());
  const expansion = options.expansion?.originalMessage === options.message ? options.expansion : await engine.expand(options.message, { signal });
  if (signal?.aborted) return { ok: false, code: 'stopped', ...said(SESSION_TEXT.stoppedBeforeSending), run: null, expansion };
  if (expansion.blocked) return { ok: false, code: 'blocked', ...said(SESSION_TEXT.blocked), run: null, expansion };
  const picturesOnly = endpoint.acceptsImages ? [] : pictureOnlyReferences(expansion);
  if (picturesOnly.length > 0) return { ok: false, code: 'blocked', ...said(SESSION_TEXT.picturesNotAccepted(endpoint.name, picturesOnly.join(', '))), run: null, expansion };

  const created = await session.createRun(expansion, {
    workspace: engine.workspaceRoot,
    endpoint: { id: endpoint.id, name: endpoint.name, baseUrl: endpoint.baseUrl, model: endpoint.model },
    status: 'running',
  });
  if (!created.ok) return { ok: false, code: 'save_failed', ...said(SESSION_TEXT.saveFailed(created.problem.message)), run: null, expansion };
  let run = created.value;
  // Pasted images are `@image:` references of the expansion, read and sent like `@file` images.
  const user = await userMessage(expansion, endpoint.acceptsImages);
  options.onRun?.(run);

  // The reply goes to its file as it streams (issue 26, finding 16): nobody holds it in memory,
  // and a checkpoint writes the small record (`replyFile`, set by createRun), not the reply again.
  const appender = await session.openReply(run.id);
  if (!appender.ok) return { ok: false, code: 'save_failed', message: appender.problem.message, text: appender.problem.text, run, expansion };
  const reply = appender.value;
  const checkpoints = checkpointer(session, reply, options.checkpointMs ?? 1000);
  // The key's exact text never reaches the screen or the file, even when the server echoes it.
  const scrubber = keyScrubber(options.apiKey);
  const raw = await streamChat({
    endpoint: { name: endpoint.name, baseUrl: endpoint.baseUrl, model: endpoint.model, apiKey: options.apiKey },
    // Images go as image parts only to an endpoint marked as accepting them; otherwise their text alone.
    messages: [user.message],
    signal,
    idleTimeoutMs: options.idleTimeoutMs,
    lookup: options.lookup,
    now,
    keepText: false,
    onDelta: (piece) => {
      const text = scrubber.push(piece);
      reply.append(text);
      if (run.timings.firstTokenAt === null) run = { ...run, timings: { ...run.timings, firstTokenAt: now().toISOString() } };
      checkpoints.offer(run);
      if (text !== '') options.onDelta?.(text);
    },
  });
  await checkpoints.stop();
  const tail = scrubber.end();
  reply.append(tail);
  if (tail !== '') options.onDelta?.(tail);
  const written = await reply.close();
  // The secret rules over the whole reply, window by window, in place; then its text is read once,
  // for the run Send answers with (the conversation shows it).
  const kept = written.ok ? await scrubReplyFile(session.replyPath(run.id), options.apiKey) : written;
  const text = kept.ok ? await readReplyFile(session.replyPath(run.id), MAX_RESULT_BYTES) : kept;
  const outcome = scrubbedError(raw, options.apiKey);

  run = finished(run, outcome, text.ok ? text.value : '', now);
  if (kept.ok && kept.value.bytes > 0) {
    const stored = await session.storeReplyFile(run, outcome.model ?? endpoint.model, kept.value);
    if (stored.ok) run = stored.value;
  }
  const saved = !kept.ok ? kept : !text.ok ? text : await session.saveRun(run);
  if (!saved.ok) return { ok: false, code: 'save_failed', message: saved.problem.message, text: saved.problem.text, run, expansion };
  if (outcome.ok) return { ok: true, run };
  return { ok: false, code: outcome.error.code === 'stopped' ? 'stopped' : 'model_error', message: outcome.error.message, text: outcome.error.text, run, expansion };
}

/** The outcome with the key and Atmark's rules' matches taken out of its error (the reply is in its file). */
function scrubbedError(outcome: ChatOutcome, apiKey: string | null): ChatOutcome {
  if (outcome.ok) return outcome;
  const { error } = outcome;
  return {
    ...outcome,
    error: {
      ...error,
      message: scrubShort(error.message, apiKey),
      text: scrubText(error.text, apiKey),
      ...(error.serverMessage === undefined ? {} : { serverMessage: scrubShort(error.serverMessage, apiKey) }),
    },
  };
}

function finished(run: RunRecord, outcome: ChatOutcome, reply: string, now: () => Date): RunRecord {
  return {
    ...run,
    status: outcome.ok ? 'done' : outcome.error.code === 'stopped' ? 'stopped' : 'failed',
    reply,
    finishReason: outcome.finishReason,
    usage: outcome.usage,
    error: outcome.ok ? null : { code: outcome.error.code, message: outcome.error.message, text: outcome.error.text },
    timings: {
      ...run.timings,
      firstTokenAt: outcome.firstDeltaAt?.toISOString() ?? run.timings.firstTokenAt,
      finishedAt: now().toISOString(),
    },
  };
}

/**
 * At most every `everyMs` while the reply streams: writes the reply gathered so far to its file,
 * then saves the run record (small: its reply is in the file). One save at a time; `stop` waits for
 * the last, so the final save always lands after every checkpoint.
 */
function checkpointer(session: SessionStore, reply: ReplyAppender, everyMs: number): { offer(run: RunRecord): void; stop(): Promise<void> } {
  let latest: RunRecord | null = null;
  let timer: NodeJS.Timeout | null = null;
  let saving: Promise<unknown> = Promise.resolve();
  let stopped = false;
  return {
    offer(run) {
      latest = run;
      if (timer || stopped) return;
      timer = setTimeout(() => {
        timer = null;
        const snapshot = latest;
        if (snapshot && !stopped) saving = saving.then(() => reply.flush()).then(() => session.saveRun(snapshot));
      }, everyMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await saving;
    },
  };
}
