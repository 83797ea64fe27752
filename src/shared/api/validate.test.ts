import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from './channels';
import { CALL_SCHEMAS } from './contract';
import { isCallName, validateCall } from './validate';

describe('the contract', () => {
  it('has a schema for every call name, and no more', () => {
    expect(Object.keys(CALL_SCHEMAS).sort()).toEqual([...CALL_NAMES].sort());
  });

  it('knows its own call names only', () => {
    expect(isCallName('expand')).toBe(true);
    for (const bad of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'Expand', '', 42, null, undefined]) {
      expect(isCallName(bad)).toBe(false);
    }
  });
});

describe('validateCall refuses malformed payloads', () => {
  const cases: Array<[string, Parameters<typeof validateCall>[0], unknown]> = [
    ['no payload', 'getWorkspace', undefined],
    ['null payload', 'getWorkspace', null],
    ['array payload', 'getWorkspace', []],
    ['unknown key', 'getWorkspace', { path: '/' }],
    ['prototype pollution key', 'openWorkspace', JSON.parse('{"path":"/tmp","__proto__":{"x":1}}')],
    ['path not a string', 'openWorkspace', { path: 42 }],
    ['empty path', 'openWorkspace', { path: '' }],
    ['huge path', 'openWorkspace', { path: 'a'.repeat(5000) }],
    ['expand without request id', 'expand', { text: 'x', contextLength: 128000 }],
    ['complete with an unknown stage', 'complete', { requestId: 'c', source: 'file', query: 'a', stage: 'final' }],
    ['completeRest without request id', 'completeRest', {}],
    ['expand with a fractional context', 'expand', { requestId: 'r', text: 'x', contextLength: 1000.5 }],
    ['expand with a negative context', 'expand', { requestId: 'r', text: 'x', contextLength: -1 }],
    ['expand with a giant context', 'expand', { requestId: 'r', text: 'x', contextLength: 1e12 }],
    ['expand with text not a string', 'expand', { requestId: 'r', text: { toString: 1 }, contextLength: 128000 }],
    ['expand with a 2 MB text', 'expand', { requestId: 'r', text: 'x'.repeat(2_000_000), contextLength: 128000 }],
    ['complete with an unknown source', 'complete', { requestId: 'r', source: 'shell', query: '' }],
    ['complete with a limit of 0', 'complete', { requestId: 'r', source: 'path', query: '', limit: 0 }],
    ['cancel with a long id', 'cancel', { requestId: 'x'.repeat(65) }],
    ['export without a name', 'exportMarkdown', { markdown: '# x' }],
    ['copy with a number', 'copyText', { text: 1 }],
    ['send with empty text', 'send', { requestId: 's', text: '', contextLength: 128000 }],
    ['an API key with a path as endpoint id', 'setApiKey', { endpointId: '../secrets', key: 'k' }],
    ['an empty API key', 'setApiKey', { endpointId: 'openai', key: '' }],
    ['a run id with a slash', 'readRun', { sessionId: null, runId: 'run-aaaa/../x' }],
    ['settings with an unknown preset', 'saveSettings', { settings: { endpoints: [{ id: 'x', name: 'x', preset: 'shell', baseUrl: 'http://a', model: 'm', apiKeyRef: null, contextLength: 1000 }], chosenEndpointId: null, limits: {}, allowHosts: [] } }],
    ['settings with a key inside', 'saveSettings', { settings: { endpoints: [], chosenEndpointId: null, limits: {}, allowHosts: [], apiKey: 'sk' } }],
    ['a draft that is not text', 'saveDraft', { text: null }],
  ];
  it.each(cases)('%s', (_name, call, payload) => {
    const result = validateCall(call, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_request');
      expect(result.error.message).toContain(call);
    }
  });
});

describe('validateCall passes well-formed payloads', () => {
  it.each([
    ['getWorkspace', {}],
    ['openWorkspace', { path: '/home/me/project' }],
    ['expand', { requestId: 'expand-1', text: 'see @file:a.ts', contextLength: 128000 }],
    ['complete', { requestId: 'c1', source: 'file', query: 'src/ma', limit: 20 }],
    ['complete', { requestId: 'c2', source: 'path', query: 'src/ma', stage: 'first' }],
    ['completeRest', { requestId: 'c2' }],
    ['cancel', { requestId: 'expand-1' }],
    ['exportMarkdown', { markdown: '# x', suggestedName: 'prompt.md' }],
    ['send', { requestId: 'send-1', text: 'hello @file:a.ts', contextLength: 8192 }],
    ['setApiKey', { endpointId: 'openai-2', key: 'sk-abc' }],
    ['readRun', { sessionId: 's-abcdefgh', runId: 'run-abcdefgh' }],
    ['listRuns', { sessionId: null }],
    ['saveDraft', { text: '' }],
  ] as const)('%s', (call, payload) => {
    expect(validateCall(call, payload)).toEqual({ ok: true, value: payload });
  });
});
