import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { enCompose } from '../../shared/i18n/catalogues/en-compose';
import { enUi } from '../../shared/i18n/catalogues/en-ui';

/**
 * Guards the rule "code never holds a sentence a person reads" (STYLE 10) for the renderer: every
 * visible word comes from the ui catalogues. The TypeScript compiler walks every .ts/.tsx file of
 * src/renderer (tests aside) and reports text a person would read that is written in the code, and
 * every `ui.*` or `compose.*` key the code names that the catalogues lack (or that en-ui.ts holds
 * and no code uses).
 *
 * Reads files through `ts.sys`, so this file needs no Node types (it is compiled with the renderer).
 */

/** One piece of literal text found in the code. */
interface Finding {
  where: string;
  text: string;
  why: string;
}

const RENDERER = decodeURIComponent(new URL('..', import.meta.url).pathname).replace(/\/$/, '');

// ---- The allow-list: what may be written in code, and why ----------------------------------------

/**
 * Files that hold no words for people: CodeMirror's theme is CSS written as objects; the reply's
 * Markdown renderer writes HTML markup, its one word (the copy button's) passed in from the catalogue.
 */
const SKIPPED_FILES = [/\/composer\/theme\.ts$/, /\/conversation\/markdown\.ts$/, /\.test\.tsx?$/, /\.d\.ts$/];

/** Text that is the same in every language: the product's name. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Atmark']);

/**
 * JSX attributes a person reads (or hears from a screen reader), and the props through which
 * Atmark's own components take words (`<Meter name text>`). Others (className, id, role, data-*,
 * aria-controls, value, key ...) are machine values.
 */
const READABLE_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'placeholder', 'alt', 'label', 'name', 'text', 'detail', 'message']);

/** Object properties a person reads when they hold text (completion options, CodeMirror attributes, errors). */
const READABLE_PROPERTIES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'detail', 'info', 'message', 'description']);

/** DOM properties a person reads when code assigns them. */
const READABLE_DOM_PROPERTIES = new Set(['title', 'textContent', 'innerText', 'placeholder', 'ariaLabel', 'alt']);

/** Calls whose string arguments are shown to a person (notices, panel problems, CodeMirror's placeholder). */
const SHOWING_CALLS = new Set(['notify', 'show', 'setProblem', 'setMessage', 'setSendError', 'placeholder', 'alert', 'confirm']);

/** Arguments of these calls are catalogue keys, not words. */
const KEY_CALLS = new Set(['t', 'uiText', 'text', 'translate']);

/** Values that are codes in a showing call's arguments (the notice kind, and its cause). */
const CODE_WORDS = new Set(['info', 'error', 'send', 'drop']);

// ---- The checker --------------------------------------------------------------------------------

const LETTER = /\p{L}/u;
/** Two words in a row: a sentence or a phrase, wherever it is written. */
const PHRASE = /\p{L}{2,}[ \u3000]+\p{L}{2,}/u;

/** A key of the renderer's catalogues (`ui.actions.send`, `compose.x`): a name for words, not words. */
const KEY = /^(ui|compose)\.[\w.]+$/;

function isAllowedText(s: string): boolean {
  const trimmed = s.trim();
  // References are syntax, the same in every language (`@result:ID` shown as a citation).
  return !LETTER.test(trimmed) || SAME_IN_EVERY_LANGUAGE.has(trimmed) || trimmed.startsWith('@') || KEY.test(trimmed);
}

/** True inside a `className` attribute or an assignment to `.className`: CSS classes, not words. */
function inClassName(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) return attributeName(n) === 'className';
    if (ts.isBinaryExpression(n) && ts.isPropertyAccessExpression(n.left) && n.left.name.text === 'className') return true;
    if (ts.isStatement(n)) return false;
  }
  return false;
}

function calleeName(call: ts.CallExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

/** The literal text pieces of a string or template literal (template holes left out). */
function literalParts(node: ts.Node): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  return null;
}

function attributeName(attribute: ts.JsxAttribute): string {
  return attribute.name.getText();
}

/**
 * Literal text a person reads within `node` (an expression in JSX or an argument), skipping keys,
 * comparisons and nested JSX attributes; `codes` are words allowed here as values (a notice's kind).
 */
