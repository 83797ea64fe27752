/**
 * When the extraction workers are worth warming before anyone asks for a document: a workspace
 * that holds some near its top (the app and the browser host warm one worker when such a workspace
 * opens). A message that names one is told by src/shared/documents-mentioned.ts, which the CLI
 * asks before it loads any of this. Warming costs a worker's memory and a second of CPU, so
 * workspaces of code alone are left cold.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { documentFormatOfName } from '../../shared/documents';

/**
 * True for a file whose presence is worth a warm worker: any document but an `.html` page, which
 * every web project holds and whose reader (the page path) is light to load.
 */
function warmsWorkers(name: string): boolean {
  const format = documentFormatOfName(name);
  return format !== null && format !== 'html';
}

/** Folders never looked in: hidden ones and dependency trees. */
const SKIPPED = /^(\.|node_modules$|vendor$|target$|dist$|build$)/;

/**
 * True when a document lies within two folder levels of `root`, looking at no more than `budget`
 * entries (breadth-first, so the top is seen first). Never throws: an unreadable folder is skipped.
 */
export async function hasDocumentsNear(root: string, budget = 2_000): Promise<boolean> {
  let folders = [root];
  let seen = 0;
  for (let depth = 0; depth <= 2 && folders.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of folders) {
      const entries = await fsp.readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (++seen > budget) return false;
        if (entry.isFile() && warmsWorkers(entry.name)) return true;
        if (entry.isDirectory() && !SKIPPED.test(entry.name)) next.push(path.join(folder, entry.name));
      }
    }
    folders = next;
  }
  return false;
}
