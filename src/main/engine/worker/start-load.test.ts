import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the built engine worker (`dist/engine-worker.mjs`, built by `pretest`) loads as it starts:
 * its entry and every chunk reached through a static import, followed file by file. The session
 * store and zod, which it needs only for `@result` (the saved runs' records), come through a dynamic
 * import: loaded at start, they cost the worker's hello about 40 ms (issue 27).
 */
const DIST = path.resolve('dist');

/** The files a start loads: the entry and its static imports, transitively. */
function loadedAtStart(entry: string): { files: string[]; external: string[] } {
  const files: string[] = [];
  const external = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file)) continue;
    files.push(file);
    const text = readFileSync(path.join(DIST, file), 'utf8');
    // Static imports only: `from "x"` and `import "x"`; `import("x")` is loaded when it runs.
    for (const m of text.matchAll(/(?:\bfrom|\bimport) ?"([^"]+)"/g)) {
      const specifier = m[1] as string;
      if (specifier.startsWith('./')) queue.push(specifier.slice(2));
      else if (!specifier.startsWith('node:')) external.add(specifier);
    }
  }
  return { files, external: [...external] };
}

describe('the built engine worker', () => {
  it('starts without zod and the session store, and reaches them through a dynamic import', () => {
    const { files, external } = loadedAtStart('engine-worker.mjs');
    expect(files.length).toBeGreaterThan(1);
    const inside = JSON.parse(readFileSync(path.join(DIST, 'bundled-packages.json'), 'utf8')) as Record<string, string[]>;
    expect(files.filter((f) => inside[f]?.includes('zod'))).toEqual([]);
    expect(external).not.toContain('zod');
    const sources = files.map((f) => readFileSync(path.join(DIST, f), 'utf8'));
    expect(sources.some((s) => s.includes('// src/main/sessions/session-store.ts'))).toBe(false);
    // Still there, for `@result`: a chunk the worker imports when it is asked for.
    const dynamic = sources.flatMap((s) => [...s.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1] as string));
    const later = dynamic.flatMap((f) => loadedAtStart(f).files);
    expect(later.some((f) => readFileSync(path.join(DIST, f), 'utf8').includes('// src/main/sessions/session-store.ts'))).toBe(true);
  });
});
