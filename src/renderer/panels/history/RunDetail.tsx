import type { RunView } from '../../../shared/api/session-types';
import { formatSize } from '../format';

/** A reopened run: its citations, the reply, and the expanded message exactly as it was sent. */
export function RunDetail({ run, onExport }: { run: RunView; onExport(): void }) {
  return (
    <article className="run-detail" aria-label={`Run ${run.number}`}>
      <div className="panel-head">
        <h3>
          Run {run.number} · {run.status}
        </h3>
        <button type="button" onClick={onExport}>
          Export run as Markdown
        </button>
      </div>
      <p className="muted">
        {new Date(run.timings.startedAt).toLocaleString()} · {run.endpoint ? `${run.endpoint.model} at ${run.endpoint.name}` : 'not sent'} · {run.tokens} tokens
        {run.usage ? ` · model reported ${run.usage.totalTokens} tokens` : ''}
      </p>
      <table className="citations" aria-label="Citations">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Source</th>
            <th scope="col">Size</th>
            <th scope="col">Tokens</th>
            <th scope="col">Status</th>
            <th scope="col">Stored as</th>
          </tr>
        </thead>
        <tbody>
          {run.references.map((c) => (
            <tr key={`${c.from}-${c.raw}`}>
              <td>
                <code>{c.raw}</code>
              </td>
              <td className="source" title={c.sha256 ? `sha256 ${c.sha256}` : undefined}>
                {c.source?.realPath ?? c.source?.finalUrl ?? c.source?.resultId ?? c.target}
                {c.lineStart !== null ? `:${c.lineStart}-${c.lineEnd ?? c.lineStart}` : ''}
              </td>
              <td>{formatSize(c.bytes)}</td>
              <td>{c.tokens}</td>
              <td>{c.status}</td>
              <td>{c.resultId ? <code>@result:{c.resultId}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {run.error && <p className="error">{run.error.message}</p>}
      <h4>Reply</h4>
      <div className="reply">{run.reply || <span className="muted">No reply text.</span>}</div>
      <h4>Preview (as sent)</h4>
      <pre className="preview-text run-preview">{run.expandedMessage}</pre>
    </article>
  );
}
