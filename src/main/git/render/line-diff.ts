/**
 * The line diff behind every patch, with a time limit (issue 11, row 6b). The `diff` package's Myers
 * diff costs O(N·D): a commit that rewrites all 500,000 lines of a file never finishes. Two ways out,
 * both giving a valid unified diff that `git apply` accepts:
 *
 * 1. When the two sides share no line at all, the only diff is "remove every old line, add every new
 *    one": that hunk is built directly, in linear time (native git prints exactly this).
 * 2. Otherwise Myers runs with a time limit; when it cannot finish, the lines the two sides share at
 *    the start and at the end are kept as context and everything between is replaced. That is still
 *    a correct patch, only larger than git's; the caller's deadline is never passed by the diff.
 */
import { structuredPatch, type StructuredPatchHunk } from 'diff';

/** Options of {@link diffLineHunks}. */
export interface LineDiffOptions {
  /** Lines of context around each change (git: 3). */
  context: number;
  /** How long Myers may run before the replacement fallback, in ms; 0 goes straight to it. */
  timeoutMs: number;
}

const NO_NEWLINE = '\\ No newline at end of file';

/** A text as lines (without their newlines), and whether the last one lacks its newline. */
interface Lines {
  lines: string[];
  /** The last line has no newline. */
  noEol: boolean;
}

function splitLines(text: string): Lines {
  if (text === '') return { lines: [], noEol: false };
  const lines = text.split('\n');
  const noEol = !text.endsWith('\n');
  if (!noEol) lines.pop();
  return { lines, noEol };
}

/** True when line `i` of `a` equals line `j` of `b`, newline included (a missing final newline differs). */
function sameLine(a: Lines, i: number, b: Lines, j: number): boolean {
  if (a.lines[i] !== b.lines[j]) return false;
  const aLast = a.noEol && i === a.lines.length - 1;
  const bLast = b.noEol && j === b.lines.length - 1;
  return aLast === bLast;
}

/**
 * True when no line of `a` is a line of `b`. Compared without newlines, which can only say "not
 * disjoint" too often (a last line without its newline), never too rarely: then Myers runs.
 * No new strings are made: a 500,000-line rewrite spends its time here otherwise in garbage collection.
 */
function disjoint(a: Lines, b: Lines): boolean {
  const [small, large] = a.lines.length < b.lines.length ? [a, b] : [b, a];
  const set = new Set(small.lines);
  for (const line of large.lines) if (set.has(line)) return false;
  return true;
}

/**
 * One hunk that keeps `prefix` shared lines at the start and `suffix` at the end (as context, up to
 * `context` of each) and replaces everything between: first the old lines, then the new ones.
 */
export function replacementHunks(a: Lines, b: Lines, prefix: number, suffix: number, context: number): StructuredPatchHunk[] {
  const oldEnd = a.lines.length - suffix;
  const newEnd = b.lines.length - suffix;
  if (oldEnd === prefix && newEnd === prefix) return [];
  const before = Math.min(context, prefix);
  const after = Math.min(context, suffix);
  const lines: string[] = [];
  for (let i = prefix - before; i < prefix; i++) lines.push(` ${a.lines[i]}`);
  for (let i = prefix; i < oldEnd; i++) lines.push(`-${a.lines[i]}`);
  if (a.noEol && suffix === 0 && oldEnd > prefix) lines.push(NO_NEWLINE);
  for (let i = prefix; i < newEnd; i++) lines.push(`+${b.lines[i]}`);
  if (b.noEol && suffix === 0 && newEnd > prefix) lines.push(NO_NEWLINE);
  for (let i = oldEnd; i < oldEnd + after; i++) lines.push(` ${a.lines[i]}`);
  if (a.noEol && after > 0 && after === suffix) lines.push(NO_NEWLINE);
  return [
    {
      oldStart: prefix - before + 1,
      oldLines: before + (oldEnd - prefix) + after,
      newStart: prefix - before + 1,
      newLines: before + (newEnd - prefix) + after,
      lines,
    },
  ];
}

/** Lines shared at the start, then at the end (not overlapping the start). */
function commonEnds(a: Lines, b: Lines): { prefix: number; suffix: number } {
  const max = Math.min(a.lines.length, b.lines.length);
  let prefix = 0;
  while (prefix < max && sameLine(a, prefix, b, prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && sameLine(a, a.lines.length - 1 - suffix, b, b.lines.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/** The hunks of a unified diff from `oldText` to `newText` (see the module comment). */
export function diffLineHunks(oldText: string, newText: string, options: LineDiffOptions): StructuredPatchHunk[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  if (disjoint(a, b)) return replacementHunks(a, b, 0, 0, options.context);
  if (options.timeoutMs > 0) {
    const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context: options.context, timeout: options.timeoutMs });
    if (patch) return patch.hunks;
  }
  const { prefix, suffix } = commonEnds(a, b);
  return replacementHunks(a, b, prefix, suffix, options.context);
}
