import type { ScanContext } from '../resolve';
import type { Warning } from '../../shared/warnings';

/**
 * A step every attached text passes before it is counted, stored, shown or sent (secret redaction,
 * invisible-Unicode neutralising). Steps are pure functions of the text.
 */
export type Sanitizer = (text: string, reference: string, context?: ScanContext) => Promise<{ text: string; warnings: Warning[] }>;

export type { ScanContext };

/** Runs the sanitizers in order, gathering their warnings. */
export async function sanitize(
  text: string,
  reference: string,
  steps: readonly Sanitizer[],
  context?: ScanContext,
): Promise<{ text: string; warnings: Warning[] }> {
  let current = text;
  const warnings: Warning[] = [];
  for (const step of steps) {
    // The context describes the text as resolved; only the first step sees it unchanged.
    const out = await step(current, reference, current === text ? context : undefined);
    current = out.text;
    warnings.push(...out.warnings);
  }
  return { text: current, warnings };
}
