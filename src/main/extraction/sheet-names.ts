/** Finding a sheet by the name a reference wrote, as spreadsheets do. */

/**
 * The index of the sheet named `wanted` among `names`, or -1: the exact name first, then the name
 * compared as spreadsheets compare sheet names (case-insensitively), in NFC so a name typed on a Mac
 * (NFD) finds the sheet.
 */
export function findSheet(names: readonly string[], wanted: string): number {
  const exact = names.indexOf(wanted);
  if (exact >= 0) return exact;
  const fold = (name: string) => name.normalize('NFC').toLocaleUpperCase('en-US');
  return names.findIndex((name) => fold(name) === fold(wanted));
}
