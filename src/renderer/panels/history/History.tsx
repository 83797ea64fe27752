import { useEffect, useState } from 'react';
import type { RunSummaryView, RunView, SessionSummaryView } from '../../../shared/api/session-types';
import { useApi, useApp, useAppStore } from '../../store';
import { usePanelKeys } from '../panel-keys';
import { RunDetail } from './RunDetail';

/**
 * The history: every session (newest first), the runs of the one picked, and a past run reopened
 * with its preview (the expanded message as sent), its citations and its reply, exportable as
 * Markdown with a citations table.
 */
export function History() {
  const api = useApi();
  const store = useAppStore();
  const panelKeys = usePanelKeys<HTMLElement>(() => store.getState().setPanel(null));
  const version = useApp((s) => s.historyVersion);
  const [sessions, setSessions] = useState<SessionSummaryView[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [runs, setRuns] = useState<RunSummaryView[]>([]);
  const [run, setRun] = useState<RunView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void api.listSessions({}).then((answer) => {
      if (!answer.ok) return setProblem(answer.error.message);
      setSessions(answer.value.sessions);
      setCurrentId(answer.value.currentId);
      setProblem(answer.value.problems.length > 0 ? `Skipped damaged files: ${answer.value.problems.join('; ')}` : null);
      setSessionId((id) => id ?? answer.value.currentId ?? answer.value.sessions[0]?.id ?? null);
    });
  }, [api, version]);

  useEffect(() => {
    if (!sessionId) return;
    void api.listRuns({ sessionId }).then((answer) => (answer.ok ? setRuns(answer.value) : setProblem(answer.error.message)));
  }, [api, sessionId, version]);

  const open = async (runId: string) => {
    const answer = await api.readRun({ sessionId, runId });
    if (answer.ok) setRun(answer.value);
    else setProblem(answer.error.message);
  };
  const exportRun = async () => {
    if (!run) return;
    const made = await api.exportRun({ sessionId, runId: run.id });
    if (!made.ok) return store.getState().notify('error', made.error.message);
    const saved = await api.exportMarkdown(made.value);
    if (!saved.ok) store.getState().notify('error', saved.error.message);
    else if (saved.value) store.getState().notify('info', `Exported run ${run.number} to ${saved.value.path}.`);
  };

  return (
    <section id="history-panel" className="panel history" aria-label="History" {...panelKeys}>
      <div className="panel-head">
        <h2>History</h2>
        <button type="button" className="link" onClick={() => store.getState().setPanel(null)}>
          Close
        </button>
      </div>
      {problem && <p className="error">{problem}</p>}
      {sessions.length === 0 ? (
        <p className="muted">No sessions yet: every Send is recorded here.</p>
      ) : (
        <label>
          Session{' '}
          <select value={sessionId ?? ''} onChange={(e) => (setSessionId(e.target.value), setRun(null))}>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title ?? 'untitled'} · {s.runCount} run{s.runCount === 1 ? '' : 's'} · {new Date(s.updatedAt).toLocaleString()}
                {s.id === currentId ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="runs" aria-label="Runs">
        {(sessionId ? runs : []).map((r) => (
          <li key={r.id}>
            <button type="button" className="run-button" aria-pressed={run?.id === r.id} onClick={() => void open(r.id)}>
              Run {r.number}: {r.title || '(empty)'} <span className="muted">· {r.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {run && <RunDetail run={run} onExport={() => void exportRun()} />}
    </section>
  );
}
