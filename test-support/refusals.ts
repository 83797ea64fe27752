/**
 * One assertion for the refusals the resolver tests check again and again: refused, with this code,
 * and a message that is (a string), matches (a RegExp) or contains (`{ contains }`) what is expected.
 * Not imported by product code.
 */
import { expect } from 'vitest';
import type { WarningCode } from '../src/shared/warnings';
import type { Refused, Resolution } from '../src/main/resolve';
import { refused } from './fs';

/** What a refusal's message should be: the whole sentence, a pattern, or a part of it. */
export type MessageExpectation = string | RegExp | { contains: string };

/** Asserts `r` is refused with `code` (when given) and a message as `message` says; returns the refusal for more checks. */
export function expectRefusal(r: Resolution, code: WarningCode | null, message?: MessageExpectation): Refused {
  const refusal = refused(r);
  if (code !== null) expect(refusal.code).toBe(code);
  if (typeof message === 'string') expect(refusal.message).toBe(message);
  else if (message instanceof RegExp) expect(refusal.message).toMatch(message);
  else if (message) expect(refusal.message).toContain(message.contains);
  return refusal;
}
