/** Extensions by the icon family their completion rows show. */
const ICON_FAMILIES: ReadonlyArray<readonly [family: string, extensions: readonly string[]]> = [
  ['code', ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cpp', 'cs', 'swift', 'php', 'sh']],
  ['text', ['md', 'txt', 'rst', 'adoc']],
  ['data', ['json', 'yaml', 'yml', 'toml', 'ini', 'xml', 'csv']],
  ['document', ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'hwp', 'hwpx']],
  ['mail', ['eml', 'msg']],
  ['web', ['html', 'htm', 'mhtml', 'mht']],
  ['image', ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico']],
];

/**
 * The icon family of a file's completion row, by its extension in any case (drawn by the theme as
 * `.cm-completionIcon-<family>`): `code`, `text`, `data`, `document`, `mail`, `web`, `image`, else `other`.
 */
export function iconFamily(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return ICON_FAMILIES.find(([, extensions]) => extensions.includes(ext))?.[0] ?? 'other';
}
