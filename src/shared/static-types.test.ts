import { describe, expect, it } from 'vitest';
import { staticContentType } from './static-types';

describe('staticContentType', () => {
  it('types the files of the renderer build by extension, in any case, on either separator', () => {
    expect(staticContentType('/out/renderer/index.html')).toBe('text/html; charset=utf-8');
    expect(staticContentType('C:\\app\\assets\\Index-3f2a.JS')).toBe('text/javascript; charset=utf-8');
    expect(staticContentType('/out/renderer/assets/o200k.wasm')).toBe('application/wasm');
  });

  it('serves anything else as bytes, a dot file and a dotted folder included', () => {
    expect(staticContentType('/out/renderer/notes.txt')).toBe('application/octet-stream');
    expect(staticContentType('/out/renderer/.html')).toBe('application/octet-stream');
    expect(staticContentType('/out/render.er/README')).toBe('application/octet-stream');
  });
});
