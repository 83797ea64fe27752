import { describe, expect, it } from 'vitest';
import { endpointLocality } from './endpoint-locality';

describe('where an endpoint is, by its address', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', 'this-computer'],
    ['http://localhost:1234/v1', 'this-computer'],
    ['http://models.localhost/v1', 'this-computer'],
    ['http://[::1]:8000/v1', 'this-computer'],
    ['http://192.168.1.20:8000/v1', 'local-network'],
    ['http://10.0.0.5/v1', 'local-network'],
    ['http://172.20.1.1:8080/v1', 'local-network'],
    ['http://[fd00::5]:8080/v1', 'local-network'],
    ['http://gpu-box.local:8000/v1', 'local-network'],
    ['http://gpu.home.arpa/v1', 'local-network'],
    ['https://api.openai.com/v1', null],
    ['http://172.32.0.1/v1', null],
    ['http://8.8.8.8/v1', null],
    ['http://[2606:4700::1]/v1', null],
    ['http://gpu-box.intranet.example/v1', null],
    ['not a url', null],
  ])('%s is %s', (url, locality) => {
    expect(endpointLocality(url)).toBe(locality);
  });
});
