/**
 * Builds email and saved-page files for tests, byte by byte, with correct MIME encoding: headers as
 * RFC 2047 encoded words, bodies in ISO-2022-JP (7bit), Shift_JIS or EUC-KR (base64), attachments
 * in base64, MHTML as multipart/related with a quoted-printable text/html part, and Outlook .msg
 * files burnt as CFB containers with @kenjiuno/msgreader's own writer. Charsets are encoded with
 * iconv-lite; ISO-2022-JP is EUC-JP with the high bit cleared between escape sequences (both code
 * JIS X 0208). Not imported by product code.
 */
import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';
import iconv from 'iconv-lite';

/** Charsets the makers write. */
export type MailCharset = 'iso-2022-jp' | 'shift_jis' | 'euc-kr' | 'utf-8';

/** `text` in `charset`. ISO-2022-JP ends in ASCII mode, as RFC 1468 requires. */
export function encodeCharset(text: string, charset: MailCharset): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  if (charset !== 'iso-2022-jp') return iconv.encode(text, charset);
  const euc = iconv.encode(text, 'euc-jp');
  const out: number[] = [];
  let jis = false;
  for (let i = 0; i < euc.length; i++) {
    const b = euc[i]!;
    if (b < 0x80) {
      if (jis) out.push(0x1b, 0x28, 0x42);
      jis = false;
      out.push(b);
    } else {
      if (!jis) out.push(0x1b, 0x24, 0x42);
      jis = true;
      out.push(b & 0x7f, euc[++i]! & 0x7f);
    }
  }
  if (jis) out.push(0x1b, 0x28, 0x42);
  return Buffer.from(out);
}

/** An RFC 2047 encoded word: `=?ISO-2022-JP?B?…?=`. */
export function encodedWord(text: string, charset: MailCharset): string {
  return `=?${charset.toUpperCase()}?B?${encodeCharset(text, charset).toString('base64')}?=`;
}

