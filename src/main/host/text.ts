/**
 * The sentences the browser host's socket answers with, in one place (STYLE convention 10).
 */
export const HOST_TEXT = {
  notJson: 'The message was not valid JSON, so it was not run; send {"t":"call","id":N,"name":"...","payload":{...}}.',
  notACall: 'The message was not a call: it needs "t": "call", a whole-number "id", a "name" and a "payload".',
  binary: 'Binary WebSocket messages are not accepted; send the call as JSON text.',
} as const;
