/**
 * One sentence for any error the git reader meets (issue 11, row 8): what is damaged, where, and what
 * to do. isomorphic-git's errors carry a stable `code` (`NotFoundError`, `InternalError`, ...) and
 * sometimes several paragraphs asking to report a bug to its developers; Node's carry an errno code
 * and a path. Neither reaches people as is: no library boilerplate, no stack, one line.
 */
import type { Text } from '../../../shared/i18n/text';
import { gitMessages as msg } from './messages';
import { GitObjectError } from './objects/object-error';
import { MAX_OBJECT_BYTES } from './objects/object-store';
import { UnsafeGitFile } from './safe-open';

/** Library error codes that mean an object could not be decoded: the object is damaged. */
const DAMAGED = new Set(['InternalError', 'DecompressionError', 'ParseError', 'ObjectTypeError']);

/** Node errno codes that name a file problem (the code itself goes into the sentence). */
const ERRNO: ReadonlySet<string> = new Set(['ENOENT', 'EACCES', 'EPERM', 'EIO', 'EISDIR', 'EFBIG', 'ELOOP']);

/** The first 40-hex object id in `text`, abbreviated, or null. */
function objectIdIn(text: string): string | null {
  return /\b[0-9a-f]{40}\b/.exec(text)?.[0].slice(0, 7) ?? null;
}

/** The first line of a message, without a trailing full stop. */
function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? '').trim().replace(/\.$/, '');
}

/** The sentence for `err`, met while reading the repository at `repo`. */
export function gitErrorSentence(err: unknown, repo: string): Text {
  if (err instanceof UnsafeGitFile) return err.text;
  if (err instanceof GitObjectError) {
    const oid = err.oid ? err.oid.slice(0, 7) : null;
    if (err.code === 'ObjectMissing') return msg.objectMissing(repo, oid);
    if (err.code === 'ObjectTooLarge') return msg.objectTooLarge(repo, oid, MAX_OBJECT_BYTES);
    return msg.objectDamaged(repo, oid);
  }
  const e = (err ?? {}) as { code?: unknown; message?: unknown; path?: unknown; data?: Record<string, unknown> };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  const dataText = e.data ? Object.values(e.data).filter((v) => typeof v === 'string').join(' ') : '';
  if (code === 'NotFoundError') return msg.objectMissing(repo, objectIdIn(`${dataText} ${message}`));
  if (DAMAGED.has(code) || /incorrect header check|invalid (?:stored block|distance|code)|unexpected end of|SHA check/i.test(message)) {
    return msg.objectDamaged(repo, objectIdIn(`${dataText} ${message}`));
  }
  if (ERRNO.has(code)) {
    const file = typeof e.path === 'string' ? e.path : (/(\/[^\s:]+)/.exec(message)?.[1] ?? '.git');
    return msg.gitFileProblem(file, code);
  }
  return msg.gitErrorIn(firstLine(message) || code || 'unknown error', repo);
}
