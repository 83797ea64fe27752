/**
 * Masks email addresses (docs/decisions.md, "Email: addresses are personal data"):
 * `taro.yamada@example.com` becomes `t***@example.com`. The first character of the local part and
 * the domain stay, so a reader still tells people and companies apart. Pure, and linear: it looks
 * around each `@` within the lengths RFC 5321 allows (64 for the local part, 253 for the domain),
 * never scanning a run of text from every position.
 */

const LOCAL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/;
const DOMAIN = /[A-Za-z0-9.-]/;
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/** `text` with every address masked; the count of addresses masked. */
export function maskAddresses(text: string): { text: string; masked: number } {
  let out = '';
  let from = 0;
  let masked = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > from && at - start < MAX_LOCAL && LOCAL.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_DOMAIN && DOMAIN.test(text[end]!)) end++;
    // The domain ends without a trailing dot or dash and has a dot in it.
    while (end > at + 1 && /[.-]/.test(text[end - 1]!)) end--;
    // A dot may not start the local part (it would be sentence punctuation).
    while (start < at && text[start] === '.') start++;
    const domain = text.slice(at + 1, end);
    if (start === at || !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(domain)) continue;
    out += `${text.slice(from, start)}${text[start]}***@${domain}`;
    from = end;
    at = end - 1;
    masked++;
  }
  return { text: out + text.slice(from), masked };
}