function base64Lines(bytes: Uint8Array): string {
  return (Buffer.from(bytes).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** An attachment of a made mail. */
export interface MadeAttachment {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** What {@link makeEml} writes. */
export interface MailSpec {
  charset: MailCharset;
  from: { name: string; address: string };
  to: { name: string; address: string }[];
  cc?: { name: string; address: string }[];
  subject: string;
  date?: string;
  /** The plain-text body; omit for an HTML-only mail. */
  text?: string;
  html?: string;
  attachments?: MadeAttachment[];
}

function people(list: { name: string; address: string }[], charset: MailCharset): string {
  return list.map((p) => (p.name ? `${encodedWord(p.name, charset)} <${p.address}>` : p.address)).join(', ');
}

function bodyPart(type: string, text: string, charset: MailCharset): string {
  // ISO-2022-JP is 7-bit by design and travels as is; the 8-bit charsets are base64-encoded.
  if (charset === 'iso-2022-jp') return `Content-Type: ${type}; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${encodeCharset(text.replace(/\r?\n/g, '\r\n'), charset).toString('latin1')}\r\n`;
  return `Content-Type: ${type}; charset=${charset.toUpperCase()}\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(encodeCharset(text.replace(/\r?\n/g, '\r\n'), charset))}\r\n`;
}

/** An .eml: multipart/mixed with the body (text, or HTML) and the attachments. */
export function makeEml(spec: MailSpec): Buffer {
  const boundary = 'atmark-test-boundary-1';
  const head = [
    `From: ${people([spec.from], spec.charset)}`,
    `To: ${people(spec.to, spec.charset)}`,
    ...(spec.cc?.length ? [`Cc: ${people(spec.cc, spec.charset)}`] : []),
    `Subject: ${encodedWord(spec.subject, spec.charset)}`,
    `Date: ${spec.date ?? 'Tue, 01 Dec 2026 10:00:00 +0900'}`,
    'Message-ID: <test-1@example.com>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ].join('\r\n');
  const parts = [spec.text !== undefined ? bodyPart('text/plain', spec.text, spec.charset) : bodyPart('text/html', spec.html ?? '', spec.charset)];
  for (const a of spec.attachments ?? []) {
    const name = encodedWord(a.name, spec.charset);
    parts.push(`Content-Type: ${a.type}; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(a.bytes)}\r\n`);
  }
  const body = parts.map((p) => `--${boundary}\r\n${p}`).join('') + `--${boundary}--\r\n`;
  return Buffer.from(`${head}\r\n\r\n${body}`, 'latin1');
}

/** A mail of `parts` tiny text parts in one multipart/mixed. */
export function makeManyPartsEml(parts: number): Buffer {
  const b = 'many';
  const body = Array.from({ length: parts }, (_, i) => `--${b}\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('') + `--${b}--\r\n`;
  return Buffer.from(`From: a@example.com\r\nSubject: many\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${b}"\r\n\r\n${body}`, 'latin1');
}

/** A mail whose multiparts nest `depth` levels, a text part at the bottom. */
export function makeDeepEml(depth: number): Buffer {
  let inner = 'Content-Type: text/plain\r\n\r\nbottom\r\n';
  for (let level = depth; level >= 1; level--) inner = `Content-Type: multipart/mixed; boundary="d${level}"\r\n\r\n--d${level}\r\n${inner}--d${level}--\r\n`;
  return Buffer.from(`From: a@example.com\r\nSubject: deep\r\nMIME-Version: 1.0\r\n${inner}`, 'latin1');
}

function quotedPrintable(bytes: Uint8Array): string {
  let line = '';
  const lines: string[] = [];
  for (const b of bytes) {
    const piece = b === 0x0a ? '\n' : (b >= 33 && b <= 126 && b !== 61) || b === 32 ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
    if (piece === '\n') {
      lines.push(line);
      line = '';
      continue;
    }
    if (line.length + piece.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += piece;
  }
  lines.push(line);
  return lines.join('\r\n');
}

/**
 * An .mhtml as Chrome saves one: multipart/related, the page in `charset` (quoted-printable, as
 * Chrome writes it, or base64), a picture beside it.
 */
export function makeMhtml(html: string, location: string, charset: MailCharset = 'utf-8', encoding: 'quoted-printable' | 'base64' = 'quoted-printable'): Buffer {
  const b = '----MultipartBoundary--atmark----';
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1e8c60000000049454e44ae426082', 'hex');
  const text = [
    'From: <Saved by Blink>',
    `Snapshot-Content-Location: ${location}`,
    'Subject: saved page',
    'Date: Tue, 1 Dec 2026 10:00:00 +0900',
    'MIME-Version: 1.0',
    `Content-Type: multipart/related; type="text/html"; boundary="${b}"`,
    '',
    `--${b}`,
    `Content-Type: text/html; charset=${charset === 'utf-8' ? 'utf-8' : charset.toUpperCase()}`,
    `Content-Transfer-Encoding: ${encoding}`,
    `Content-Location: ${location}`,
    '',
    encoding === 'base64' ? base64Lines(encodeCharset(html, charset)) : quotedPrintable(encodeCharset(html, charset)),
    `--${b}`,
    'Content-Type: image/png',
    'Content-Transfer-Encoding: base64',
    `Content-Location: ${new URL('logo.png', location).href}`,
    '',
    base64Lines(png),
    `--${b}--`,
    '',
  ].join('\r\n');
  return Buffer.from(text, 'latin1');
}

/** What {@link makeMsg} writes. */
export interface MsgSpec {
  subject: string;
  senderName: string;
  senderAddress: string;
  recipients: { name: string; address: string; type: 'to' | 'cc' }[];
  body: string;
  /** Transport headers (their Date line is the one shown). */
  headers?: string;
  attachments?: { name: string; type: string; bytes: Uint8Array }[];
}

// A copy with its own buffer: small Buffers share a pool, and the burner reads the whole buffer.
const utf16 = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));

/** A MAPI properties stream: `header` bytes, then 16-byte fixed-size entries (tag, flags, value). */
function propertiesStream(headerBytes: number, fixed: { tag: number; value: number }[]): Buffer {
  const out = Buffer.alloc(headerBytes + fixed.length * 16);
  fixed.forEach((p, i) => {
    out.writeUInt32LE(p.tag >>> 0, headerBytes + i * 16);
    out.writeUInt32LE(6, headerBytes + i * 16 + 4); // readable | writable
    out.writeUInt32LE(p.value, headerBytes + i * 16 + 8);
  });
  return out;
}

/**
 * An Outlook .msg, burnt with msgreader's CFB writer: string properties as UTF-16 streams
 * (`__substg1.0_XXXX001F`), recipients and attachments as storages with their own properties, the
 * attachment's bytes as a binary stream (`__substg1.0_37010102`).
 */
export function makeMsg(spec: MsgSpec): Uint8Array {
  const entries: Entry[] = [{ name: 'Root Entry', type: 5, length: 0, children: [] }];
  const add = (parent: Entry, name: string, bytes: Uint8Array): void => {
    entries.push({ name, type: 2, length: bytes.length, binaryProvider: () => bytes });
    parent.children!.push(entries.length - 1);
  };
  const storage = (parent: Entry, name: string): Entry => {
    const entry: Entry = { name, type: 1, length: 0, children: [] };
    entries.push(entry);
    parent.children!.push(entries.length - 1);
    return entry;
  };
  const root = entries[0]!;
  add(root, '__substg1.0_001A001F', utf16('IPM.Note'));
  add(root, '__substg1.0_0037001F', utf16(spec.subject));
  add(root, '__substg1.0_0C1A001F', utf16(spec.senderName));
  add(root, '__substg1.0_0C1F001F', utf16(spec.senderAddress));
  add(root, '__substg1.0_5D01001F', utf16(spec.senderAddress));
  add(root, '__substg1.0_1000001F', utf16(spec.body));
  if (spec.headers) add(root, '__substg1.0_007D001F', utf16(spec.headers));
  const attachments = spec.attachments ?? [];
  const header = Buffer.alloc(32);
  header.writeUInt32LE(spec.recipients.length, 8);
  header.writeUInt32LE(attachments.length, 12);
  header.writeUInt32LE(spec.recipients.length, 16);
  header.writeUInt32LE(attachments.length, 20);
  const rootProps = propertiesStream(32, []);
  header.copy(rootProps);
  add(root, '__properties_version1.0', rootProps);
  spec.recipients.forEach((r, i) => {
    const recip = storage(root, `__recip_version1.0_#${i.toString(16).toUpperCase().padStart(8, '0')}`);
    add(recip, '__substg1.0_3001001F', utf16(r.name));
    add(recip, '__substg1.0_3003001F', utf16(r.address));
    add(recip, '__substg1.0_39FE001F', utf16(r.address));
    add(recip, '__properties_version1.0', propertiesStream(8, [{ tag: 0x0c150003, value: r.type === 'to' ? 1 : 2 }]));
  });
  attachments.forEach((a, i) => {
    const attach = storage(root, `__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, '0')}`);
    add(attach, '__substg1.0_3707001F', utf16(a.name));
    add(attach, '__substg1.0_3704001F', utf16(a.name));
    add(attach, '__substg1.0_370E001F', utf16(a.type));
    add(attach, '__substg1.0_37010102', a.bytes);
    add(attach, '__properties_version1.0', propertiesStream(8, [{ tag: 0x37050003, value: 1 }]));
  });
  return burn(entries);
}
