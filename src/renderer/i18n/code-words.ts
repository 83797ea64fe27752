import type { EndpointPresetId } from '../../shared/api/session-types';
import type { RunStatus } from '../../shared/session-records';
import type { ReferenceStatus } from '../../shared/expansion';
import { KIND_DESCRIPTORS, REFERENCE_KINDS, type ReferenceKind } from '../../shared/kinds';
import type { WarningCode } from '../../shared/warnings';
import type { UiKey } from './said';

/**
 * The words for Atmark's stable codes: warning codes, reference and run statuses, kinds and chip
 * states. The codes stay what they are in data attributes, files and tests; only these words are
 * shown. Literal keys (never built from the code) so the renderer-text test sees every key in use;
 * a kind's words are its descriptor's (src/shared/kinds/), which that test reads too.
 */

/** A warning's code, as the Warnings list shows it. */
export const WARNING_CODE_KEYS: Readonly<Record<WarningCode, UiKey>> = {
  malformed: 'ui.warnings.code.malformed',
  not_found: 'ui.warnings.code.not_found',
  blocked: 'ui.warnings.code.blocked',
  too_large: 'ui.warnings.code.too_large',
  limit_exceeded: 'ui.warnings.code.limit_exceeded',
  failed: 'ui.warnings.code.failed',
  soft_limit: 'ui.warnings.code.soft_limit',
  clamped: 'ui.warnings.code.clamped',
  redacted: 'ui.warnings.code.redacted',
};

/** A citation's status, as a reopened run shows it: `attached`, or the warning code that stopped it, in the warnings' words. */
export const REFERENCE_STATUS_KEYS: Readonly<Record<ReferenceStatus, UiKey>> = {
  attached: 'ui.refStatus.attached',
  ...WARNING_CODE_KEYS,
};

/** A run's status, as the conversation and the history show it. */
export const RUN_STATUS_KEYS: Readonly<Record<RunStatus, UiKey>> = {
  expanded: 'ui.runStatus.expanded',
  running: 'ui.runStatus.running',
  interrupted: 'ui.runStatus.interrupted',
  done: 'ui.runStatus.done',
  stopped: 'ui.runStatus.stopped',
  failed: 'ui.runStatus.failed',
};

/** A reference's kind, as its chip shows it: the descriptor's name key. */
export const KIND_KEYS: Readonly<Record<ReferenceKind, UiKey>> = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, KIND_DESCRIPTORS[kind].catalogue.name]),
) as Record<ReferenceKind, UiKey>;

/** A chip's state (`resolving`, `ok`, `warning`, `blocked`), as the chip shows it. */
export const CHIP_STATE_KEYS: Readonly<Record<'resolving' | 'ok' | 'warning' | 'blocked', UiKey>> = {
  resolving: 'ui.chip.state.resolving',
  ok: 'ui.chip.state.ok',
  warning: 'ui.chip.state.warning',
  blocked: 'ui.chip.state.blocked',
};

/** A preset's name, in the UI language (the product names stay as their makers write them). */
export const PRESET_NAME_KEYS: Readonly<Record<EndpointPresetId, UiKey>> = {
  openai: 'ui.preset.openai',
  anthropic: 'ui.preset.anthropic',
  gemini: 'ui.preset.gemini',
  openrouter: 'ui.preset.openrouter',
  ollama: 'ui.preset.ollama',
  lmstudio: 'ui.preset.lmstudio',
  vllm: 'ui.preset.vllm',
  llamacpp: 'ui.preset.llamacpp',
  custom: 'ui.preset.custom',
};
