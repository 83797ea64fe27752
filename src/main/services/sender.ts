/**
 * Send behind the API: the chosen endpoint and its key from the settings, the current session, a
 * fresh expansion with the services' engine (so what goes out is what the preview showed, re-read
 * now), then the streamed reply. Progress goes out as events; `stop(requestId)` is Stop.
 */
import type { SendAnswer, SendProgress } from '../../shared/api/session-types';
import { fail, ok, type ApiResult } from '../../shared/api/result';
import type { Engine } from '../engine';
import { send } from '../sessions';
import type { SessionsService } from './sessions-service';
import type { SettingsService } from './settings-service';
import { SERVICE_TEXT } from './text';

/** What one Send needs. */
export interface SendRequest {
  requestId: string;
  text: string;
  contextLength: number;
  images?: Array<{ name: string | null; dataUrl: string }>;
}

/** Runs Sends; at most one at a time per services instance. */
export interface Sender {
  send(input: SendRequest, engine: () => Promise<Engine | null>, emit: (p: SendProgress) => void): Promise<ApiResult<SendAnswer>>;
  /** Stops the Send with this id; false when none runs. */
  stop(requestId: string): boolean;
  /** Stops every running Send (the services close). */
  stopAll(): void;
}

/** Creates the sender over the settings and sessions services. */
export function createSender(settings: SettingsService, sessions: SessionsService): Sender {
  const running = new Map<string, AbortController>();

  return {
    async send(input, engineFor, emit) {
      if (running.size > 0) return fail('busy', SERVICE_TEXT.sendBusy);
      const controller = new AbortController();
      running.set(input.requestId, controller);
      try {
        const target = await settings.endpointForSend(controller.signal);
        if (!target.ok) return fail(target.code, target.message);
        const engine = await engineFor();
        if (!engine) return fail('no_workspace', SERVICE_TEXT.noWorkspace);
        const session = await sessions.current();
        if (!session.ok) return session;
        // Fresh: every reference is read again now, so nothing stale is sent.
        const expansion = await engine.expand(input.text, { signal: controller.signal, fresh: true });
        let runId = '';
        const outcome = await send({
          engine,
          session: session.value,
          message: input.text,
          expansion,
          endpoint: target.endpoint,
          apiKey: target.apiKey,
          signal: controller.signal,
          onRun: (run) => {
            runId = run.id;
            emit({ requestId: input.requestId, type: 'run', run });
          },
          onDelta: (text) => emit({ requestId: input.requestId, type: 'delta', runId, text }),
        });
        if (outcome.ok) return ok({ run: outcome.run, error: null });
        if (outcome.run) return ok({ run: outcome.run, error: { code: outcome.code, message: outcome.message, text: outcome.text } });
        return fail(outcome.code === 'blocked' ? 'blocked' : outcome.code === 'stopped' ? 'stopped' : 'failed', outcome.text ?? outcome.message);
      } catch (error) {
        if (controller.signal.aborted) return fail('stopped', SERVICE_TEXT.stoppedBeforeSending);
        return fail('failed', SERVICE_TEXT.sendFailed(error instanceof Error ? error.message : String(error)));
      } finally {
        running.delete(input.requestId);
      }
    },
    stop(requestId) {
      const controller = running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    stopAll() {
      for (const controller of running.values()) controller.abort();
    },
  };
}
