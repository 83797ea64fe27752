import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The first frame's script holds no Markdown renderer (issue 27, start -> interactive): marked,
 * DOMPurify and highlight.js are loaded with the conversation's turns, a chunk of their own
 * (panels/conversation/turns-chunk.ts). A static import of them, or of a module that imports them,
 * from anything main.tsx imports would put them back in the first frame's file, and nothing else
 * would say so. The bundler puts in the first frame what main.tsx reaches through static imports;
 * this walks the same graph with the TypeScript compiler (type-only imports and `import()` left out).
 *
 * Reads files through `ts.sys`, so this file needs no Node types (it is compiled with the renderer).
 */

const RENDERER = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(/\/$/, '');

/** The libraries that render a reply. */
const MARKDOWN_PACKAGES = ['marked', 'dompurify', 'highlight.js'];

/** The file a relative specifier names, as the bundler resolves it; null for anything but TypeScript. */
function resolveFile(from: string, specifier: string): string | null {
  const base = decodeURIComponent(new URL(specifier, `file://${from.slice(0, from.lastIndexOf('/') + 1)}`).pathname);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && ts.sys.fileExists(candidate)) return candidate;
  }
  return null;
}

/** The source files and the packages `entry` reaches through static imports and re-exports. */
function staticReach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    for (const statement of source.statements) {
      let specifier: string | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (specifier === undefined) continue;
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const next = resolveFile(file, specifier);
        if (next) visit(next);
      }
    }
  };
  visit(entry);
  return { files, packages };
}

const isMarkdownPackage = (name: string) => MARKDOWN_PACKAGES.some((p) => name === p || name.startsWith(`${p}/`));

describe("the first frame's script", () => {
  it('reaches no Markdown renderer through static imports', () => {
    const { files, packages } = staticReach(`${RENDERER}/main.tsx`);
    expect(files.has(`${RENDERER}/composer/Composer.tsx`)).toBe(true); // the walk followed main.tsx's imports
    expect([...packages].filter(isMarkdownPackage)).toEqual([]);
    expect([...files].filter((f) => /\/conversation\/(markdown\.ts|Turns\.tsx)$/.test(f))).toEqual([]);
  });

  it('leaves them to the turns, which reach them', () => {
    const { packages } = staticReach(`${RENDERER}/panels/conversation/Turns.tsx`);
    expect(MARKDOWN_PACKAGES.every((p) => [...packages].some((name) => name === p || name.startsWith(`${p}/`)))).toBe(true);
  });
});
