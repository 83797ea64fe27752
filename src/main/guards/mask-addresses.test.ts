import { describe, expect, it } from 'vitest';
import { maskAddresses } from './mask-addresses';

describe('maskAddresses', () => {
  it.each([
    ['taro.yamada@example.co.jp', 't***@example.co.jp'],
    ['山田 <taro@example.com>, 佐藤 <hanako@example.jp>', '山田 <t***@example.com>, 佐藤 <h***@example.jp>'],
    ['連絡先:kim@example.kr。', '連絡先:k***@example.kr。'],
    ['mail me at a@b.io.', 'mail me at a***@b.io.'],
    ['first.last+tag@sub.example.org', 'f***@sub.example.org'],
  ])('masks %s', (input, masked) => {
    expect(maskAddresses(input).text).toBe(masked);
  });

  it.each([['@mention'], ['user@localhost'], ['a @ b.com'], ['x@'], ['@file:mail.eml'], ['name@.com']])('leaves %s alone', (input) => {
    expect(maskAddresses(input)).toEqual({ text: input, masked: 0 });
  });

  it('counts what it masked', () => {
    expect(maskAddresses('a@example.com b@example.com').masked).toBe(2);
  });

  it('stays linear on hostile text: long runs without an @, and thousands of @', () => {
    const letters = 'a'.repeat(2_000_000);
    const ats = '@'.repeat(200_000);
    const many = 'x@y.z '.repeat(100_000);
    expect(maskAddresses(letters).masked).toBe(0);
    expect(maskAddresses(ats).masked).toBe(0);
    // Each address is looked at once: 100,000 of them in one pass.
    expect(maskAddresses(many).masked).toBe(100_000);
    expect(maskAddresses(`${letters}@example.com`).text).toBe(`${'a'.repeat(2_000_000 - 64)}a***@example.com`);
  });
});
