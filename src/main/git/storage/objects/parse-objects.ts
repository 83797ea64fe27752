/**
 * Tree and commit objects parsed into the shapes isomorphic-git returns (the git reader was built
 * on them): tree entries with 6-digit modes, sorted by path in code-point order; commits with
 * their first `tree`, the `parent` lines that follow it, and the message with isomorphic-git's
 * newline normalisation, so the rendered log stays byte-identical.
 */

import { hexText, utf8Text } from '../byte-text';

/** One tree entry. */
export interface TreeEntry {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

/** The commit fields the log reads. */
export interface ParsedCommit {
  tree: string;
  parent: string[];
  message: string;
  author: { name: string; email: string; timestamp: number; timezoneOffset: number };
  committer: { name: string; email: string; timestamp: number; timezoneOffset: number };
}

const TYPE_OF_MODE: Record<string, TreeEntry['type']> = { '040000': 'tree', '100644': 'blob', '100755': 'blob', '120000': 'blob', '160000': 'commit' };

/** A name git itself refuses in a tree (as isomorphic-git does): separators, `.`, `..`, `.git`. */
function unsafeName(name: string): boolean {
  if (name.includes('/') || name.includes('\\')) return true;
  // What else is refused is made of dots and spaces, or is `.git` or `git~N` (any case, trailing
  // dots and spaces dropped): such a name starts with '.', 'g' or 'G' or ends with '.' or ' '.
  // Most names do neither and are passed without the lower-casing and patterns (issue 27: a first
  // `@staged` checks a few thousand names).
  const first = name.charCodeAt(0);
  const last = name.charCodeAt(name.length - 1);
  if (name !== '' && first !== 0x2e && first !== 0x67 && first !== 0x47 && last !== 0x2e && last !== 0x20) return false;
  const lower = name.toLowerCase().replace(/[. ]+$/, '');
  return name.includes('/') || name.includes('\\') || (lower === '' && name !== '') || lower === '.git' || /^\.?git~[1-9]$/.test(lower);
}

/** Code-point order, as isomorphic-git sorts tree entries (UTF-16 order differs only past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // The first unit that differs, compared as code points. After a shared high surrogate, that
  // surrogate may start a pair in one string and stand alone in the other: compare from it first.
  const before = i > 0 ? a.charCodeAt(i - 1) : 0;
  if (before >= 0xd800 && before <= 0xdbff) {
    const d = (a.codePointAt(i - 1) as number) - (b.codePointAt(i - 1) as number);
    if (d !== 0) return d;
  }
  return (a.codePointAt(i) as number) - (b.codePointAt(i) as number);
}

/** True when the mode at `at` (up to `space`) reads `100644`, the usual file's, without making a string of it. */
function isRegularMode(data: Buffer, at: number, space: number): boolean {
  return space - at === 6 && data[at] === 0x31 && data[at + 1] === 0x30 && data[at + 2] === 0x30 && data[at + 3] === 0x36 && data[at + 4] === 0x34 && data[at + 5] === 0x34;
}

/** Parses a tree object's bytes; throws on a malformed tree or an unsafe name. */
export function parseTree(data: Buffer): TreeEntry[] {
  const out: TreeEntry[] = [];
  let ascii = true;
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(32, at);
    const nul = data.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 21 > data.length) throw new Error(`git tree is malformed at byte ${at}`);
    let mode = isRegularMode(data, at, space) ? '100644' : data.toString('latin1', at, space);
    if (mode === '40000') mode = '040000';
    const type = TYPE_OF_MODE[mode];
    if (!type) throw new Error(`git tree has an unexpected mode ${mode}`);
    const name = utf8Text(data, space + 1, nul);
    if (name.length !== nul - space - 1) ascii = false;
    if (unsafeName(name)) throw new Error(`git tree holds an unsafe name: ${JSON.stringify(name)}`);
    out.push({ mode, path: name, oid: hexText(data, nul + 1, nul + 21), type });
    at = nul + 21;
  }
  // Names of ASCII alone compare the same by UTF-16 units as by code points.
  let sorted = true;
  for (let i = 1; i < out.length && sorted; i++) {
    const a = (out[i - 1] as TreeEntry).path;
    const b = (out[i] as TreeEntry).path;
    sorted = ascii ? a < b : compareCodePoints(a, b) < 0;
  }
  if (!sorted) out.sort((a, b) => compareCodePoints(a.path, b.path));
  return out;
}

function parsePerson(value: string): ParsedCommit['author'] {
  const m = /^(.*) <(.*)> (.*) (.*)$/.exec(value);
  if (!m) throw new Error(`git commit has a malformed person line: ${value}`);
  const tz = /(\+|-)(\d\d)(\d\d)/.exec(m[4] as string);
  if (!tz) throw new Error(`git commit has a malformed time zone: ${m[4]}`);
  const minutes = (tz[1] === '+' ? 1 : -1) * (Number(tz[2]) * 60 + Number(tz[3]));
  return { name: m[1] as string, email: m[2] as string, timestamp: Number(m[3]), timezoneOffset: minutes === 0 ? minutes : -minutes };
}

function normalizeNewlines(text: string): string {
  return `${text.replace(/\r/g, '').replace(/^\n+/, '').replace(/\n+$/, '')}\n`;
}

/** Parses a commit object's bytes. */
export function parseCommit(data: Buffer): ParsedCommit {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const headers: string[] = [];
  for (const line of text.slice(0, end).split('\n')) {
    if (line[0] === ' ' && headers.length > 0) headers[headers.length - 1] += `\n${line.slice(1)}`;
    else headers.push(line);
  }
  const key = (h: string): string => h.slice(0, h.indexOf(' '));
  const value = (h: string): string => h.slice(h.indexOf(' ') + 1);
  if (headers.length === 0 || key(headers[0] as string) !== 'tree') throw new Error('git commit does not start with its tree');
  const parent: string[] = [];
  let i = 1;
  for (; i < headers.length && key(headers[i] as string) === 'parent'; i++) parent.push(value(headers[i] as string));
  const rest = new Map<string, string>();
  for (; i < headers.length; i++) if (!rest.has(key(headers[i] as string))) rest.set(key(headers[i] as string), value(headers[i] as string));
  const author = rest.get('author');
  const committer = rest.get('committer');
  if (author === undefined || committer === undefined) throw new Error('git commit lacks an author or committer');
  return {
    tree: value(headers[0] as string),
    parent,
    message: normalizeNewlines(text.slice(end + 2)),
    author: parsePerson(author),
    committer: parsePerson(committer),
  };
}
