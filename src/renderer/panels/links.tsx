/**
 * https links in text the person reads (the preview, a reply), made clickable. They open outside
 * Atmark: a new tab in the browser host; the system browser in the app, where main checks each
 * link again (https only) before `shell.openExternal`. Other schemes stay plain text.
 */

/** A run of plain text, or a link. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An https URL up to whitespace or a character that cannot end one; closing punctuation that
// usually belongs to the sentence is trimmed below, as the reference grammar does for values.
const URL_PATTERN = /https:\/\/[^\s<>"'`\u3000-\u303f\uff01-\uff0f]+/g;

/** Splits `text` into plain runs and https links (trailing `.,;:!?)]}` left to the text). */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    while (/[.,;:!?)\]}]$/.test(url) && !(url.endsWith(')') && url.includes('('))) url = url.slice(0, -1);
    if (url.length <= 'https://'.length) continue;
    const at = match.index ?? 0;
    if (at > last) pieces.push({ kind: 'text', text: text.slice(last, at) });
    pieces.push({ kind: 'link', text: url, href: url });
    last = at + url.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** `text` with its https links clickable. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((piece, i) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <a key={i} href={piece.href} target="_blank" rel="noreferrer">
            {piece.text}
          </a>
        ),
      )}
    </>
  );
}
