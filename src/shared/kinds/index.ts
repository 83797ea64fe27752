import type { KindDescriptor, KindSyntax } from './descriptor';
import { diffKind } from './diff';
import { fileKind } from './file';
import { folderKind } from './folder';
import { gitKind } from './git';
import { imageKind } from './image';
import { resultKind } from './result';
import { stagedKind } from './staged';
import { urlKind } from './url';

export type { ChipLabel, CompletionSource, DeadlineLimit, KindDescriptor, KindSyntax, UiCatalogueKey, ValueSyntax } from './descriptor';

/**
 * Every kind of the product, in the order the composer offers them. Adding a kind here is the one
 * registration: `ReferenceKind` grows by it, and every `Record<ReferenceKind, …>` that lacks it
 * (the resolvers in main) stops compiling.
 */
export const KIND_DESCRIPTORS = {
  file: fileKind,
  folder: folderKind,
  diff: diffKind,
  staged: stagedKind,
  git: gitKind,
  url: urlKind,
  result: resultKind,
  image: imageKind,
} as const satisfies { readonly [K in string]: KindDescriptor<K> };

/** One of the product's reference kinds. */
export type ReferenceKind = keyof typeof KIND_DESCRIPTORS;

/** Every kind, in the order the composer offers them. */
export const REFERENCE_KINDS = Object.keys(KIND_DESCRIPTORS) as [ReferenceKind, ...ReferenceKind[]];

/** Kinds written bare (`@diff`), without a `:VALUE`. */
export const BARE_KINDS: ReadonlySet<ReferenceKind> = new Set(REFERENCE_KINDS.filter((k) => KIND_DESCRIPTORS[k].bare));

/** The descriptor of `kind`. */
export function kindDescriptor<K extends ReferenceKind>(kind: K): (typeof KIND_DESCRIPTORS)[K] {
  return KIND_DESCRIPTORS[kind];
}

/** The kinds a parser knows, by name: the product's, and in tests any kind given beside them. */
export type KindTable = ReadonlyMap<string, KindSyntax>;

/** The product's kinds as a {@link KindTable}. */
export const PRODUCT_KINDS: KindTable = new Map(REFERENCE_KINDS.map((k) => [k, KIND_DESCRIPTORS[k]]));

/** The product's kinds and `extra` ones (a kind defined in a test); an extra kind may not reuse a product kind's name. */
export function withKinds(extra: readonly KindSyntax[]): KindTable {
  const table = new Map(PRODUCT_KINDS);
  for (const kind of extra) {
    if (table.has(kind.name)) throw new Error(`kind "${kind.name}" is already defined`);
    if (!/^[a-z]+$/.test(kind.name)) throw new Error(`kind "${kind.name}" must be lowercase ASCII letters`);
    table.set(kind.name, kind);
  }
  return table;
}
