/**
 * An Outlook message (.msg, a CFB container of MAPI properties) to Markdown with
 * @kenjiuno/msgreader: the same headers, body and attachment list as an .eml (mail-markdown.ts).
 * The HTML body goes through the page path when there is no plain one; an RTF-only body is not
 * read and the Markdown says so. msgreader has no caps of its own: the container is at most
 * MAX_MAIL_BYTES, and the worker's budget of work and memory ends a read that loops or swells.
 */
import MsgReader, { type FieldsData } from '@kenjiuno/msgreader';
import { DocumentProblem } from './document-problem';
import { MAX_MAIL_BYTES } from './mail-limits';
import { mailOutput } from './eml';
import type { MailMessage, MailPerson } from './mail-markdown';
import { extractorName } from './packages';
import { pageMarkdown } from './page-markdown';
import type { ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';

// msgreader is CommonJS with `exports.default`: bundled for Node (the worker), the default import
// is the whole exports object; under a TypeScript loader it is the class.
const Reader: typeof MsgReader = (MsgReader as unknown as { default?: typeof MsgReader }).default ?? MsgReader;

/** Recipients and attachments read at most. */
const MAX_ENTRIES = 1000;

function recipients(data: FieldsData, type: 'to' | 'cc'): MailPerson[] {
  return (data.recipients ?? [])
    .slice(0, MAX_ENTRIES)
    .filter((r) => (r.recipType ?? 'to') === type)
    .map((r) => ({ name: r.name ?? '', address: r.smtpAddress || (r.email?.includes('@') ? r.email : '') }));
}

/** The Date line of the transport headers (its own time zone), else the delivery time msgreader gives. */
function dateOf(data: FieldsData): string {
  const header = /^Date:[ \t]*(.+(?:\r?\n[ \t].+)*)/im.exec(data.headers ?? '')?.[1];
  return (header ?? data.messageDeliveryTime ?? data.clientSubmitTime ?? '').replace(/\s+/g, ' ').trim();
}

function htmlOf(data: FieldsData): string {
  if (data.bodyHtml) return data.bodyHtml;
  return data.html ? new TextDecoder('utf-8').decode(data.html) : '';
}

/** The message's fields as {@link MailMessage}; null when its HTML body's text passes `maxTextBytes`. */
function messageOf(data: FieldsData, maxTextBytes: number): MailMessage | null {
  let body = (data.body ?? '').trim();
  if (!body) {
    const html = htmlOf(data);
    const page = html ? pageMarkdown(html, null, maxTextBytes) : null;
    if (page?.tooLarge) return null;
    body = page?.markdown || (data.compressedRtf ? '(the body is in RTF only, which Atmark does not read)' : '');
  }
  const attachments = (data.attachments ?? []).slice(0, MAX_ENTRIES);
  const listed = attachments.filter((a) => !a.attachmentHidden);
  return {
    subject: data.subject ?? '',
    from: [{ name: data.senderName ?? '', address: data.senderSmtpAddress || (data.senderEmail?.includes('@') ? data.senderEmail : '') || '' }],
    to: recipients(data, 'to'),
    cc: recipients(data, 'cc'),
    date: dateOf(data),
    body,
    attachments: listed.map((a) => ({
      name: a.fileName ?? a.fileNameShort ?? a.name ?? '',
      type: a.innerMsgContent ? 'application/vnd.ms-outlook' : (a.attachMimeTag ?? ''),
      bytes: a.contentLength ?? 0,
    })),
    inlineImages: attachments.length - listed.length,
  };
}

/** Extracts an Outlook .msg as one Markdown part. */
export async function extractMsg(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  if (job.bytes.length > MAX_MAIL_BYTES) throw new DocumentProblem('bomb', `${job.bytes.length} bytes`);
  // A copy of exactly the file: msgreader reads its DataView's whole buffer, whatever the view's offset.
  const reader = new Reader(job.bytes.slice().buffer);
  const data = reader.getFileData();
  if (data.error) throw new DocumentProblem('damaged', data.error);
  return mailOutput('msg', extractorName('@kenjiuno/msgreader'), messageOf(data, job.maxTextBytes), job, onProgress);
}
