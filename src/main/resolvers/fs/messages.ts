/**
 * The sentences of the `@file` and `@folder` resolvers, as catalogue texts (`fs.*` in
 * src/shared/i18n/catalogues). Each says what happened in the person's terms and, where there is
 * one, how to fix it. The contract's fixed phrases (docs/contract.md "Warnings") ("file not found", "path is outside the allowed
 * workspace", ...) open the English sentence.
 */
import { text, type Text } from '../../../shared/i18n/text';
import type { ReadProblem } from '../../guards';

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

const kindText = (s: Subject): Text => text(s.kind === 'file' ? 'kind.file' : 'kind.folder');

/** The sentence for a problem met while locating, opening or reading a path. */
export function problemMessage(problem: ReadProblem, s: Subject): Text {
  const base = { kind: kindText(s), shown: s.shown };
  switch (problem.reason) {
    case 'missing':
      return text('fs.notFound', base);
    case 'invalid':
      return text('fs.invalid', { ...base, detail: problem.detail ?? text('fs.invalidDefault') });
    case 'loop':
      return text('fs.loop', base);
    case 'too_long':
      return text('fs.tooLong', base);
    case 'directory':
      return text('fs.isFolder', { shown: s.shown, ref: refValue(s.shown) });
    case 'file':
      return text('fs.isFile', { shown: s.shown, ref: refValue(s.shown) });
    case 'outside':
      return text('fs.outside', base);
    case 'protected':
      return text('fs.protected', { ...base, detail: problem.detail });
    case 'not_regular':
      return text('fs.notRegular', { ...base, detail: problem.detail });
    case 'too_large':
      return tooLargeMessage(s, problem.bytes, problem.limit);
    case 'aborted':
      return text('fs.aborted', base);
    case 'io_error':
      return text('fs.ioError', { ...base, detail: problem.detail ?? text('fs.ioErrorDefault') });
  }
}

/** `too_large` for a whole file: says the size, the limit, and suggests a line range. */
export function tooLargeMessage(s: Subject, bytes: number, limit: number): Text {
  return text('fs.tooLarge', { kind: kindText(s), shown: s.shown, bytes, limit, ref: refValue(s.shown) });
}

/** `too_large` for a line range whose text passes the limit. */
export function rangeTooLargeMessage(shown: string, range: string, limit: number): Text {
  return text('fs.rangeTooLarge', { shown, range, limit });
}

/** `too_large` for a file whose lines cannot be found within the bytes Atmark scans. */
export function scanTooLargeMessage(shown: string, limit: number): Text {
  return text('fs.scanTooLarge', { shown, limit });
}

/** `binary files are not supported`. */
export function binaryMessage(shown: string): Text {
  return text('fs.binary', { shown });
}

/** `not_found` for a range that starts past the end of the file. */
export function pastEndMessage(shown: string, start: number, lineCount: number): Text {
  if (lineCount === 0) return text('fs.emptyNoLine', { shown, start });
  return text('fs.pastEnd', { shown, start, count: lineCount });
}

/** `clamped` (informational) for a range whose end is past the end of the file. */
export function clampedRangeMessage(shown: string, start: number, end: number, lineCount: number): Text {
  return text('fs.clampedRange', { shown, start, end, count: lineCount });
}

/** `failed` when a folder listing passed its deadline. */
export function folderTimeoutMessage(shown: string, timeoutMs: number): Text {
  return text('fs.folderTimeout', { shown, ms: timeoutMs });
}

/** `too_large` when a folder listing's text passes the limit for one reference. */
export function folderTooLargeMessage(shown: string, bytes: number, limit: number): Text {
  return text('fs.folderTooLarge', { shown, bytes, limit });
}

