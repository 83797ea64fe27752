/**
 * The English sentences of the `@file` and `@folder` resolvers, in one place (STYLE convention 10).
 * Each says what happened in the person's terms and, where there is one, how to fix it. The SPEC's
 * fixed phrases ("file not found", "path is outside the allowed workspace", ...) open the sentence.
 */
import { formatBytes } from '../../../shared/format-bytes';
import type { ReadProblem } from '../../guards/safe-read';

/** What a sentence is about: the kind asked for and the path as the person wrote it. */
export interface Subject {
  kind: 'file' | 'folder';
  /** The path as written (or the workspace-relative path once known). */
  shown: string;
}


/** A path written so it parses back whole after `@file:` or `@folder:` (quoted when it must be). */
export function refValue(p: string): string {
  return /[\s"'`()[\]{}]/.test(p) ? (p.includes('"') ? `\`${p}\`` : `"${p}"`) : p;
}

const notFound = (s: Subject): string =>
  `${s.kind} not found: ${s.shown}. Check the spelling; relative paths start at the workspace folder.`;

/** The sentence for a problem met while locating, opening or reading a path. */
export function problemMessage(problem: ReadProblem, s: Subject): string {
  switch (problem.reason) {
    case 'missing':
      return notFound(s);
    case 'invalid':
      return `${s.kind} not found: ${problem.detail ?? 'the path is not valid'}. Remove the character and try again.`;
    case 'loop':
      return `${s.kind} not found: ${s.shown} is a symbolic link that points back at itself. Refer to the real ${s.kind} instead.`;
    case 'too_long':
      return `${s.kind} not found: the path is longer than the system allows. Check the path.`;
    case 'directory':
      return `file not found: ${s.shown} is a folder. To list it, use @folder:${refValue(s.shown)}.`;
    case 'file':
      return `folder not found: ${s.shown} is a file. To attach it, use @file:${refValue(s.shown)}.`;
    case 'outside':
      return (
        `path is outside the allowed workspace: ${s.shown}. Move it into the workspace folder, ` +
        'or drop the file onto the composer to allow that one file.'
      );
    case 'protected':
      return (
        `path is a sensitive credential file (${problem.detail}): ${s.shown}. Atmark never attaches it; ` +
        'paste the part you need into the prompt yourself, without secrets.'
      );
    case 'not_regular':
      return `${s.shown} is a ${problem.detail}, not a regular file, so it cannot be attached. Attach a text file instead.`;
    case 'too_large':
      return tooLargeMessage(s, problem.bytes, problem.limit);
    case 'aborted':
      return `reading ${s.shown} was cancelled before it finished. It will be read again on the next change.`;
    case 'io_error':
      return `could not read ${s.shown} (${problem.detail ?? 'input/output error'}). Check that the ${s.kind} is readable.`;
  }
}

/** `too_large` for a whole file: says the size, the limit, and suggests a line range. */
export function tooLargeMessage(s: Subject, bytes: number, limit: number): string {
  return (
    `${s.kind} is too large to attach: ${s.shown} is ${formatBytes(bytes)}, the limit for one reference is ` +
    `${formatBytes(limit)}. Attach a narrower line range, e.g. @file:${refValue(s.shown)}:1-200.`
  );
}

/** `too_large` for a line range whose text passes the limit. */
export function rangeTooLargeMessage(shown: string, range: string, limit: number): string {
  return (
    `the text of ${range} of ${shown} is larger than the limit of ${formatBytes(limit)} for one reference. ` +
    'Attach a narrower line range.'
  );
}

/** `too_large` for a file whose lines cannot be found within the bytes Atmark scans. */
export function scanTooLargeMessage(shown: string, limit: number): string {
  return (
    `file is too large to attach: Atmark reads at most the first ${formatBytes(limit)} of a file ` +
    `to find lines, and ${shown} is larger. Attach a range near the start of the file.`
  );
}

/** `binary files are not supported`. */
export function binaryMessage(shown: string): string {
  return `binary files are not supported: ${shown}. Attach a text file, or describe the file in the prompt.`;
}

/** `not_found` for a range that starts past the end of the file. */
export function pastEndMessage(shown: string, start: number, lineCount: number): string {
  if (lineCount === 0) return `file ${shown} is empty, so it has no line ${start}. Attach the whole file instead.`;
  return (
    `file ${shown} has ${lineCount} line${lineCount === 1 ? '' : 's'}; line ${start} is past its end. ` +
    `Use a range within 1-${lineCount}.`
  );
}

/** `clamped` (informational) for a range whose end is past the end of the file. */
export function clampedRangeMessage(shown: string, start: number, end: number, lineCount: number): string {
  return `file ${shown} has ${lineCount} lines, so lines ${start}-${lineCount} were attached instead of ${start}-${end}.`;
}

/** `failed` when a folder listing passed its deadline. */
export function folderTimeoutMessage(shown: string, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return `listing folder ${shown} took longer than ${seconds} s and was stopped. List a smaller folder, such as one of its subfolders.`;
}

/** `too_large` when a folder listing's text passes the limit for one reference. */
export function folderTooLargeMessage(shown: string, bytes: number, limit: number): string {
  return (
    `the listing of folder ${shown} is ${formatBytes(bytes)}, more than the limit of ${formatBytes(limit)} ` +
    'for one reference. List one of its subfolders instead.'
  );
}

/** A document file larger than Atmark reads. */
export function documentTooBigMessage(shown: string, size: number, cap: number): string {
  return `${shown} is ${formatBytes(size)}, over the ${formatBytes(cap)} Atmark reads from a document. Split it, or export the pages you need to a smaller file.`;
}
