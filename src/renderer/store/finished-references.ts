import { parsedReferences } from '../composer/parsed';

/**
 * The references of `text` the person has finished typing: well formed, and followed by a space or
 * a line break (what typing a reference ends with, and what the completion list inserts after one).
 * Why: the expansion waits for a pause in the typing (EXPAND_DEBOUNCE_MS), and for a reference just
 * finished that pause is pure waiting: 150 ms of the first `@diff` chip, against 60-80 ms for
 * `git diff` itself (issue 27). A keystroke that finishes a new one expands at once instead.
 */
export function finishedReferences(text: string): Set<string> {
  const finished = new Set<string>();
  for (const ref of parsedReferences(text)) {
    if (!ref.malformed && /\s/u.test(text.charAt(ref.to))) finished.add(ref.raw);
  }
  return finished;
}

/** Whether `now` holds a finished reference that `before` did not. */
export function finishesReference(before: ReadonlySet<string>, now: ReadonlySet<string>): boolean {
  for (const raw of now) if (!before.has(raw)) return true;
  return false;
}
