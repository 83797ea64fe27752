/**
 * The one error the object reader throws for an object it cannot give back: damaged (a delta chain
 * that loops or never ends, an offset past its pack, a header that disagrees with its content) or
 * larger than the reader unpacks. A stable `code` and the object id, so `error-sentence.ts` turns it
 * into one sentence and never shows the library's words.
 */

/** Why an object could not be read. */
export type ObjectErrorCode = 'ObjectDamaged' | 'ObjectTooLarge' | 'ObjectMissing';

/** Thrown by the object store; `detail` is for logs and tests, never shown as is. */
export class GitObjectError extends Error {
  constructor(
    readonly code: ObjectErrorCode,
    /** The id of the object asked for (40 hex digits), or '' when not known. */
    readonly oid: string,
    readonly detail: string,
  ) {
    super(`git object ${oid}: ${detail}`);
    this.name = 'GitObjectError';
  }
}
