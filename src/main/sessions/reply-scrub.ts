/**
 * Keys echoed back (issue 26, finding 12): a proxy, a debug server or a prompt-injected model can put
 * the Authorization header's key into its reply or its error body, which went into the session's run
 * and result files verbatim: the files people export and share. Here:
 *
 * - while the reply streams, the key's exact text is replaced by `[REDACTED:api-key]` before a piece
 *   is shown or checkpointed; a piece that might end inside the key is held back until the next one
 *   (at most the key's length less one character), so a key split across pieces is caught too;
 * - the finished reply and any error sentence go through the secret rules as well (Atmark's own and
 *   secretlint's for the reply, Atmark's own for the short error strings) before they are stored.
 *
 * A key shorter than {@link MIN_KEY_CHARS} is not looked for: local servers take any word (`ollama`),
 * and hiding that word everywhere in a reply would damage it.
 */
import { mapTextStrings, type Text } from '../../shared/i18n/text';
import { redactionMarker } from '../guards';
import { findRuleSpans } from '../guards/secret-rules';
import { applyRedactions, redactSecrets } from '../guards/secrets';

/** Shortest key looked for in replies. */
export const MIN_KEY_CHARS = 16;
/** The rule id a redacted key is shown with. */
export const API_KEY_RULE = 'api-key';

/** Replaces every occurrence of `key` in `text`. */
function withoutKey(text: string, key: string | null): string {
  return key && text.includes(key) ? text.split(key).join(redactionMarker(API_KEY_RULE)) : text;
}

/** The key to look for, or null when there is none worth looking for. */
function usableKey(key: string | null): string | null {
  return key && key.length >= MIN_KEY_CHARS ? key : null;
}

/** A streaming scrubber: `push` returns what can be shown now, `end` the rest. */
export interface KeyScrubber {
  push(piece: string): string;
  end(): string;
}

/** Scrubs `key` out of a text that arrives in pieces. */
export function keyScrubber(apiKey: string | null): KeyScrubber {
  const key = usableKey(apiKey);
  let held = '';
  return {
    push(piece) {
      if (!key) return piece;
      const text = withoutKey(held + piece, key);
      // Hold back the longest tail that is a start of the key: it may be completed by the next piece.
      let keep = Math.min(key.length - 1, text.length);
      while (keep > 0 && !key.startsWith(text.slice(text.length - keep))) keep--;
      held = text.slice(text.length - keep);
      return text.slice(0, text.length - keep);
    },
    end() {
      const rest = held;
      held = '';
      return rest;
    },
  };
}

/** The finished reply without the key and without anything the secret rules catch. */
export async function scrubReply(text: string, apiKey: string | null): Promise<string> {
  const keyless = withoutKey(text, usableKey(apiKey));
  return (await redactSecrets(keyless)).text;
}

/** A short string (an error sentence, a server's message) without the key and Atmark's rules' matches. */
export function scrubShort(text: string, apiKey: string | null): string {
  const keyless = withoutKey(text, usableKey(apiKey));
  const spans = findRuleSpans(keyless).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: typeof spans = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged.length === 0 ? keyless : applyRedactions(keyless, merged).text;
}

/** A catalogue text with every string parameter scrubbed. */
export function scrubText(t: Text, apiKey: string | null): Text {
  return mapTextStrings(t, (value) => scrubShort(value, apiKey));
}
