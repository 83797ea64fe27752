/**
 * One email as Markdown, whatever file it came from (.eml, .msg): the subject as a heading, the
 * headers From, To, Cc and Date, the body with quoted earlier replies folded (quote-fold.ts), and
 * the attachments listed by name, type and size, never their content (docs/decisions.md, "Email:
 * attachments are listed, not read").
 */
import { formatBytes } from '../../shared/format-bytes';
import { foldQuotes } from './quote-fold';

/** A person in a header: a display name and an address, either may be empty. */
export interface MailPerson {
  name: string;
  address: string;
}

/** An attachment as listed: never its bytes. */
export interface MailAttachment {
  name: string;
  type: string;
  bytes: number;
}

/** What the Markdown of a mail is made from. */
export interface MailMessage {
  subject: string;
  from: MailPerson[];
  to: MailPerson[];
  cc: MailPerson[];
  /** The Date header as the mail says it (its own time zone), '' when it has none. */
  date: string;
  /** The body as Markdown or plain text ('' when the mail has none). */
  body: string;
  attachments: MailAttachment[];
  /** Pictures the HTML body shows from inside the mail (left out, counted). */
  inlineImages: number;
}

/** Recipients listed at most per header; the rest are counted. */
const MAX_LISTED_PEOPLE = 50;
/** Attachments listed at most; the rest are counted. */
const MAX_LISTED_ATTACHMENTS = 100;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `山田 太郎 <taro@example.com>`, or the address or name alone. */
export function personText(p: MailPerson): string {
  const name = oneLine(p.name).replace(/^"(.*)"$/, '$1');
  const address = oneLine(p.address);
  if (name && address && name !== address) return `${name} <${address}>`;
  return name || address;
}

function peopleLine(label: string, people: readonly MailPerson[]): string | null {
  if (people.length === 0) return null;
  const shown = people.slice(0, MAX_LISTED_PEOPLE).map(personText).filter(Boolean);
  const more = people.length - Math.min(people.length, MAX_LISTED_PEOPLE);
  return `- **${label}:** ${shown.join(', ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function attachmentLines(mail: MailMessage): string[] {
  const lines: string[] = [];
  if (mail.attachments.length > 0) {
    lines.push(`**Attachments (${mail.attachments.length}, not included):**`, '');
    for (const a of mail.attachments.slice(0, MAX_LISTED_ATTACHMENTS)) {
      lines.push(`- ${oneLine(a.name) || '(no name)'} (${a.type || 'application/octet-stream'}, ${formatBytes(a.bytes)})`);
    }
    if (mail.attachments.length > MAX_LISTED_ATTACHMENTS) lines.push(`- … and ${mail.attachments.length - MAX_LISTED_ATTACHMENTS} more`);
  }
  if (mail.inlineImages > 0) {
    if (lines.length) lines.push('');
    lines.push(`(${mail.inlineImages} ${mail.inlineImages === 1 ? 'picture' : 'pictures'} in the body left out)`);
  }
  return lines;
}

/** The Markdown of `mail`, with how many quoted lines were folded. */
export function mailMarkdown(mail: MailMessage): { markdown: string; foldedLines: number } {
  const header = [
    peopleLine('From', mail.from),
    peopleLine('To', mail.to),
    peopleLine('Cc', mail.cc),
    mail.date ? `- **Date:** ${oneLine(mail.date)}` : null,
  ].filter((l): l is string => l !== null);
  const folded = foldQuotes(mail.body);
  const blocks = [`## ${oneLine(mail.subject) || '(no subject)'}`, header.join('\n'), folded.text || '(no text in the body)', attachmentLines(mail).join('\n')];
  return { markdown: blocks.filter((b) => b !== '').join('\n\n'), foldedLines: folded.foldedLines };
}
