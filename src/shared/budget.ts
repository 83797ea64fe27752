import type { Limits } from './limits';

/** What the token and size budget is computed from. */
export interface BudgetInput {
  /** Tokens of the prompt as sent (0 when not counted yet). */
  promptTokens: number;
  /** The references that passed the byte limits, in the order written: their tokens and bytes. */
  attached: ReadonlyArray<{ tokens: number; bytes: number }>;
  contextLength: number;
  limits: Pick<Limits, 'softTokenRatio' | 'hardTokenRatio'>;
}

/**
 * Where the attached tokens stand: `within` the soft limit, past it (`soft`: attached with a
 * warning), or past the hard limit (`hard`: nothing is attached).
 */
export type BudgetState = 'within' | 'soft' | 'hard';

/** Below this share of the context left for the answer, the prompt is said to leave too little room. */
export const ANSWER_ROOM_RATIO = 0.25;

/** The figures of one budget. */
export interface Budget {
  promptTokens: number;
  attachedTokens: number;
  attachedBytes: number;
  /** Prompt and attached tokens together, against `contextLength`. */
  totalTokens: number;
  contextLength: number;
  softTokenLimit: number;
  hardTokenLimit: number;
  state: BudgetState;
  /** True when prompt and attachments leave less than {@link ANSWER_ROOM_RATIO} of the context for the answer. */
  noRoomForAnswer: boolean;
}

/**
 * The one budget computation (docs/contract.md "Limits"): soft and hard limits are fractions of the context length,
 * and the attached tokens are held against them. The engine decides with it; the renderer and the
 * CLI draw its figures. Pure and cheap, so a change of context length or limits recomputes only this.
 */
export function computeBudget(input: BudgetInput): Budget {
  const { contextLength, limits } = input;
  const softTokenLimit = Math.floor(contextLength * limits.softTokenRatio);
  const hardTokenLimit = Math.floor(contextLength * limits.hardTokenRatio);
  let attachedTokens = 0;
  let attachedBytes = 0;
  for (const r of input.attached) {
    attachedTokens += r.tokens;
    attachedBytes += r.bytes;
  }
  const state: BudgetState = attachedTokens > hardTokenLimit ? 'hard' : attachedTokens > softTokenLimit ? 'soft' : 'within';
  return {
    promptTokens: input.promptTokens,
    attachedTokens,
    attachedBytes,
    totalTokens: input.promptTokens + attachedTokens,
    contextLength,
    softTokenLimit,
    hardTokenLimit,
    state,
    noRoomForAnswer: input.promptTokens + attachedTokens > contextLength * (1 - ANSWER_ROOM_RATIO),
  };
}
