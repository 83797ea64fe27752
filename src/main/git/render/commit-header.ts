/**
 * The commit header `git log` prints before a patch, in git's default ("medium") format, with git's
 * date format: byte for byte what native git writes.
 */
import { ABBREV } from './patch-format';
import type { CommitInfo } from '../storage';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** git's default date: `Thu Apr 7 22:13:13 2005 +0230`, in the author's own time zone. */
export function formatGitDate(timestamp: number, timezoneOffset: number): string {
  const tzMinutes = -timezoneOffset;
  const d = new Date((timestamp + tzMinutes * 60) * 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const abs = Math.abs(tzMinutes);
  const zone = `${tzMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${time} ${d.getUTCFullYear()} ${zone}`;
}

/**
 * The header `git log` prints before a commit's patch: `commit`, `Merge:` for merges, `Author:`,
 * `Date:`, a blank line and the message indented by four spaces (tabs expanded, trailing whitespace
 * and leading/trailing blank lines dropped, as git's medium format does). Ends with a newline.
 */
export function formatCommitHeader(c: CommitInfo): string {
  const lines = [`commit ${c.oid}`];
  if (c.parents.length > 1) lines.push(`Merge: ${c.parents.map((p) => p.slice(0, ABBREV)).join(' ')}`);
  lines.push(`Author: ${c.author.name} <${c.author.email}>`, `Date:   ${formatGitDate(c.author.timestamp, c.author.timezoneOffset)}`, '');
  const body = c.message.split('\n').map((l) => expandTabs(l).replace(/\s+$/, ''));
  while (body.length > 0 && body[0] === '') body.shift();
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  for (const line of body) lines.push(`    ${line}`);
  return lines.join('\n') + '\n';
}

/** Expands tabs to 8-column stops, as `git log` does for its default format. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - ([...out].length % 8)) : ch;
  return out;
}
