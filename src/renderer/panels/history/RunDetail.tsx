import type { RunView } from '../../../shared/api/session-types';
import type { DocumentCitation } from '../../../shared/expansion';
import { DOCUMENT_UNITS, unitRangeText } from '../../../shared/formats';
import { formatBytes } from '../../../shared/i18n';
import { useUi } from '../../i18n';
import { REFERENCE_STATUS_KEYS, RUN_STATUS_KEYS } from '../../i18n/code-words';

/** A document's citation under its path: the units attached of how many, and the extractor. */
function DocumentLine({ document }: { document: DocumentCitation }) {
  const ui = useUi();
  // A unit this version does not know (a newer Atmark wrote the run) is shown as pages.
  const unit = DOCUMENT_UNITS.find((u) => u === document.unit) ?? 'page';
  const { first, last, count } = document;
  const range = document.block ?? null;
  const counted = range === null && first !== null && last !== null ? ui.say(unitRangeText(unit, first, last)) : null;
  return (
    <div className="muted" title={ui.t('ui.run.documentSha256', { hash: document.sha256 })}>
      {range !== null ? `${range} · ${document.extractor}` : counted !== null && count !== null ? ui.t('ui.run.documentOf', { range: counted, count, extractor: document.extractor }) : document.extractor}
    </div>
  );
}

/** A reopened run: its citations, the reply, and the expanded message exactly as it was sent. */
export function RunDetail({ run, onExport }: { run: RunView; onExport(): void }) {
  const ui = useUi();
  return (
    <article className="run-detail" aria-label={ui.t('ui.run.label', { n: run.number })}>
      <div className="panel-head">
        <h3>{ui.t('ui.run.heading', { n: run.number, status: ui.t(RUN_STATUS_KEYS[run.status]) })}</h3>
        <button type="button" onClick={onExport}>
          {ui.t('ui.run.export')}
        </button>
      </div>
      <p className="muted">
        {ui.date(run.timings.startedAt)} · {run.endpoint ? ui.t('ui.run.endpoint', { model: run.endpoint.model, name: run.endpoint.name }) : ui.t('ui.run.notSent')} ·{' '}
        {ui.t('ui.run.tokens', { count: run.tokens })}
        {run.usage ? ui.t('ui.run.reported', { count: run.usage.totalTokens }) : ''}
      </p>
      <table className="citations" aria-label={ui.t('ui.run.citations')}>
        <thead>
          <tr>
            <th scope="col">{ui.t('ui.run.reference')}</th>
            <th scope="col">{ui.t('ui.run.source')}</th>
            <th scope="col">{ui.t('ui.run.size')}</th>
            <th scope="col">{ui.t('ui.run.tokensColumn')}</th>
            <th scope="col">{ui.t('ui.run.status')}</th>
            <th scope="col">{ui.t('ui.run.storedAs')}</th>
          </tr>
        </thead>
        <tbody>
          {run.references.map((c) => (
            <tr key={`${c.from}-${c.raw}`}>
              <td>
                <code>{c.raw}</code>
              </td>
              <td className="source" title={c.sha256 ? ui.t('ui.run.sha256', { hash: c.sha256 }) : undefined}>
                {c.source?.realPath ?? c.source?.finalUrl ?? c.source?.resultId ?? c.target}
                {c.lineStart !== null ? `:${c.lineStart}-${c.lineEnd ?? c.lineStart}` : ''}
                {c.source?.document && <DocumentLine document={c.source.document} />}
              </td>
              <td>{formatBytes(c.bytes, ui.language)}</td>
              <td>{ui.number(c.tokens)}</td>
              <td>{ui.t(REFERENCE_STATUS_KEYS[c.status])}</td>
              <td>{c.resultId ? <code>@result:{c.resultId}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {run.error && <p className="error">{ui.say(run.error)}</p>}
      <h4>{ui.t('ui.run.reply')}</h4>
      <div className="reply">{run.reply || <span className="muted">{ui.t('ui.run.noReply')}</span>}</div>
      <h4>{ui.t('ui.run.asSent')}</h4>
      <pre className="preview-text run-preview">{run.expandedMessage}</pre>
    </article>
  );
}
