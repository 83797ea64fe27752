/**
 * The file name Export suggests: the session's title (the first line of its first message, or of the
 * prompt when nothing was sent yet) and the date and time, e.g. `決算レビュー-2026-12-03-1015.md`.
 * Any script is kept; characters no file system accepts, and whitespace, become dashes.
 */
export function exportFileName(title: string, when: Date): string {
  const firstLine = title.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const slug = [...firstLine.replace(/@\S+/g, ' ').replace(/\p{Cc}/gu, ' ').replace(/[\\/:*?"<>|#%\s]+/gu, '-').replace(/^[-.]+|[-.]+$/g, '')]
    .slice(0, 40)
    .join('')
    .replace(/[-.]+$/g, '');
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}`;
  return `${slug || 'atmark'}-${stamp}.md`;
}
