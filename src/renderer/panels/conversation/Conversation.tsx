import { LinkedText } from '../links';
import type { RunView } from '../../../shared/api/session-types';
import { useApp } from '../../store';

/** Words for a run's status, as the conversation shows them. */
const STATUS_WORDS: Record<RunView['status'], string> = {
  expanded: 'expanded, not sent',
  running: 'streaming…',
  interrupted: 'interrupted',
  done: 'done',
  stopped: 'stopped',
  failed: 'failed',
};

/**
 * The conversation of the current session: each run's message as written and the reply as it
 * streams in, with a readable error when the model or the network failed.
 */
export function Conversation() {
  const turns = useApp((s) => s.turns);
  const sending = useApp((s) => s.sending);
  const sendError = useApp((s) => s.sendError);
  const newSession = useApp((s) => s.newSession);
  return (
    <section className="panel conversation" aria-label="Conversation" aria-busy={sending !== null}>
      <div className="panel-head">
        <h2>Conversation</h2>
        <button type="button" className="link" onClick={() => void newSession()} disabled={sending !== null}>
          New session
        </button>
      </div>
      {sendError && (
        <p role="alert" className="error send-error">
          {sendError}
        </p>
      )}
      {turns.length === 0 ? (
        <p className="muted">Replies appear here. Each run is kept in the history, and its reply can be cited with @result.</p>
      ) : (
        <ol className="turns">
          {turns.map((run) => (
            <Turn key={run.id} run={run} live={sending?.runId === run.id} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Turn({ run, live }: { run: RunView; live: boolean }) {
  return (
    <li className={`turn turn-${run.status}`} data-run={run.id} data-status={live ? 'running' : run.status} aria-label={`Run ${run.number}`}>
      <p className="turn-meta">
        Run {run.number} · {run.endpoint?.model ?? 'no model'} · {live ? STATUS_WORDS.running : STATUS_WORDS[run.status]}
        {run.replyResultId && <span className="muted"> · cite as @result:{run.replyResultId}</span>}
      </p>
      <pre className="turn-message">{run.message}</pre>
      <div className="reply" aria-live={live ? 'polite' : 'off'}>
        <LinkedText text={run.reply} />
      </div>
      {run.error && run.status !== 'stopped' && (
        <p role="alert" className="error">
          {run.error.message}
        </p>
      )}
      {run.status === 'stopped' && <p className="muted">Stopped; the reply is kept as far as it arrived.</p>}
    </li>
  );
}