function readableLiterals(node: ts.Node, codes: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    // Nested JSX and attributes are visited on their own (with their names).
    if (ts.isJsxAttribute(n) || ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) return;
    if (ts.isCallExpression(n) && KEY_CALLS.has(calleeName(n))) return;
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(n.operatorToken.kind)) return;
    if (ts.isElementAccessExpression(n)) return visit(n.expression);
    const parts = literalParts(n);
    if (parts) {
      const whole = parts.join('');
      if (!isAllowedText(whole) && !codes.has(whole)) found.push(whole);
      if (ts.isTemplateExpression(n)) n.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Every piece of literal text a person would read in `source`. */
export function literalTexts(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const add = (node: ts.Node, text: string, why: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push({ where: `${fileName}:${line + 1}`, text, why });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && !isAllowedText(node.text)) add(node, node.text.trim(), 'JSX text');
    if (ts.isJsxAttribute(node) && READABLE_ATTRIBUTES.has(attributeName(node)) && node.initializer) {
      const texts = ts.isStringLiteral(node.initializer) ? (isAllowedText(node.initializer.text) ? [] : [node.initializer.text]) : readableLiterals(node.initializer);
      texts.forEach((t) => add(node, t, `attribute ${attributeName(node)}`));
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      readableLiterals(node.expression).forEach((t) => add(node, t, 'JSX child'));
    }
    if (ts.isCallExpression(node) && SHOWING_CALLS.has(calleeName(node))) {
      for (const arg of node.arguments) readableLiterals(arg, CODE_WORDS).forEach((t) => add(arg, t, `argument of ${calleeName(node)}()`));
    }
    if (ts.isPropertyAssignment(node) && READABLE_PROPERTIES.has(node.name.getText(file).replace(/^['"]|['"]$/g, ''))) {
      readableLiterals(node.initializer).forEach((t) => add(node, t, `property ${node.name.getText(file)}`));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && READABLE_DOM_PROPERTIES.has(node.left.name.text)) {
      readableLiterals(node.right).forEach((t) => add(node, t, `assignment to .${node.left.getText(file)}`));
    }
    // A phrase anywhere else is a sentence waiting to be shown; developer-facing errors
    // (`new Error(...)`, broken invariants) and CSS class lists are not for people.
    const parts = literalParts(node);
    if (parts) {
      const whole = parts.join('');
      const inError = ts.isNewExpression(node.parent) && node.parent.expression.getText(file) === 'Error';
      const isImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
      if (PHRASE.test(whole) && !inError && !inClassName(node) && !isImport && !isAllowedText(whole) && !findings.some((f) => f.text === whole)) add(node, whole, 'phrase in code');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

/** Every `'ui.…'` and `'compose.…'` key the code names. */
function namedKeys(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEY.test(node.text)) keys.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return keys;
}

function rendererFiles(): string[] {
  return ts.sys.readDirectory(RENDERER, ['.ts', '.tsx']).filter((f) => !SKIPPED_FILES.some((skip) => skip.test(f)));
}

/** The kind descriptors (src/shared/kinds/): they hold each kind's `ui.*` keys, which the renderer shows. */
function kindFiles(): string[] {
  return ts.sys.readDirectory(`${RENDERER.replace(/\/renderer$/, '')}/shared/kinds`, ['.ts']).filter((f) => !SKIPPED_FILES.some((skip) => skip.test(f)));
}

/** The keys of a catalogue section as code names them: `ui.a.b`; plural forms (`_one`, `_other`) by their base. */
function catalogueKeys(tree: object, prefix: string): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k.replace(/_(one|other)$/, '')}`] : catalogueKeys(v as object, `${prefix}${k}.`)));
}

// ---- The tests ----------------------------------------------------------------------------------

describe('the renderer holds no words for people', () => {
  it('finds the renderer sources', () => {
    expect(rendererFiles().length).toBeGreaterThan(20);
  });

  it('no component renders a literal string (every visible word comes from the ui catalogues)', () => {
    const findings = rendererFiles().flatMap((f) => literalTexts(f.slice(RENDERER.length + 1), ts.sys.readFile(f) ?? ''));
    expect(findings).toEqual([]);
  });

  it('every key the renderer names is in the catalogues, and every key of en-ui.ts is used', () => {
    const ui = catalogueKeys(enUi, 'ui.');
    const known = new Set([...ui, ...catalogueKeys(enCompose, 'compose.')]);
    const named = new Set([...rendererFiles(), ...kindFiles()].flatMap((f) => namedKeys(f, ts.sys.readFile(f) ?? '')));
    expect([...named].filter((k) => !known.has(k))).toEqual([]);
    // The compose section is filled as the composer's own work lands; the ui section is this folder's alone.
    expect(ui.filter((k) => !named.has(k))).toEqual([]);
  });
});

describe('the checker itself', () => {
  const check = (source: string) => literalTexts('x.tsx', source).map((f) => `${f.why}: ${f.text}`);

  it('flags text in JSX, readable attributes, notices, options and DOM properties', () => {
    expect(
      check(`
        const a = <button title="Send now">Send</button>;
        const b = <input placeholder={busy ? 'Wait' : ui.t('ui.x')} aria-label="Path" />;
        const c = <p>{ok ? 'Done' : ''}</p>;
        notify('error', 'It failed');
        notify('info', \`Opened \${name}.\`);
        const d = { label: '@file:', detail: 'a text file' };
        chip.title = 'resolving';
        const e = 'Something went wrong here';
      `),
    ).toEqual([
      'attribute title: Send now',
      'JSX text: Send',
      'attribute placeholder: Wait',
      'attribute aria-label: Path',
      'JSX child: Done',
      'argument of notify(): It failed',
      'argument of notify(): Opened .',
      'property detail: a text file',
      'assignment to .chip.title: resolving',
      'phrase in code: Something went wrong here',
    ]);
  });

  it('lets through keys, codes, class names, references, symbols, comparisons and developer errors', () => {
    expect(
      check(`
        const a = <button className="link primary" data-code="not_found" onClick={() => toggle('settings')}>{ui.t('ui.app.close')}</button>;
        const b = <code>@result:{id}</code>;
        const c = <span>×</span>;
        const d = <p>{kind === 'folder' ? '/' : ''}</p>;
        notify('error', uiText('ui.drop.filePathHidden'));
        throw new Error('AppContext missing: render inside the provider');
        import { x } from './some module';
        const e = <h1>Atmark</h1>;
      `),
    ).toEqual([]);
  });
});
