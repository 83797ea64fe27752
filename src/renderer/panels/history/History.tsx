import { useEffect, useState } from 'react';
import type { RunSummaryView, RunView, SessionSummaryView } from '../../../shared/api/session-types';
import { uiText, useUi, type Said } from '../../i18n';
import { useApi, useApp, useAppStore } from '../../store';
import { RUN_STATUS_KEYS } from '../../i18n/code-words';
import { usePanelKeys } from '../panel-keys';
import { RunDetail } from './RunDetail';

/**
 * The history: every session (newest first), the runs of the one picked, and a past run reopened
 * with its preview (the expanded message as sent), its citations and its reply, exportable as
 * Markdown with a citations table.
 */
export function History() {
  const api = useApi();
  const ui = useUi();
  const store = useAppStore();
  const panelKeys = usePanelKeys<HTMLElement>(() => store.getState().setPanel(null));
  const version = useApp((s) => s.historyVersion);
  const [sessions, setSessions] = useState<SessionSummaryView[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [runs, setRuns] = useState<RunSummaryView[]>([]);
  const [run, setRun] = useState<RunView | null>(null);
  const [problem, setProblem] = useState<Said | null>(null);

  useEffect(() => {
    void api.listSessions({}).then((answer) => {
      if (!answer.ok) return setProblem(answer.error);
      setSessions(answer.value.sessions);
      setCurrentId(answer.value.currentId);
      setProblem(answer.value.problems.length > 0 ? uiText('ui.history.skipped', { files: answer.value.problems.map((p) => p.text ?? p.message) }) : null);
      setSessionId((id) => id ?? answer.value.currentId ?? answer.value.sessions[0]?.id ?? null);
    });
  }, [api, version]);

  useEffect(() => {
    if (!sessionId) return;
    void api.listRuns({ sessionId }).then((answer) => (answer.ok ? setRuns(answer.value) : setProblem(answer.error)));
  }, [api, sessionId, version]);

  const open = async (runId: string) => {
    const answer = await api.readRun({ sessionId, runId });
    if (answer.ok) setRun(answer.value);
    else setProblem(answer.error);
  };
  const exportRun = async () => {
    if (!run) return;
    const made = await api.exportRun({ sessionId, runId: run.id });
    if (!made.ok) return store.getState().notify('error', made.error);
    const saved = await api.exportMarkdown(made.value);
    if (!saved.ok) store.getState().notify('error', saved.error);
    else if (saved.value) store.getState().notify('info', uiText('ui.history.exported', { n: run.number, path: saved.value.path }));
  };

  return (
    <section id="history-panel" className="panel history" aria-label={ui.t('ui.app.history')} {...panelKeys}>
      <div className="panel-head">
        <h2>{ui.t('ui.app.history')}</h2>
        <button type="button" className="link" onClick={() => store.getState().setPanel(null)}>
          {ui.t('ui.app.close')}
        </button>
      </div>
      {problem && <p className="error">{ui.say(problem)}</p>}
      {sessions.length === 0 ? (
        <p className="muted">{ui.t('ui.history.none')}</p>
      ) : (
        <label>
          {ui.t('ui.history.session')}{' '}
          <select value={sessionId ?? ''} onChange={(e) => (setSessionId(e.target.value), setRun(null))}>
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title ?? ui.t('ui.history.untitled')} · {ui.t('ui.history.runs', { count: s.runCount })} · {ui.date(s.updatedAt)}
                {s.id === currentId ? ui.t('ui.history.current') : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="runs" aria-label={ui.t('ui.history.runsLabel')}>
        {(sessionId ? runs : []).map((r) => (
          <li key={r.id}>
            <button type="button" className="run-button" aria-pressed={run?.id === r.id} onClick={() => void open(r.id)}>
              {ui.t('ui.history.runTitle', { n: r.number, title: r.title || ui.t('ui.history.empty') })}{' '}
              <span className="muted">· {ui.t(RUN_STATUS_KEYS[r.status])}</span>
            </button>
          </li>
        ))}
      </ul>
      {run && <RunDetail run={run} onExport={() => void exportRun()} />}
    </section>
  );
}
