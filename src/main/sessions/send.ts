/**
 * Send: expand with the engine (or take the expansion the person previewed), refuse when the hard
 * token limit blocked it, record the run with its citations and stored blocks, stream the reply
 * from the endpoint, store the reply as a result, and finish the run. The run is recorded however
 * the reply ends: done, stopped (Stop) or failed (with its error). The request's user message is
 * exactly the expanded message, nothing added.
 */
import type { Text } from '../../shared/i18n/text';
import { said } from '../../shared/i18n/translate';
import type { ExpansionResult } from '../../shared/expansion';
import type { Engine } from '../engine';
import { streamChat, type ChatOutcome } from '../model';
import type { LookupFn } from '../net';
import type { Endpoint } from '../settings';
import type { RunRecord } from '../../shared/session-records';
import { keyScrubber, scrubReply, scrubShort, scrubText } from './reply-scrub';
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

  const checkpoints = checkpointer(session, options.checkpointMs ?? 1000);
  // The key's exact text never reaches the screen or a checkpoint, even when the server echoes it.
  const scrubber = keyScrubber(options.apiKey);
  const raw = await streamChat({
    endpoint: { name: endpoint.name, baseUrl: endpoint.baseUrl, model: endpoint.model, apiKey: options.apiKey },
    // Images go as image parts only to an endpoint marked as accepting them; otherwise their text alone.
    messages: [user.message],
    signal,
    idleTimeoutMs: options.idleTimeoutMs,
    lookup: options.lookup,
    now,
    onDelta: (piece) => {
      const text = scrubber.push(piece);
      run = { ...run, reply: run.reply + text, timings: { ...run.timings, firstTokenAt: run.timings.firstTokenAt ?? now().toISOString() } };
      checkpoints.offer(run);
      if (text !== '') options.onDelta?.(text);
    },
  });
  await checkpoints.stop();
  const tail = scrubber.end();
  if (tail !== '') options.onDelta?.(tail);
  const outcome = await scrubbed(raw, options.apiKey);

  run = finished(run, outcome, now);
  if (outcome.text !== '') {
    const stored = await session.storeReply(run, outcome.text, outcome.model ?? endpoint.model);
    if (stored.ok) run = stored.value;
  }
  const saved = await session.saveRun(run);
  if (!saved.ok) return { ok: false, code: 'save_failed', message: saved.problem.message, text: saved.problem.text, run, expansion };
  if (outcome.ok) return { ok: true, run };
  return { ok: false, code: outcome.error.code === 'stopped' ? 'stopped' : 'model_error', message: outcome.error.message, text: outcome.error.text, run, expansion };
}

/** The outcome with the key and anything the secret rules catch taken out of its reply and its error. */
async function scrubbed(outcome: ChatOutcome, apiKey: string | null): Promise<ChatOutcome> {
  const text = outcome.text === '' ? '' : await scrubReply(outcome.text, apiKey);
  if (outcome.ok) return { ...outcome, text };
  const { error } = outcome;
  return {
    ...outcome,
    text,
    error: {
      ...error,
      message: scrubShort(error.message, apiKey),
      text: scrubText(error.text, apiKey),
      ...(error.serverMessage === undefined ? {} : { serverMessage: scrubShort(error.serverMessage, apiKey) }),
    },
  };
}

function finished(run: RunRecord, outcome: ChatOutcome, now: () => Date): RunRecord {
  return {
    ...run,
    status: outcome.ok ? 'done' : outcome.error.code === 'stopped' ? 'stopped' : 'failed',
    reply: outcome.text,
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
 * Saves the run (with the reply so far) at most every `everyMs` while it streams. One save at a
 * time; `stop` waits for the last, so the final save always lands after every checkpoint.
 */
function checkpointer(session: SessionStore, everyMs: number): { offer(run: RunRecord): void; stop(): Promise<void> } {
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
        if (snapshot && !stopped) saving = saving.then(() => session.saveRun(snapshot));
      }, everyMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await saving;
    },
  };
}
