import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The accessible names the page uses, which follow the UI language (English by default). */
export interface ComposerNames {
  prompt: string;
  preview: string;
  conversation: string;
  /** The Warnings tab's name without its count (docs/contract.md "Accessible names"). */
  warnings?: string;
}

/** The English names of docs/contract.md "Accessible names". */
export const ENGLISH_NAMES: ComposerNames = { prompt: 'Prompt', preview: 'Preview', conversation: 'Conversation', warnings: 'Warnings' };

/** Locators and actions on the composer page shared by the specs (docs/contract.md "Accessible names"). */
export function composerPage(page: Page, names: ComposerNames = ENGLISH_NAMES) {
  const prompt = () => page.getByRole('textbox', { name: names.prompt });
  const warningsName = names.warnings ?? 'Warnings';
  /** The side panel's Preview tab's panel (visible while that tab is chosen, the default). */
  const preview = () => page.getByRole('tabpanel', { name: names.preview, exact: true });
  /** The side panel's Warnings tab's panel (visible once that tab is chosen: {@link showWarnings}). */
  const warnings = () => page.getByRole('tabpanel', { name: warningsName, exact: true });
  const conversation = () => page.getByRole('region', { name: names.conversation });

  /** Chooses the Warnings tab of the side panel and returns its panel. */
  async function showWarnings() {
    await page.getByRole('tab', { name: warningsName }).click();
    return warnings();
  }

  /** Chooses the Preview tab of the side panel (the default) and returns its panel. */
  async function showPreview() {
    await page.getByRole('tab', { name: names.preview, exact: true }).click();
    return preview();
  }

  /**
   * Waits until the expansion of the current text arrived. The meters' line is always on screen
   * (the preview is behind its tab), and is busy exactly while the preview is. The bound is for a
   * hung page on a busy machine (documents start their reader first), not a speed claim.
   */
  async function settle(): Promise<void> {
    await expect.poll(() => page.locator('.meters').getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
  }

  async function clearPrompt(): Promise<void> {
    // Focus, not a click: a chip card may sit over the text (Escape would close it; Ctrl+A does not care).
    await prompt().focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await settle();
  }

  /** Types `text` (closing any completion list) and waits for its expansion. */
  async function write(text: string): Promise<void> {
    await prompt().click();
    await page.keyboard.type(text);
    await page.keyboard.press('Escape');
    await settle();
  }

  /** The latest run in the conversation. */
  const lastTurn = () => conversation().locator('li.turn').last();

  return { prompt, preview, warnings, showWarnings, showPreview, conversation, settle, clearPrompt, write, lastTurn };
}
