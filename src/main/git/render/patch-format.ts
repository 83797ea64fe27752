/**
 * One file's change as a git patch, byte for byte in the form `git diff` prints: the `diff --git`
 * line, extended headers (new/deleted file mode, old/new mode, index), `---`/`+++` with /dev/null for
 * a missing side, and hunks with 3 lines of context computed by the `diff` package. Binary content
 * (a NUL in the first 8000 bytes, git's rule) is summarised as `Binary files ... differ`.
 */
import type { StructuredPatchHunk } from 'diff';
import { diffLineHunks } from './line-diff';
import { MODE_GITLINK, type FileChange } from '../views';

/** Lines of context around each change, as git's default. */
export const CONTEXT_LINES = 3;
/** Hex digits of abbreviated object ids on `index` lines (git's minimum abbreviation). */
export const ABBREV = 7;
const NULL_OID = '0'.repeat(ABBREV);
/** git looks for NUL bytes in the first 8000 bytes to call content binary. */
const BINARY_SNIFF_BYTES = 8000;
/** git's default "function line" is at most this many bytes (xdiff's `func_line` buffer). */
const FUNC_LINE_BYTES = 80;

/** Content of both sides; `null` for an absent side, `undefined`-free. `tooLarge` forces binary. */
export interface PatchContent {
  old: Uint8Array | null;
  new: Uint8Array | null;
  /** A side was too large to keep in memory; shown as binary, as git does past core.bigFileThreshold. */
  tooLarge?: boolean;
}

/** How long one file's line diff may run when the caller gives no limit. Default 5 s. */
export const LINE_DIFF_TIMEOUT_MS = 5000;

/** Formats one change. Returns the patch text ending with a newline. `timeoutMs` bounds the line diff. */
export function formatFilePatch(change: FileChange, content: PatchContent, timeoutMs = LINE_DIFF_TIMEOUT_MS): string {
  const { path, old, new: next } = change;
  const oldPath = change.from ?? path;
  const a = quotePath(`a/${oldPath}`);
  const b = quotePath(`b/${path}`);
  const lines = [`diff --git ${a} ${b}`];
  if (!next && old) lines.push(`deleted file mode ${modeText(old.mode)}`, `index ${abbrev(old.oid)}..${NULL_OID}`);
  else if (!old && next) lines.push(`new file mode ${modeText(next.mode)}`, `index ${NULL_OID}..${abbrev(next.oid)}`);
  else if (old && next) {
    const sameContent = old.oid === next.oid;
    if (old.mode !== next.mode) lines.push(`old mode ${modeText(old.mode)}`, `new mode ${modeText(next.mode)}`);
    // git's order: mode lines, then the rename's lines, then the index line.
    if (change.from !== undefined) {
      lines.push(`similarity index ${change.similarity ?? 100}%`, `rename from ${quotePath(oldPath)}`, `rename to ${quotePath(path)}`);
    }
    if (!sameContent) lines.push(`index ${abbrev(old.oid)}..${abbrev(next.oid)}${old.mode === next.mode ? ` ${modeText(old.mode)}` : ''}`);
    if (sameContent) return lines.join('\n') + '\n';
  }
  const oldText = old ? sideBytes(old.mode, old.oid, content.old) : new Uint8Array(0);
  const newText = next ? sideBytes(next.mode, next.oid, content.new) : new Uint8Array(0);
  const from = old ? a : '/dev/null';
  const to = next ? b : '/dev/null';
  if (content.tooLarge || isBinary(oldText) || isBinary(newText)) {
    lines.push(`Binary files ${from} and ${to} differ`);
    return lines.join('\n') + '\n';
  }
  const hunks = diffHunks(oldText, newText, timeoutMs);
  if (hunks.length === 0) return lines.join('\n') + '\n';
  // git ends a name containing a space with a tab on these two lines, so tools can find its end.
  lines.push(`--- ${from}${old && oldPath.includes(' ') ? '\t' : ''}`, `+++ ${to}${next && path.includes(' ') ? '\t' : ''}`);
  return lines.join('\n') + '\n' + hunks;
}

/** A gitlink (submodule) side reads as git prints it; other sides are their bytes. */
function sideBytes(mode: number, oid: string, bytes: Uint8Array | null): Uint8Array {
  if (mode === MODE_GITLINK) return Buffer.from(`Subproject commit ${oid}\n`);
  return bytes ?? new Uint8Array(0);
}

/** git's rule: content is binary when a NUL byte appears in its first 8000 bytes. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

function diffHunks(oldBytes: Uint8Array, newBytes: Uint8Array, timeoutMs: number): string {
  const oldText = Buffer.from(oldBytes).toString('utf8');
  const newText = Buffer.from(newBytes).toString('utf8');
  const hunks = diffLineHunks(oldText, newText, { context: CONTEXT_LINES, timeoutMs });
  if (hunks.length === 0) return '';
  const oldLines = oldText.split('\n');
  let out = '';
  for (const hunk of hunks) {
    // One join per hunk: a concatenation per line made a string per line (a 1,000,000-line hunk).
    out += hunkHeader(hunk, oldLines) + '\n' + hunk.lines.join('\n') + '\n';
  }
  return out;
}

/**
 * `@@ -start,count +start,count @@ function-line`: a count of 1 is left out and an empty range starts
 * one line earlier (unified diff rules); the function line is the nearest line above the hunk that
 * starts with a letter, `_` or `$` (git's default, trailing whitespace trimmed, at most 80 bytes).
 */
function hunkHeader(h: StructuredPatchHunk, oldLines: readonly string[]): string {
  const range = (start: number, count: number): string => {
    const s = count === 0 ? start - 1 : start;
    return count === 1 ? `${s}` : `${s},${count}`;
  };
  const header = `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`;
  const func = functionLine(oldLines, h.oldStart - 2);
  return func ? `${header} ${func}` : header;
}

function functionLine(lines: readonly string[], from: number): string {
  for (let i = Math.min(from, lines.length - 1); i >= 0; i--) {
    const line = lines[i] as string;
    if (/^[A-Za-z_$]/.test(line)) {
      return Buffer.from(line, 'utf8').subarray(0, FUNC_LINE_BYTES).toString('utf8').replace(/\s+$/, '');
    }
  }
  return '';
}

function modeText(mode: number): string {
  return mode.toString(8).padStart(6, '0');
}

function abbrev(oid: string): string {
  return oid.slice(0, ABBREV);
}

const C_ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };

/**
 * git's `quote_c_style` with core.quotePath on: a name with control characters, `"`, `\` or any
 * non-ASCII byte is written in double quotes with C escapes and octal bytes (`"a/t\303\251st"`).
 */
export function quotePath(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  if (!bytes.some((c) => c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x7f)) return name;
  let out = '"';
  for (const c of bytes) {
    const esc = C_ESCAPES[c];
    if (esc !== undefined) out += `\\${esc}`;
    else if (c < 0x20 || c >= 0x7f) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(c);
  }
  return out + '"';
}
