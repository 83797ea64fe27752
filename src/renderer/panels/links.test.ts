import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('finds https links and leaves sentence punctuation outside them', () => {
    expect(splitLinks('See https://example.com/a?b=1. Then (https://example.org/x) and https://en.wikipedia.org/wiki/Foo_(bar)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Then (' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: ') and ' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('ends a link at Japanese punctuation', () => {
    expect(splitLinks('詳細はhttps://example.jp/docs。')).toEqual([
      { kind: 'text', text: '詳細は' },
      { kind: 'link', text: 'https://example.jp/docs', href: 'https://example.jp/docs' },
      { kind: 'text', text: '。' },
    ]);
  });

  it.each(['http://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'https://', 'no links here'])('leaves %j as text', (text) => {
    expect(splitLinks(text).every((p) => p.kind === 'text')).toBe(true);
  });
});
