/**
 * Folds the earlier messages a reply quotes (docs/decisions.md, "Email: quoted replies are
 * folded"): a run of `>` lines, an attribution line before it ("On … wrote:", "…さんは書きました:",
 * "…님이 작성:", Gmail's "2026年12月1日(火) 10:00 山田 <…>:") and everything after an Outlook
 * separator ("-----Original Message-----", "-----元のメッセージ-----", "-----원본 메시지-----", or a
 * "From:/差出人:/보낸 사람:" header block) become one marked line saying how many lines were left
 * out. Earlier messages are usually their own mails; sending them again costs tokens and repeats
 * other people's words and addresses.
 */

/** The line that stands for folded lines: `> [folded: 12 quoted lines — On Mon, Taro wrote:]`. */
export function foldedLine(count: number, attribution: string): string {
  const what = `${count} quoted ${count === 1 ? 'line' : 'lines'}`;
  return `> [folded: ${what}${attribution ? ` — ${attribution.slice(0, 200)}` : ''}]`;
}

// Attribution lines: the sentence mail programs write before a quoted reply, in English, Japanese and Korean.
const ATTRIBUTION: readonly RegExp[] = [
  /^On\s.{1,400}\swrote:\s*$/i,
  /(さんは書きました|さんが書きました|さんからのメッセージ|wrote)\s*[:：]\s*$/i,
  /님이\s*(작성|씀|쓴 글)\s*[:：]?\s*$/,
  /^\d{4}年\s?\d{1,2}月\s?\d{1,2}日.{0,200}[:：]\s*$/,
  /^\d{4}년\s?\d{1,2}월\s?\d{1,2}일.{0,200}[:：]\s*$/,
];

// Separators after which the whole earlier message follows, not marked with `>`.
const SEPARATOR = /^\s*-{2,}\s*(Original Message|Forwarded message|元のメッセージ|転送されたメッセージ|원본 메시지|전달된 메시지)\s*-{2,}\s*$/i;
const HEADER_FROM = /^\s*(From|差出人|送信者|보낸 사람)\s*[:：]/i;
const HEADER_SENT = /^\s*(Sent|Date|送信日時|日付|보낸 날짜|날짜)\s*[:：]/i;

function isQuoted(line: string): boolean {
  return /^\s{0,3}>/.test(line);
}

function isAttribution(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.length > 0 && trimmed.length <= 500 && ATTRIBUTION.some((re) => re.test(trimmed));
}

/** True when `lines[i]` opens an Outlook-style earlier message (a separator, or From: then Sent: close below). */
function opensEarlierMessage(lines: readonly string[], i: number): boolean {
  if (SEPARATOR.test(lines[i]!)) return true;
  if (!HEADER_FROM.test(lines[i]!)) return false;
  for (let j = i + 1; j <= i + 3 && j < lines.length; j++) if (HEADER_SENT.test(lines[j]!)) return true;
  return false;
}

/** What folding did: the text, and how many lines it left out. */
export interface Folded {
  text: string;
  foldedLines: number;
}

/** Folds the quoted earlier messages of a mail body (plain text or Markdown). One pass over the lines. */
export function foldQuotes(body: string): Folded {
  const lines = body.split(/\r?\n/);
  const out: string[] = [];
  let folded = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (opensEarlierMessage(lines, i)) {
      // Outlook quotes the whole earlier message below its header block: the rest is history.
      const count = lines.slice(i).filter((l) => l.trim() !== '').length;
      out.push(foldedLine(count, line.trim()));
      folded += count;
      break;
    }
    const attribution = isAttribution(line) ? line.trim() : '';
    let j = attribution ? i + 1 : i;
    // A quoted run may be separated from its attribution by blank lines, and hold blank lines.
    while (j < lines.length && lines[j]!.trim() === '' && attribution) j++;
    if (j < lines.length && isQuoted(lines[j]!)) {
      let end = j;
      let count = 0;
      while (end < lines.length && (isQuoted(lines[end]!) || (lines[end]!.trim() === '' && end + 1 < lines.length && isQuoted(lines[end + 1]!)))) {
        if (lines[end]!.trim() !== '') count++;
        end++;
      }
      out.push(foldedLine(count, attribution));
      folded += count;
      i = end;
      continue;
    }
    out.push(line);
    i++;
  }
  return { text: out.join('\n').replace(/\n{3,}/g, '\n\n').trim(), foldedLines: folded };
}
