/**
 * An email file (.eml, RFC 5322 with MIME) to Markdown with postal-mime: headers decoded whatever
 * their charset (ISO-2022-JP, Shift_JIS, EUC-KR through the runtime's TextDecoder), the plain-text
 * body, or the HTML body through the page path (page-markdown.ts) when there is no plain one, and
 * the attachments listed. postal-mime is held to the caps of mail-limits.ts: it refuses a message
 * with too many parts, too deep a nesting or too many header bytes before it builds them.
 */
import PostalMime, { type Address, type Attachment, type Email } from 'postal-mime';
import { DocumentProblem } from './document-problem';
import { MAX_FORWARDED_DEPTH, MAX_MAIL_BYTES, MAX_MAIL_DEPTH, MAX_MAIL_HEADER_BYTES, MAX_MAIL_PARTS } from './mail-limits';
import { mailMarkdown, type MailMessage, type MailPerson } from './mail-markdown';
import { extractorName } from './packages';
import { pageMarkdown } from './page-markdown';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';

/** Parses `bytes` as a MIME message within the mail caps; limits become `structure`, sizes `bomb`. */
export async function parseMime(bytes: Uint8Array, maxDecodedBytes: number): Promise<Email> {
  if (bytes.length > MAX_MAIL_BYTES) throw new DocumentProblem('bomb', `${bytes.length} bytes`);
  let email: Email;
  try {
    email = await PostalMime.parse(bytes, {
      attachmentEncoding: 'arraybuffer',
      maxPartCount: MAX_MAIL_PARTS,
      maxNestingDepth: MAX_MAIL_DEPTH,
      maxHeadersSize: MAX_MAIL_HEADER_BYTES,
      maxRfc822NestingDepth: MAX_FORWARDED_DEPTH,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EMAXPARTCOUNT' || code === 'EMAXNESTINGDEPTH' || code === 'EMAXHEADERSIZE' || code === 'EMAXFORWARDEDADDRESSES') {
      throw new DocumentProblem('structure', code);
    }
    throw err;
  }
  // Decoding never grows base64 or quoted-printable, but the sum is checked all the same.
  const decoded = (email.text?.length ?? 0) + (email.html?.length ?? 0) + email.attachments.reduce((n, a) => n + sizeOf(a), 0);
  if (decoded > maxDecodedBytes) throw new DocumentProblem('bomb', `${decoded} decoded bytes`);
  return email;
}

function sizeOf(a: Attachment): number {
  return typeof a.content === 'string' ? a.content.length : a.content.byteLength;
}

/** Mailboxes of a header, groups unwrapped (at most 1,000). */
function people(list: Address | Address[] | undefined): MailPerson[] {
  const out: MailPerson[] = [];
  for (const a of list === undefined ? [] : Array.isArray(list) ? list : [list]) {
    if (out.length >= 1000) break;
    if (a.group) out.push(...a.group.slice(0, 1000).map((m) => ({ name: m.name, address: m.address })));
    else out.push({ name: a.name, address: a.address ?? '' });
  }
  return out;
}

/** The raw Date header (its own time zone, as a reader in Tokyo or Seoul wrote it), else postal-mime's. */
function dateOf(email: Email): string {
  return email.headers.find((h) => h.key === 'date')?.value.trim() ?? email.date ?? '';
}

/**
 * A parsed message as {@link MailMessage}: the HTML body through the page path when there is no
 * text one. Null when that body's text alone passes `maxTextBytes` (it would not be attached).
 */
export function mailOf(email: Email, maxTextBytes: number): MailMessage | null {
  const text = (email.text ?? '').trim();
  let body = text;
  if (!text && email.html) {
    const page = pageMarkdown(email.html, null, maxTextBytes);
    if (page.tooLarge) return null;
    body = page.markdown;
  }
  const listed = email.attachments.filter((a) => !a.related);
  return {
    subject: email.subject ?? '',
    from: people(email.from),
    to: people(email.to),
    cc: people(email.cc),
    date: dateOf(email),
    body,
    attachments: listed.map((a) => ({ name: a.filename ?? '', type: a.mimeType, bytes: sizeOf(a) })),
    inlineImages: email.attachments.length - listed.length,
  };
}

/** The output of one mail read by `extractor` (null `mail`: over the text limit, nothing attached). */
export function mailOutput(format: 'eml' | 'msg', extractor: string, mail: MailMessage | null, job: DocumentJob, onProgress?: ProgressListener): DocumentOutput {
  const collector = new PartCollector(null, job.maxTextBytes, 'page', onProgress);
  if (mail) collector.add(1, mail.subject, mailMarkdown(mail).markdown);
  else collector.stoppedAt = 1;
  return { kind: 'document', format, extractor, unit: 'page', unitCount: null, parts: collector.parts, stoppedAt: collector.stoppedAt, notices: [] };
}

/** Extracts an .eml as one Markdown part. */
export async function extractEml(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const email = await parseMime(job.bytes, job.maxInflatedBytes);
  return mailOutput('eml', extractorName('postal-mime'), mailOf(email, job.maxTextBytes), job, onProgress);
}
