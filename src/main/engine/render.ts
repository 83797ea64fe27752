import type { Warning } from '../../shared/warnings';
import { renderFenced, neutralizeInvisible } from '../guards';
import { ENGINE_TEXT } from './text';

/**
 * Renders the expanded message (docs/contract.md "The expanded message"): the message as written, then the
 * warnings, then the attached blocks in the order written. A section without entries is left out.
 */

/** One attached block, ready to render. */
export interface BlockParts {
  raw: string;
  description: string;
  language: string;
  content: string;
  tokens: number;
}

/** The block of one attached reference: a header line, then the content in a fence it cannot close. */
export function renderBlock(block: BlockParts): string {
  // A file name is text from outside too: a bidi override in it (`report\u202Egnp.txt` showing as
  // `reporttxt.png`) is shown as `[U+202E]`, as in the attached text.
  const header = ENGINE_TEXT.blockHeader(visible(block.raw), visible(block.description), block.tokens);
  return `${header}\n${renderFenced(block.content, block.language)}`;
}

/** `text` with its invisible and direction-changing characters written as `[U+XXXX]`. */
function visible(text: string): string {
  return neutralizeInvisible(text).text;
}

/** The line a warning gets in the "Context Warnings" section. */
export function renderWarningLine(warning: Warning): string {
  return warning.reference ? `- ${visible(warning.reference)}: ${visible(warning.message)}` : `- ${visible(warning.message)}`;
}

/** Assembles the whole expanded message. */
export function renderMessage(original: string, warnings: readonly Warning[], blocks: readonly string[]): string {
  const parts = [original];
  if (warnings.length > 0) parts.push(`${ENGINE_TEXT.warningsHeading}\n${warnings.map(renderWarningLine).join('\n')}`);
  if (blocks.length > 0) parts.push(`${ENGINE_TEXT.attachedHeading}\n\n${ENGINE_TEXT.untrustedNotice}\n\n${blocks.join('\n\n')}`);
  return parts.join('\n\n');
}
