import type { SecretSpan } from './secret-rules';

/**
 * Private keys: PEM blocks of any kind (`RSA`, `EC`, `DSA`, `ENCRYPTED`, PKCS#8, `OPENSSH`, PGP
 * `PRIVATE KEY BLOCK`) and PuTTY key files. Unlike secretlint's rule, the body may be anything: a
 * key inside a diff (`+` prefixes), inside JSON (`\n` escapes) or cut short by a line range is still
 * redacted, from the BEGIN line to the END line (or to the last body line when END is missing).
 */

const BEGIN = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;
const END = /-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g;

/** How far after BEGIN an END may be; a real 16384-bit RSA key in PEM is about 12 KiB. */
const MAX_BLOCK = 64 * 1024;

/**
 * A block counts only when it holds at least this many base64 characters in a row: every real key
 * does, while a PEM parser's source that merely names both markers does not.
 */
const BODY_RUN = /[A-Za-z0-9+/=]{24,}/;

/**
 * Body lines after a BEGIN without an END: each iteration needs a line break (real or `\n`-escaped),
 * optional diff or quote prefixes, then base64 or a PEM header, so matching stays linear.
 */
const BODY_LINES =
  /(?:[ \t]*(?:\r?\n|\\r?\\n)[ \t+"'-]*(?:[A-Za-z0-9+/=]{8,}|(?:Proc-Type|DEK-Info|Comment):[^\r\n\\]*)[ \t"',]*)*/y;

/** PuTTY key files: the first line, and the line that closes the private part. */
const PUTTY_HEADER = /PuTTY-User-Key-File-\d+:/g;
const PUTTY_MAC = /Private-(?:MAC|Hash): *[0-9a-fA-F]+/g;

/** Finds private key blocks in `text`. */
export function privateKeySpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  // END markers are found once, so many BEGIN lines without an END cost one pass, not one each.
  const ends = [...text.matchAll(new RegExp(END.source, 'g'))].map((m) => [m.index, m.index + m[0].length] as const);
  let next = 0; // BEGIN lines come in order, so the first END after each only moves forward.
  const begin = new RegExp(BEGIN.source, 'g');
  for (let m = begin.exec(text); m !== null; m = begin.exec(text)) {
    const bodyStart = m.index + m[0].length;
    while (next < ends.length && ends[next]![0] < bodyStart) next++;
    const end = blockEnd(text, bodyStart, ends[next]);
    if (end === null) continue;
    spans.push({ start: m.index, end, rule: 'private-key' });
    // Continue after this block: a BEGIN inside it is part of the same redaction.
    begin.lastIndex = Math.max(begin.lastIndex, end);
  }
  return [...spans, ...puttySpans(text)];
}

/**
 * Where the block whose body starts at `bodyStart` ends, given the first END marker after it, or null
 * when there is no key body after all.
 */
function blockEnd(text: string, bodyStart: number, end: readonly [number, number] | undefined): number | null {
  if (end !== undefined && end[0] - bodyStart <= MAX_BLOCK) {
    return BODY_RUN.test(text.slice(bodyStart, end[0])) ? end[1] : null;
  }
  // No END (a line range or a byte cap cut the key): redact the body lines that follow.
  const body = new RegExp(BODY_LINES.source, 'y');
  body.lastIndex = bodyStart;
  const lines = body.exec(text);
  const bodyEnd = bodyStart + (lines?.[0].length ?? 0);
  return BODY_RUN.test(text.slice(bodyStart, bodyEnd)) ? bodyEnd : null;
}

/** PuTTY key files: from the header line to the first `Private-MAC` (or `Private-Hash`) line after it. */
function puttySpans(text: string): SecretSpan[] {
  if (!text.includes('PuTTY-User-Key-File-')) return [];
  const macs = [...text.matchAll(new RegExp(PUTTY_MAC.source, 'g'))].map((m) => [m.index, m.index + m[0].length] as const);
  const spans: SecretSpan[] = [];
  let next = 0;
  for (const m of text.matchAll(new RegExp(PUTTY_HEADER.source, 'g'))) {
    if (spans.length > 0 && m.index < spans[spans.length - 1]!.end) continue;
    while (next < macs.length && macs[next]![0] <= m.index) next++;
    const mac = macs[next];
    if (mac && mac[0] - m.index <= MAX_BLOCK) spans.push({ start: m.index, end: mac[1], rule: 'private-key' });
  }
  return spans;
}
