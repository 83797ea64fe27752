/**
 * Fences for attached content (docs/contract.md "The expanded message"): the content sits in a Markdown code
 * fence that the content itself cannot close, so attached text can never end its block early and pose
 * as the person's own words or as another block.
 */

/** Backtick runs that open a line (after any indentation): the only runs that could close a fence. */
const LINE_START_BACKTICKS = /(?:^|\r\n|\r|\n)[ \t]*(`+)/g;

/** The shortest fence CommonMark allows. */
const MIN_FENCE = 3;

/**
 * A backtick fence longer than every backtick run at the start of a line of `content` (indented or
 * not), and at least 3 long. CommonMark closes a fence only with a run at least as long as the opening
 * one, at the start of a line, indented by at most 3 spaces; counting every indentation is stricter.
 */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const m of content.matchAll(LINE_START_BACKTICKS)) longest = Math.max(longest, m[1]!.length);
  return '`'.repeat(Math.max(MIN_FENCE, longest + 1));
}

/**
 * An info string safe to put after a backtick fence: CommonMark forbids backticks in it, and a line
 * break would end it and leak the rest into the content. Only the first word is kept (`ts`, `diff`).
 */
export function fenceInfo(info: string): string {
  return info.replace(/[`\r\n]/g, ' ').trim().split(/\s+/)[0] ?? '';
}

/**
 * `content` inside a fence it cannot close, with `info` (a language such as `ts`, `diff`, `markdown`;
 * default none) after the opening fence. A final line break of the content is not doubled.
 */
export function renderFenced(content: string, info = ''): string {
  const fence = fenceFor(content);
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${fence}${fenceInfo(info)}\n${body}${fence}`;
}
