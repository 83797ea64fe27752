import { describe, expect, it } from 'vitest';
import { keepingBuiltins } from './keep-builtins';
import { loadPdfJs } from './pdfjs';

describe('keepingBuiltins', () => {
  it('puts back replaced built-ins and keeps what was added', async () => {
    const push = Array.prototype.push;
    const parse = JSON.parse;
    const got = await keepingBuiltins(async () => {
      Array.prototype.push = function slowPush(this: unknown[], ...items: unknown[]): number {
        for (const item of items) this[this.length] = item;
        return this.length;
      };
      JSON.parse = (text: string) => text;
      Object.defineProperty(Set.prototype, 'atmarkAdded', { value: () => 1, configurable: true, writable: true });
      return 'loaded';
    });
    try {
      expect(got).toBe('loaded');
      expect(Array.prototype.push).toBe(push);
      expect(JSON.parse).toBe(parse);
      expect(typeof (Set.prototype as unknown as { atmarkAdded?: unknown }).atmarkAdded).toBe('function');
    } finally {
      delete (Set.prototype as unknown as { atmarkAdded?: unknown }).atmarkAdded;
    }
  });

  it('leaves the thread its own push and JSON once PDF.js has loaded, with what PDF.js needs added', async () => {
    const push = Array.prototype.push;
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    const toString = Function.prototype.toString;
    await loadPdfJs();
    expect(Array.prototype.push).toBe(push);
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
    expect(Function.prototype.toString).toBe(toString);
    // Added where this Node lacks it (Node 20), native where it has it: present either way.
    expect(typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers).toBe('function');
  });
});
