/**
 * An incremental decoder for server-sent events (the WHATWG `text/event-stream` format), as chat
 * completion servers stream them: `data:` lines, events ended by a blank line, `:` comments.
 * Bytes arrive in arbitrary pieces (a UTF-8 character or a CRLF may be split across chunks), so
 * the decoder keeps what it has not finished and only hands out whole events.
 */

/** Receives the `data` of each complete event (several `data:` lines joined with `\n`). */
export type SseListener = (data: string) => void;

/** A decoder fed chunk by chunk. */
export interface SseDecoder {
  push(chunk: Uint8Array): void;
  /** Ends the stream: an event without its closing blank line is still delivered. */
  end(): void;
  /** Lines that were neither blank, comments nor known fields (a sign the body is not SSE). */
  readonly strayLines: number;
}

/** Creates a decoder that calls `onData` for each event carrying data. */
export function createSseDecoder(onData: SseListener): SseDecoder {
  const text = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  let stray = 0;

  const dispatch = (): void => {
    if (data.length > 0) onData(data.join('\n'));
    data = [];
  };

  const line = (raw: string): void => {
    if (raw === '') return dispatch();
    if (raw.startsWith(':')) return; // a comment (keep-alive)
    const colon = raw.indexOf(':');
    const field = colon === -1 ? raw : raw.slice(0, colon);
    // One optional space after the colon belongs to the syntax, not the value.
    let value = colon === -1 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field !== 'event' && field !== 'id' && field !== 'retry') stray += 1;
  };

  const drain = (final: boolean): void => {
    for (;;) {
      const m = /\r\n|\r|\n/.exec(buffer);
      if (!m) break;
      // A lone `\r` at the very end may be the first half of a CRLF split across chunks.
      if (!final && m[0] === '\r' && m.index === buffer.length - 1) break;
      line(buffer.slice(0, m.index));
      buffer = buffer.slice(m.index + m[0].length);
    }
  };

  return {
    push(chunk) {
      buffer += text.decode(chunk, { stream: true });
      drain(false);
    },
    end() {
      buffer += text.decode();
      drain(true);
      if (buffer !== '') line(buffer);
      buffer = '';
      dispatch();
    },
    get strayLines() {
      return stray;
    },
  };
}
