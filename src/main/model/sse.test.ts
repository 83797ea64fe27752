import { describe, expect, it } from 'vitest';
import { createSseDecoder } from './sse';

/** Feeds `bytes` to a decoder in pieces of `size` and returns the data of each event. */
function decode(bytes: Buffer, size: number): { events: string[]; stray: number } {
  const events: string[] = [];
  const d = createSseDecoder((data) => events.push(data));
  for (let i = 0; i < bytes.length; i += size) d.push(bytes.subarray(i, i + size));
  d.end();
  return { events, stray: d.strayLines };
}

describe('the server-sent events decoder', () => {
  const stream = Buffer.from(': comment\r\n\r\ndata: {"a":"ü🙂"}\r\n\r\nevent: x\nid: 1\ndata:line one\ndata: line two\n\ndata: [DONE]\r\rdata: tail', 'utf8');

  it.each([1, 2, 3, 5, 7, 64, 4096])('gives the same events whatever the chunk size (%i bytes)', (size) => {
    expect(decode(stream, size)).toEqual({ events: ['{"a":"ü🙂"}', 'line one\nline two', '[DONE]', 'tail'], stray: 0 });
  });

  it('counts lines that are not SSE fields', () => {
    expect(decode(Buffer.from('{"error": "x"}\n\n'), 4).stray).toBe(1);
  });
});
