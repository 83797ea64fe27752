/**
 * A run as Markdown, for the Export button of the history view: what was asked, a table of its
 * citations (reference, kind, source, lines, bytes, tokens, sha256, status, stored result), the
 * warnings, the reply, and the expanded message exactly as sent.
 */
import { renderFenced } from '../guards';
import type { Citation, RunRecord } from '../../shared/session-records';

const STATUS_WORDS: Record<RunRecord['status'], string> = {
  expanded: 'expanded, not sent',
  running: 'streaming',
  interrupted: 'interrupted',
  done: 'done',
  stopped: 'stopped',
  failed: 'failed',
};

/** Renders `run` as a Markdown document. */
export function runToMarkdown(run: RunRecord): string {
  const parts = [`# Run ${run.number}: ${oneLine(firstLine(run.message))}`, overview(run), `## Message\n\n${fenced(run.message, 'text')}`, `## Citations\n\n${citationTable(run.references)}`];
  if (run.warnings.length > 0) parts.push(`## Warnings\n\n${run.warnings.map((w) => `- ${w.reference ? `\`${w.reference}\`: ` : ''}${oneLine(w.message)}`).join('\n')}`);
  if (run.status !== 'expanded') parts.push(`## Reply\n\n${run.reply === '' ? '_No reply text._' : run.reply}`);
  if (run.error) parts.push(`## Error\n\n${oneLine(run.error.message)} (\`${run.error.code}\`)`);
  parts.push(`## Expanded message as sent\n\n${fenced(run.expandedMessage, 'markdown')}`);
  return `${parts.join('\n\n')}\n`;
}

function overview(run: RunRecord): string {
  const rows = [
    `- Status: ${STATUS_WORDS[run.status]}`,
    `- Session: \`${run.sessionId}\`, run \`${run.id}\``,
    `- Workspace: \`${run.workspace}\``,
    run.endpoint ? `- Model: ${run.endpoint.model} at ${run.endpoint.name} (${run.endpoint.baseUrl})` : null,
    `- Started: ${run.timings.startedAt}`,
    run.timings.firstTokenAt ? `- First token: ${run.timings.firstTokenAt}` : null,
    run.timings.finishedAt ? `- Finished: ${run.timings.finishedAt}` : null,
    `- Tokens: ${run.tokens} in the expanded message (${run.attachedTokens} attached; soft limit ${run.softTokenLimit}, hard limit ${run.hardTokenLimit} of ${run.contextLength})`,
    run.usage ? `- Usage reported by the model: ${run.usage.promptTokens} prompt + ${run.usage.completionTokens} completion = ${run.usage.totalTokens} tokens` : null,
    run.replyResultId ? `- Reply stored as \`@result:${run.replyResultId}\`` : null,
  ];
  return rows.filter((r): r is string => r !== null).join('\n');
}

/** The citations as a Markdown table; `_None._` without references. */
export function citationTable(citations: readonly Citation[]): string {
  if (citations.length === 0) return '_No references._';
  const head = '| Reference | Kind | Source | Lines | Bytes | Tokens | sha256 | Status | Result |\n|---|---|---|---|---:|---:|---|---|---|';
  const rows = citations.map((c) =>
    [code(c.raw), c.kind, cell(sourceOf(c)), lines(c), String(c.bytes), String(c.tokens), c.sha256 ? code(c.sha256) : '', c.status, c.resultId ? code(`@result:${c.resultId}`) : ''].join(' | '),
  );
  return `${head}\n${rows.map((r) => `| ${r} |`).join('\n')}`;
}

/**
 * Where the bytes came from, in one cell: real path, final URL, commits, or the cited result; for a
 * document also its format, the units attached of how many, the extractor and the document's sha256.
 */
function sourceOf(c: Citation): string {
  const s = c.source;
  if (!s) return c.target;
  const where = s.realPath ?? s.finalUrl;
  if (where && s.document) return `${where} (${documentNote(s.document)})`;
  if (s.realPath) return s.realPath;
  if (s.finalUrl) return s.finalUrl;
  if (s.resultId) return `result ${s.resultId}`;
  if (s.commits && s.commits.length > 0) return `${s.repository ?? ''} ${s.commits.map((id) => id.slice(0, 12)).join(', ')}`.trim();
  return s.repository ?? c.target;
}

function documentNote(d: NonNullable<NonNullable<Citation['source']>['document']>): string {
  const range = d.block ? `${d.block}, ` : d.first !== null && d.last !== null ? `${d.unit}s ${d.first}-${d.last}${d.count !== null ? ` of ${d.count}` : ''}, ` : '';
  const encoding = d.encoding ? `${d.encoding}, ` : '';
  return `${d.format}, ${range}${encoding}${d.extractor}, document sha256 ${d.sha256}`;
}

function lines(c: Citation): string {
  if (c.lineStart === null) return '';
  return c.lineEnd === null || c.lineEnd === c.lineStart ? String(c.lineStart) : `${c.lineStart}-${c.lineEnd}`;
}

/** Table cells cannot hold a pipe or a line break. */
function cell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}

function code(text: string): string {
  const clean = cell(text);
  const ticks = clean.includes('`') ? '``' : '`';
  return `${ticks}${ticks === '``' ? ` ${clean} ` : clean}${ticks}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

function firstLine(text: string): string {
  return text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '(empty message)';
}

function fenced(text: string, language: string): string {
  return renderFenced(text, language);
}
