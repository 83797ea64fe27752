/**
 * File names typed in one Unicode normalization form and stored in the other: macOS writes names
 * decomposed (NFD: `가` as `ᄀ` + `ᅡ`, `ガ` as `カ` + `゙`), keyboards and IMEs type them composed
 * (NFC), and a folder copied from a Mac to Linux keeps the decomposed bytes. Linux file systems
 * compare bytes, so `@file:가나다.md` would miss `가나다.md` stored in NFD.
 *
 * This only finds the spelling; it judges nothing. The path it returns goes through the same
 * containment and protected-path checks as any other, on its real path, and what is opened is
 * checked again on the descriptor.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';

const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The path under `root` whose segments equal those of `target` up to normalization (compared in
 * NFC), trying the stored names only for segments whose exact spelling is missing. Returns null
 * when `target` is not under `root`, is all ASCII, or no stored spelling matches. When several
 * stored names match one segment (possible on Linux), the first in code-point order is taken.
 */
export async function findOtherNormalization(root: string, target: string, signal: AbortSignal): Promise<string | null> {
  const rel = path.relative(root, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) || !NON_ASCII.test(rel)) return null;
  let current = root;
  let changed = false;
  for (const segment of rel.split(path.sep)) {
    if (signal.aborted) return null;
    const exact = path.join(current, segment);
    if (await exists(exact)) {
      current = exact;
      continue;
    }
    const stored = NON_ASCII.test(segment) ? await storedSpelling(current, segment) : null;
    if (stored === null) return null;
    current = path.join(current, stored);
    changed = true;
  }
  return changed ? current : null;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fsp.lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** The name in `folder` that equals `segment` in NFC but is spelled otherwise, or null. */
async function storedSpelling(folder: string, segment: string): Promise<string | null> {
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch {
    return null;
  }
  const wanted = segment.normalize('NFC');
  const matches = names.filter((name) => name !== segment && name.normalize('NFC') === wanted).sort();
  return matches[0] ?? null;
}
