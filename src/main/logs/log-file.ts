import fs from 'node:fs';
import path from 'node:path';

/**
 * Atmark's log: one line per event in `main.log` in the app's logs folder, rotated to
 * `main.old.log` past a size, so a packaged app (which has no console a person sees) leaves a
 * trace of what went wrong, and the log never grows without bound.
 *
 * What may be written is narrow by construction: an event name and fields that are numbers,
 * booleans or short codes (letters, digits, `-`, `_`, `.`, `:`, at most 40
 * characters, no run of 6 digits, no 12-character run mixing letters and digits, as keys and tokens
 * have). Anything else (a path, a prompt, a file's text, an
 * error message, a key) is written as `[withheld]`, whoever passes it. Error messages are never
 * logged: they quote paths and text. Synchronous appends, so a line written just before a crash
 * is on disk.
 */

/** A field's value: what may reach the file. */
export type LogValue = string | number | boolean | null | undefined;

/** Options of {@link createLogFile}. */
export interface LogFileOptions {
  /** Bytes past which main.log is rotated. Default 1 MiB. */
  maxBytes?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** The log. Writing never throws: a log that cannot be written is no reason to stop. */
export interface LogFile {
  /** The file written to. */
  readonly file: string;
  info(event: string, fields?: Readonly<Record<string, LogValue>>): void;
  warn(event: string, fields?: Readonly<Record<string, LogValue>>): void;
  error(event: string, fields?: Readonly<Record<string, LogValue>>): void;
}

const WITHHELD = '[withheld]';

/** True for a value safe to write as it is (see the module comment). */
export function isLoggableCode(value: string): boolean {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,39}$/.test(value) || /\d{6}/.test(value)) return false;
  // A long run of letters mixed with digits is how keys and tokens look; codes are words.
  return !value.split(/[-_.:]/).some((part) => part.length >= 12 && /\d/.test(part));
}

/** `value` as it is written. */
function render(value: LogValue): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : WITHHELD;
  if (typeof value === 'boolean') return String(value);
  return isLoggableCode(value) ? value : WITHHELD;
}

/** Opens (creating the folder) the log in `folder`. */
export function createLogFile(folder: string, options: LogFileOptions = {}): LogFile {
  const file = path.join(folder, 'main.log');
  const old = path.join(folder, 'main.old.log');
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const now = options.now ?? (() => new Date());
  let size = -1;

  function write(level: string, event: string, fields: Readonly<Record<string, LogValue>> = {}): void {
    const parts = [now().toISOString(), level, render(event)];
    for (const [key, value] of Object.entries(fields)) parts.push(`${render(key)}=${render(value)}`);
    const line = `${parts.join(' ')}\n`;
    try {
      if (size < 0) {
        fs.mkdirSync(folder, { recursive: true });
        size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
      }
      if (size + line.length > maxBytes && size > 0) {
        fs.renameSync(file, old);
        size = 0;
      }
      fs.appendFileSync(file, line, { mode: 0o600 });
      size += Buffer.byteLength(line);
    } catch {
      size = -1; // tried again on the next line
    }
  }

  return {
    file,
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
  };
}
