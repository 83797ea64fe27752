/**
 * Path completion in the folder browser, as pure functions of what the person typed: which folder
 * to list, and which of its sub-folders match. Both separators are understood, since the host may
 * run on Windows while the page only sees text.
 */

/** A typed path split into the folder to list and the start of a name to match in it. */
export interface TypedPath {
  /** The folder to list (`~` for home when the text is empty). */
  folder: string;
  /** The start of a sub-folder's name; empty when the text ends with a separator. */
  prefix: string;
}

/** Splits typed text: `/home/me/pro` lists `/home/me` for names starting `pro`; `/home/me/` lists it all. */
export function splitTypedPath(typed: string): TypedPath {
  const at = Math.max(typed.lastIndexOf('/'), typed.lastIndexOf('\\'));
  if (at < 0) return { folder: typed === '' || typed === '~' ? '~' : '', prefix: typed === '~' ? '' : typed };
  const folder = typed.slice(0, at + 1);
  return { folder: folder === '' ? '/' : folder, prefix: typed.slice(at + 1) };
}

/** Names that start with `prefix`, ignoring case (NFC, so a name typed with an IME matches). */
export function matchingNames<T extends { name: string }>(entries: readonly T[], prefix: string): T[] {
  const wanted = prefix.normalize('NFC').toLocaleLowerCase();
  if (wanted === '') return [...entries];
  return entries.filter((e) => e.name.normalize('NFC').toLocaleLowerCase().startsWith(wanted));
}

/** The longest start all `names` share (what Tab completes to); '' for none. */
export function commonStart(names: readonly string[]): string {
  if (names.length === 0) return '';
  let common = names[0] ?? '';
  for (const name of names) {
    let i = 0;
    while (i < common.length && i < name.length && common[i]?.toLocaleLowerCase() === name[i]?.toLocaleLowerCase()) i++;
    common = common.slice(0, i);
  }
  return common;
}

/** `folder` joined with a sub-folder `name`, keeping the folder's own separator style. */
export function joinTyped(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith('/') || folder.endsWith('\\') ? `${folder}${name}` : `${folder}${separator}${name}`;
}
