import { workspacePaths } from '../bench/generate-workspace';
import { EntryStore, type IndexSnapshot, type WorkspaceEntry } from '../src/main/workspace/entry-store';

/**
 * A snapshot of the bench's generated workspace, `files` files with their folders: the paths are
 * built in memory, nothing is written (the completion tests type into the bench's own paths).
 */
export function benchSnapshot(files: number): IndexSnapshot {
  const entries = new Map<string, WorkspaceEntry>();
  for (const file of workspacePaths(files)) {
    entries.set(file, { path: file, kind: 'file', size: 1 });
    for (let cut = file.lastIndexOf('/'); cut > 0; cut = file.lastIndexOf('/', cut - 1)) entries.set(file.slice(0, cut), { path: file.slice(0, cut), kind: 'folder', size: -1 });
  }
  const store = new EntryStore();
  store.replaceAll(entries.values());
  return store.snapshot();
}
