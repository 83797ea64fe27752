/**
 * `@diff` stats every tracked file, part of them on a helper thread (git/storage/stat-preload.ts).
 * Called when `@diff` is first used, before its resolver's code has loaded: the helper boots while
 * that code compiles and the index is read, so the first `@diff` of a process gets its help.
 * Only this small module is loaded up front; the git reader's code is not.
 */
export function prestartDiff(): void {
  void import('../git/stat-helper').then(
    (m) => m.prestartStatHelper(),
    () => undefined, // no helper: the scan runs on the calling thread, as it can always
  );
}
