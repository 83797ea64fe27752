import { formatBytes, translate } from '../../../shared/i18n';
import { say, uiText } from '../../i18n/said';
import { nextRequestId } from './ask';
import type { RowEnv } from './config';

/** Lines a preview card shows of a text file (a document's card shows twice as many: its lines are short). */
export const PREVIEW_LINES = 8;

/**
 * The text a card shows of an expanded reference's block. The block is a header line, an opening
 * fence, the content and a closing fence; the card shows the content's first lines.
 */
export function cardText(block: string, isDocument: boolean): string {
  const lines = block.split('\n');
  const content = lines.slice(2, -1).join('\n').replace(/\n?`{3,}\s*$/, '');
  return content.split('\n').slice(0, isDocument ? PREVIEW_LINES * 2 : PREVIEW_LINES + 2).join('\n');
}

/**
 * The card beside the highlighted row (the option's `info`): what the reference would attach (its
 * description, size and tokens: a folder's entry count, a diff's files) and its first lines, read
 * through the engine like any reference, so containment, protection and redaction apply to what the
 * card shows too. `summarise` false leaves out the summary line (a file's row already says its size).
 */
export async function previewCard(env: RowEnv, reference: string, isDocument: boolean, summarise = true): Promise<Node> {
  const card = document.createElement('div');
  card.className = 'cm-completion-card';
  const answer = env.api ? await env.api.expand({ requestId: nextRequestId('card'), text: reference, contextLength: 128_000, fresh: false }) : null;
  const ref = answer?.ok ? answer.value.references[0] : undefined;
  if (!ref?.block) {
    card.textContent = ref?.warnings[0] ? say(ref.warnings[0], env.language) : translate(uiText('ui.completion.noPreview'), env.language);
    return card;
  }
  if (summarise) {
    const summary = card.appendChild(document.createElement('p'));
    summary.className = 'cm-completion-card-summary';
    const described = ref.description ?? ref.target;
    summary.textContent = translate(uiText('ui.completion.cardSummary', { what: described, size: formatBytes(ref.bytes, env.language), tokens: ref.tokens }), env.language);
  }
  const pre = document.createElement('pre');
  pre.textContent = cardText(ref.block, isDocument);
  card.append(pre);
  return card;
}
