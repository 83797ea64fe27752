import { combineConfig, Facet } from '@codemirror/state';
import type { AtmarkApi } from '../../../shared/api/contract';
import type { Language } from '../../../shared/i18n';
import { DEFAULT_LIMITS } from '../../../shared/limits';

/**
 * What reference completion is configured with, given to {@link referenceCompletionConfig} (as
 * @codemirror/autocomplete's own `completionConfig` is given its options). Read by the source, the
 * rows and their marks from the editor state, so nothing of it lives in a module-level variable.
 */
export interface ReferenceCompletionConfig {
  /** Where paths, commits, results and preview cards come from. Default: none, and nothing is offered. */
  api?: AtmarkApi | null;
  /** The UI language of the moment, for the rows' details. Default: English. */
  language?: () => Language;
  /** The per-reference limit of the moment: a larger text file is offered as its first lines. Default: the product's. */
  maxReferenceBytes?: () => number;
  /** Paths asked for per query; a list this long ends with a "more" row. Default: 30. */
  pathLimit?: number;
}

/** The configuration with every default filled in. */
export type ReferenceCompletionSettings = Required<ReferenceCompletionConfig>;

/** The defaults of {@link ReferenceCompletionConfig}. */
export const REFERENCE_COMPLETION_DEFAULTS: ReferenceCompletionSettings = {
  api: null,
  language: () => 'en',
  maxReferenceBytes: () => DEFAULT_LIMITS.maxReferenceBytes,
  pathLimit: 30,
};

/**
 * The facet reference completion reads its configuration from. Several values combine as
 * CodeMirror combines its own (`combineConfig`): a field given by two of them is a configuration
 * error, so a later extension cannot silently swap the API under an earlier one; only the path
 * limit combines, the smaller one winning.
 */
export const referenceCompletionConfig = Facet.define<ReferenceCompletionConfig, ReferenceCompletionSettings>({
  combine: (configs) => combineConfig<ReferenceCompletionSettings>(configs, REFERENCE_COMPLETION_DEFAULTS, { pathLimit: Math.min }),
});

/** What rows are built with for one query: the API (for cards), the UI language, the per-reference limit and the path limit. */
export interface RowEnv {
  api: AtmarkApi | null;
  language: Language;
  maxBytes: number;
  pathLimit: number;
}

/** The {@link RowEnv} of this moment, from the combined configuration. */
export function rowEnvOf(settings: ReferenceCompletionSettings): RowEnv {
  return { api: settings.api, language: settings.language(), maxBytes: settings.maxReferenceBytes(), pathLimit: settings.pathLimit };
}
