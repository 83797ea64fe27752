import { describe, expect, it } from 'vitest';
import { keySentInClear } from './key-in-clear';

describe('an API key sent in clear', () => {
  it.each([
    ['http://192.168.1.20:8000/v1', '192.168.1.20:8000'],
    ['http://gpu-box.intranet.example/v1', 'gpu-box.intranet.example'],
    ['HTTP://Models.Example.com/v1', 'models.example.com'],
    ['http://10.0.0.5', '10.0.0.5'],
    ['http://[fd00::5]:8080/v1', '[fd00::5]:8080'],
    ['http://0.0.0.0:8000/v1', '0.0.0.0:8000'],
    ['  http://api.example.com/v1  ', 'api.example.com'],
  ])('%s with a key goes to %s in clear', (url, host) => {
    expect(keySentInClear(url, true)).toBe(host);
  });

  it.each([
    ['https://api.openai.com/v1', true],
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:8000/v1', true],
    ['http://127.1:8000/v1', true],
    ['http://[::1]:8000/v1', true],
    ['http://models.localhost/v1', true],
    ['http://192.168.1.20:8000/v1', false],
    ['not a url', true],
    ['', true],
  ])('%s (key: %s) is not in clear', (url, usesKey) => {
    expect(keySentInClear(url, usesKey)).toBeNull();
  });
});
