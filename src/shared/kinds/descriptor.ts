import type { Limits } from '../limits';
import type { MessageKey } from '../i18n/text';

/**
 * What Atmark knows of one reference kind, in one place. The grammar reads the syntax, the engine
 * the deadline, the composer the completion source, the chip and the catalogue keys. A kind is
 * added by writing one descriptor beside the others (and its resolver in main): see CONTRIBUTING.md
 * "Add a reference kind".
 */

/**
 * What follows `@kind`: nothing (a bare kind, `@diff`), a path that may end in a line or page range
 * (`@file:a.ts:3-9`), a count (`@git:3`), or any value (`@folder:docs`, `@url:…`, `@result:ID`).
 */
export type ValueSyntax = 'none' | 'path-with-range' | 'count' | 'text';

/** The limit that bounds how long a reference of the kind may take before it `failed` (docs/contract.md "Limits"). */
export type DeadlineLimit = Extract<keyof Limits, 'gitTimeoutMs' | 'urlTimeoutMs' | 'folderTimeoutMs'>;

/**
 * The part of a descriptor the grammar and the engine need: enough for a kind that exists only in
 * a test (see test-support/echo-kind.ts), which has no chip and no words in the catalogues.
 */
export type KindSyntax<K extends string = string> = {
  /** The word after `@`: lowercase ASCII letters. */
  name: K;
  deadline: DeadlineLimit;
  /**
   * Whether the kind's bytes may go to a document reader, whose own budgets bound it: read `after`
   * the limit's work (`@url`: the page is fetched, then read) or `within` it (`@file`). The engine's
   * deadline is then only a backstop above the document clock (engine/deadline.ts).
   */
  documents?: 'after' | 'within';
} & ({ bare: true; value: 'none' } | { bare: false; value: Exclude<ValueSyntax, 'none'> });

/** Where completion finds values for the kind (the `source` of the API's `complete` call); null: none offered. */
export type CompletionSource = 'file' | 'folder' | 'git' | 'result' | null;

/** A key of the renderer's catalogue (`ui.*`, en-ui.ts). */
export type UiCatalogueKey = Extract<MessageKey, `ui.${string}`>;

/**
 * What a chip shows as the reference's name: a path's base name (with its lines or pages), a
 * folder's name with `/`, a URL's host, the value as written, fixed words, or words with the count.
 */
export type ChipLabel =
  | { from: 'path' }
  | { from: 'folder' }
  | { from: 'host' }
  | { from: 'value' }
  | { from: 'words'; key: UiCatalogueKey }
  | { from: 'count'; key: UiCatalogueKey };

/** Everything about a kind of the product: its syntax and deadline, completion, chip and words. */
export type KindDescriptor<K extends string = string> = KindSyntax<K> & {
  completion: CompletionSource;
  /** False for a kind the app writes and a person never types (`@image`, inserted by a paste): the `@` list leaves it out. */
  listed?: false;
  chip: {
    label: ChipLabel;
    /**
     * The icon of the kind's completion rows (CodeMirror's option type, drawn by the theme as
     * `.cm-completionIcon-<icon>`): `file`, `folder`, `constant` (a count), `variable` (a result id).
     */
    icon: 'file' | 'folder' | 'constant' | 'variable' | 'keyword';
  };
  /** The kind's words: its name (chips, citations) and a line of help (the `@` completion list). */
  catalogue: { name: UiCatalogueKey; help: UiCatalogueKey };
};
