import { describe, it, expect } from 'vitest';
import type { ReadProblem } from '../../guards/safe-read';
import { languageOf } from './language';
import { translate } from '../../../shared/i18n/translate';
import { problemMessage, refValue } from './messages';

const file = { kind: 'file', shown: 'src/a.ts' } as const;
const folder = { kind: 'folder', shown: 'src' } as const;

// Every problem the guards can report, with the code it carries and how its sentence starts.
const CASES: [ReadProblem, 'file' | 'folder', RegExp][] = [
  [{ code: 'not_found', reason: 'missing' }, 'file', /^file not found: src\/a\.ts\. Check the spelling/],
  [{ code: 'not_found', reason: 'missing' }, 'folder', /^folder not found: src\. Check the spelling/],
  [{ code: 'not_found', reason: 'invalid', detail: 'the path contains a NUL character' }, 'file', /^file not found: the path contains a NUL character\. Remove/],
  [{ code: 'not_found', reason: 'loop' }, 'file', /^file not found: src\/a\.ts is a symbolic link that points back at itself/],
  [{ code: 'not_found', reason: 'too_long' }, 'folder', /^folder not found: the path is longer than the system allows/],
  [{ code: 'not_found', reason: 'directory' }, 'file', /^file not found: src\/a\.ts is a folder\. To list it, use @folder:src\/a\.ts\.$/],
  [{ code: 'not_found', reason: 'file' }, 'folder', /^folder not found: src is a file\. To attach it, use @file:src\.$/],
  [{ code: 'blocked', reason: 'outside' }, 'file', /^path is outside the allowed workspace: src\/a\.ts\. Move it into the workspace folder, or drop/],
  [{ code: 'blocked', reason: 'protected', rule: 'aws', detail: 'AWS credentials' }, 'file', /^path is a sensitive credential file \(AWS credentials\): src\/a\.ts\. Atmark never attaches it/],
  [{ code: 'blocked', reason: 'not_regular', detail: 'socket' }, 'file', /^src\/a\.ts is a socket, not a regular file/],
  [{ code: 'too_large', reason: 'too_large', bytes: 200 * 1024, limit: 64 * 1024 }, 'file', /^file is too large to attach: src\/a\.ts is 200 KiB, the limit for one reference is 64 KiB\. Attach a narrower line range, e\.g\. @file:src\/a\.ts:1-200\.$/],
  [{ code: 'failed', reason: 'aborted' }, 'file', /^reading src\/a\.ts was cancelled/],
  [{ code: 'failed', reason: 'io_error', detail: 'EACCES' }, 'folder', /^could not read src \(EACCES\)\. Check that the folder is readable\.$/],
];

describe('problemMessage', () => {
  it.each(CASES)('%j (%s)', (problem, kind, expected) => {
    expect(translate(problemMessage(problem, kind === 'file' ? file : folder), 'en')).toMatch(expected);
  });

  it.each(CASES)('%j (%s) has a Japanese and a Korean sentence naming the path', (problem, kind) => {
    const subject = kind === 'file' ? file : folder;
    for (const language of ['ja', 'ko'] as const) {
      const words = translate(problemMessage(problem, subject), language);
      expect(words).toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/u);
      if (problem.reason !== 'too_long' && problem.reason !== 'invalid') expect(words).toContain(subject.shown);
    }
  });
});


describe('refValue', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['my notes.md', '"my notes.md"'],
    ['say "hi".md', '`say "hi".md`'],
    ['f(x).ts', '"f(x).ts"'],
  ])('%s -> %s', (p, v) => {
    expect(refValue(p)).toBe(v);
  });
});

describe('languageOf', () => {
  it.each([
    ['src/a.ts', 'ts'],
    ['App.TSX', 'tsx'],
    ['x.py', 'python'],
    ['README.md', 'markdown'],
    ['Dockerfile', 'dockerfile'],
    ['Dockerfile.prod', 'dockerfile'],
    ['sub\\Makefile', 'makefile'],
    ['notes.txt', ''],
    ['LICENSE', ''],
  ])('%s -> %j', (p, lang) => {
    expect(languageOf(p)).toBe(lang);
  });
});
