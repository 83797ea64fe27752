/**
 * How much of a mail's structure Atmark reads (docs/contract.md, "Email"). Real mail has a few dozen
 * MIME parts nested a few levels deep; a message past these was made to exhaust a reader.
 */
import { MiB } from '../../shared/limits';

/** MIME parts of one message (forwarded messages inside it included). Default 1,000. */
export const MAX_MAIL_PARTS = 1000;
/** Levels MIME parts may nest. Default 20. */
export const MAX_MAIL_DEPTH = 20;
/** Bytes of headers, all parts together. Default 1 MiB. */
export const MAX_MAIL_HEADER_BYTES = MiB;
/** Forwarded messages (message/rfc822) read inside one another; deeper ones are listed as attachments. Default 3. */
export const MAX_FORWARDED_DEPTH = 3;
/** Bytes of a mail file read at most. Default 48 MiB (a 35 MiB attachment, base64-encoded). */
export const MAX_MAIL_BYTES = 48 * MiB;
